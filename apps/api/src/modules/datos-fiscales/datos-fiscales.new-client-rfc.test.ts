import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RFC_FIXED_MESSAGE } from '@repo/contracts/datos-fiscales';
import { RFC_TAKEN_MESSAGE } from '@repo/contracts/enterprises';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { findDatosFiscales, setEnterpriseRfc } from './datos-fiscales.queries.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A valid RFC: 12 characters (moral) or 13 (física). */

/** A new client whose registration left the RFC empty (seeded with a throwaway RFC, then cleared). */
async function newClient(rfc = '') {
  const e = await seedEnterprise(t.deps, {
    rfc: rfc || rfcAleatorio('moral'),
    setupCompleted: false,
    razon_social: '',
  });
  if (!rfc) {
    await setEnterpriseRfc(t.deps.db, e.enterpriseId, '');
  }
  const token = await issueNewClientToken(t.deps.db, e, new Date());
  return { ...e, token };
}

const datos = { razon_social: 'TALLER LOPEZ', regimen_fiscal: '601', codigo_postal: '06600' };
const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/new-client/datos-fiscales/${token}`, payload });

describe('PUT /api/new-client/datos-fiscales/:token with the RFC', () => {
  it('sets the RFC registration left empty, unique among enterprises', async () => {
    const taken = await seedEnterprise(t.deps, { rfc: rfcAleatorio('moral') });
    const c = await newClient();
    const takenRes = await put(c.token, {
      ...datos,
      rfc: (await findDatosFiscales(t.deps.db, taken.enterpriseId))!.rfc,
    });
    expect(takenRes.statusCode).toBe(422);
    expect(takenRes.json().dataError).toEqual({ rfc: [RFC_TAKEN_MESSAGE] });

    const bad = await put(c.token, { ...datos, rfc: 'XAXX01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toEqual({ rfc: ['el RFC ingresado no es válido'] });

    // A persona física RFC does not take régimen 601: nothing is saved, not even the RFC.
    const fisica = await put(c.token, { ...datos, rfc: rfcAleatorio('fisica') });
    expect(fisica.statusCode).toBe(422);
    expect(fisica.json().dataError.regimen_fiscal).toEqual([
      'El régimen fiscal no aplica a personas físicas',
    ]);
    expect((await findDatosFiscales(t.deps.db, c.enterpriseId))!.rfc).toBe('');

    const rfc = rfcAleatorio('moral');
    const saved = await put(c.token, { ...datos, rfc: rfc.toLowerCase() });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ ...datos, rfc });
  });

  it('keeps an RFC once set: the same one is accepted, another is refused', async () => {
    const rfc = rfcAleatorio('moral');
    const c = await newClient(rfc);
    expect((await put(c.token, { ...datos, rfc })).statusCode).toBe(200);
    expect((await put(c.token, datos)).json().data.rfc).toBe(rfc);
    const other = await put(c.token, { ...datos, rfc: rfcAleatorio('moral') });
    expect(other.statusCode).toBe(422);
    expect(other.json().dataError).toEqual({ rfc: [RFC_FIXED_MESSAGE] });
    expect((await findDatosFiscales(t.deps.db, c.enterpriseId))!.rfc).toBe(rfc);
  });
});
