import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_CLIENT_TOKEN_INVALID_MESSAGE } from '@repo/contracts/new-client';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { ensureDefaultConfiguration } from '../enterprises/default-configuration.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { completeInitialConfiguration } from '../new-client/new-client.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A verified user whose enterprise is in the initial configuration, with the default groups. */
async function newClient() {
  const rfc = rfcAleatorio('moral');
  const e = await seedEnterprise(t.deps, { rfc, setupCompleted: false, razon_social: '' });
  await ensureDefaultConfiguration(t.deps.db, e.enterpriseId, rfc);
  const token = await issueNewClientToken(t.deps.db, e, new Date());
  return { ...e, token };
}

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

describe('initial configuration wizard: the product/service step with the new-client token', () => {
  it('registers a product with a default tax group, checks uniqueness and lists it', async () => {
    const c = await newClient();
    const base = `/new-client/products-services/${c.token}`;
    const rubros = (await inject('GET', `/new-client/rubros-impuesto/${c.token}`)).json().data as {
      id: number;
      name: string;
    }[];
    const iva16 = rubros.find((r) => r.name === 'IVA 16%');
    const product = {
      productServiceObj: { clave: '80101500' },
      unitsObj: { clave: 'E48' },
      unity_price: '1500.00',
      internal_code: 'ASESORIA',
      description: 'Asesoría contable mensual',
      taxesGroup: iva16?.id,
    };
    expect((await inject('GET', base)).json().data).toEqual([]);
    expect(
      (
        await inject('POST', `${base}/description-unique`, { description: product.description })
      ).json().data,
    ).toEqual({ is_unique: true });

    const created = await inject('POST', base, product);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      description: 'Asesoría contable mensual',
      product_service_key: '80101500',
      unit_key: 'E48',
      unity_price: '1500.00',
      taxesGroup: iva16?.id,
    });
    expect(
      (
        await inject('POST', `${base}/description-unique`, { description: product.description })
      ).json().data,
    ).toEqual({ is_unique: false });
    expect(
      (await inject('POST', `${base}/internal-code-unique`, { internal_code: 'asesoria' })).json()
        .data.is_unique,
    ).toBe(false);
    // The same description again is refused with the form's message.
    const again = await inject('POST', base, { ...product, internal_code: 'OTRO' });
    expect(again.statusCode).toBe(422);
    expect(
      ((await inject('GET', base)).json().data as { description: string }[]).map(
        (p) => p.description,
      ),
    ).toEqual(['Asesoría contable mensual']);

    // Once the configuration is complete the token no longer opens the step.
    await completeInitialConfiguration(t.deps.db, c.enterpriseId);
    const closed = await inject('GET', base);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().dataError).toBe(NEW_CLIENT_TOKEN_INVALID_MESSAGE);
  });
});
