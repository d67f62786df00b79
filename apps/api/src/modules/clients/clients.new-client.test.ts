import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_CLIENT_TOKEN_INVALID_MESSAGE } from '@repo/contracts/new-client';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { countClients } from './clients.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A verified user whose enterprise is still in the initial configuration wizard. */
async function newClient() {
  const e = await seedEnterprise(t.deps, { setupCompleted: false });
  return { ...e, token: await issueNewClientToken(t.deps.db, e, new Date()) };
}

const client = {
  name_razon_social: 'PRIMER CLIENTE',
  rfc: 'PCL010203AB1',
  usoCfdi: 'G03',
  regimenFiscal: '601',
  address: { codigo_postal: '64000' },
};

describe('initial configuration wizard: the client step with the new-client token', () => {
  it('creates, lists, edits and deletes a client of the token enterprise, with the same rules', async () => {
    const c = await newClient();
    const base = `/api/new-client/clients/${c.token}`;
    const invalid = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { ...client, rfc: 'X' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      success: false,
      dataError: { rfc: ['el RFC ingresado no es válido'] },
    });
    expect(await countClients(t.deps.db, c.enterpriseId)).toBe(0);

    const created = await t.app.inject({ method: 'POST', url: base, payload: client });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data as { id: number };
    const list = await t.app.inject({ method: 'GET', url: base });
    expect(list.json().data).toEqual([expect.objectContaining({ id, rfc: 'PCL010203AB1' })]);

    const unique = await t.app.inject({
      method: 'POST',
      url: `${base}/rfc-unique`,
      payload: { rfc: 'PCL010203AB1' },
    });
    expect(unique.json()).toEqual({ success: true, data: { is_unique: false } });

    const put = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}`,
      payload: { ...client, usoCfdi: 'G01' },
    });
    expect(put.json().data).toMatchObject({ id, usoCfdi: 'G01' });
    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${id}` });
    expect(del.json()).toEqual({ success: true, data: null });
    expect(await countClients(t.deps.db, c.enterpriseId)).toBe(0);
  });

  it("refuses an unknown token and never reaches another enterprise's client", async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/new-client/clients/no-existe',
      payload: client,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, dataError: NEW_CLIENT_TOKEN_INVALID_MESSAGE });

    const owner = await seedEnterprise(t.deps);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: owner.headers,
      payload: client,
    });
    const { id } = created.json().data as { id: number };
    const c = await newClient();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/new-client/clients/${c.token}/${id}`,
      payload: { ...client, name_razon_social: 'AJENO' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/new-client/clients/${c.token}/${id}`,
    });
    expect(del.statusCode).toBe(404);
    expect(await countClients(t.deps.db, owner.enterpriseId)).toBe(1);
  });
});
