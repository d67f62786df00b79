import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATOS_FISCALES_PENDING_MESSAGE,
  NEW_CLIENT_TOKEN_INVALID_MESSAGE,
} from '@repo/contracts/new-client';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { issueNewClientToken } from './new-client-links.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A valid, unique persona moral RFC. */

async function newClient() {
  const e = await seedEnterprise(t.deps, {
    rfc: rfcAleatorio('moral'),
    setupCompleted: false,
    razon_social: '',
  });
  const token = await issueNewClientToken(t.deps.db, e, new Date());
  return { ...e, token };
}

const finish = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/new-client/complete-initial-configuration/${token}` });

describe('POST /api/new-client/complete-initial-configuration/:newClientToken', () => {
  it('refuses to finish before the tax data are saved, and changes nothing', async () => {
    const c = await newClient();
    const res = await finish(c.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, dataError: DATOS_FISCALES_PENDING_MESSAGE });
    // The token still works: the wizard goes on.
    const datos = await t.app.inject({
      method: 'GET',
      url: `/api/new-client/datos-fiscales/${c.token}`,
    });
    expect(datos.statusCode).toBe(200);
  });

  it('completes the configuration, answers a session and ends the token', async () => {
    const c = await newClient();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/new-client/datos-fiscales/${c.token}`,
      payload: { razon_social: 'TALLER LOPEZ', regimen_fiscal: '601', codigo_postal: '06600' },
    });
    expect(put.statusCode).toBe(200);

    const res = await finish(c.token);
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session.enterprise).toMatchObject({ id: c.enterpriseId, razon_social: 'TALLER LOPEZ' });
    expect(session.user.email).toBe(c.email);

    // The session is a normal one: it reads the enterprise's tax data.
    const datos = await t.app.inject({
      method: 'GET',
      url: `/api/datos-fiscales/${c.enterpriseId}`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(datos.json().data.razon_social).toBe('TALLER LOPEZ');

    // The wizard is over: the token no longer opens it, and finishing twice is refused.
    const again = await finish(c.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().dataError).toBe(NEW_CLIENT_TOKEN_INVALID_MESSAGE);
  });
});
