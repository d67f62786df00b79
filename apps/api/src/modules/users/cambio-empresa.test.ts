import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPRESA_AJENA_MESSAGE } from '@repo/contracts/equipo';
import { enterpriseUsers } from '../../db/schema/enterprises.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { SESSION_EXPIRED_MESSAGE } from '../../http/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

// Issue 27: an accountant with three enterprises switches among them without signing out, and never
// sees one enterprise's data under another: the cross-tenant probes are repeated across each switch.
let t: TestApp;
let contador: SeededEnterprise;
const empresas: { id: number; rfc: string; cliente: number }[] = [];
let ajena: SeededEnterprise;

const cliente = (rfc: string) => ({
  name_razon_social: `CLIENTE DE ${rfc}`,
  rfc,
  usoCfdi: 'G03',
  regimenFiscal: '601',
  metodoPago: 'PUE',
  formaPago: '03',
  email: '',
  address: { codigo_postal: '64000' },
  description: '',
});

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const headers = { authorization: `Bearer ${token}` };
  return payload
    ? t.app.inject({ method, url, headers, payload })
    : t.app.inject({ method, url, headers });
}

beforeAll(async () => {
  t = await buildTestApp();
  // Random RFCs: an enterprise's RFC is unique, and the API suite runs twice on one database in CI.
  const rfcs = [rfcAleatorio(), rfcAleatorio(), rfcAleatorio('fisica')];
  contador = await seedEnterprise(t.deps, { rfc: rfcs[0]!, razon_social: 'UNO', credits: 4 });
  for (const [i, rfc] of rfcs.entries()) {
    const e =
      i === 0 ? contador : await seedEnterprise(t.deps, { rfc, razon_social: `EMPRESA ${i}` });
    if (i > 0) {
      await t.deps.db.insert(enterpriseUsers).values({
        enterprise_id: e.enterpriseId,
        user_id: contador.userId,
        role: i === 2 ? 'facturista' : 'propietario',
      });
    }
    const res = await call(e.token, 'POST', '/api/clients', cliente(`CL${'ABC'[i]}010203AB1`));
    expect(res.statusCode, res.body).toBe(201);
    empresas.push({ id: e.enterpriseId, rfc, cliente: res.json().data.id });
  }
  ajena = await seedEnterprise(t.deps, { rfc: rfcAleatorio() });
});
afterAll(async () => {
  await t.close();
});

describe('switching the active enterprise', () => {
  it('each switch sees only that enterprise, the old token ends, and the role is the one there', async () => {
    let token = contador.token;
    for (const [i, actual] of [...empresas, empresas[0]!].entries()) {
      const res = await call(token, 'POST', '/api/users/cambiar-empresa', {
        enterprise_id: actual.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const session = res.json().data;
      // The active enterprise is the first of the list (spec section 3).
      expect(session.user.enterprises).toHaveLength(3);
      expect(session.user.enterprises[0].id).toBe(actual.id);
      const old = await call(token, 'GET', '/api/clients');
      expect(old.statusCode).toBe(401);
      expect(old.json().dataError).toBe(SESSION_EXPIRED_MESSAGE);
      token = session.token;

      const list = await call(token, 'GET', '/api/clients');
      expect(
        list.json().data.data.map((c: { id: number }) => c.id),
        `switch ${i}`,
      ).toEqual([actual.cliente]);
      for (const otra of empresas.filter((e) => e.id !== actual.id)) {
        expect((await call(token, 'GET', `/api/clients/${otra.cliente}`)).statusCode).toBe(404);
        expect((await call(token, 'GET', `/api/datos-fiscales/${otra.id}`)).statusCode).toBe(404);
        expect(
          (await call(token, 'GET', `/api/series/${otra.id}/facturas-ingreso`)).statusCode,
        ).toBe(404);
      }
      const datos = await call(token, 'GET', `/api/datos-fiscales/${actual.id}`);
      expect(datos.json().data.rfc).toBe(actual.rfc);
      const credits = await call(token, 'GET', '/api/users/get-total-remaining-credits');
      expect(credits.json().data.user_total_remaining_credits).toBe(
        actual.id === empresas[0]!.id ? 4 : 0,
      );
      // The third enterprise made this user a facturista: no seals there, and only there.
      const seals = await call(
        token,
        'POST',
        `/api/sellos-fiscales/${actual.id}/get-cer-file-info`,
      );
      expect(seals.statusCode === 403, `seals on ${actual.rfc}`).toBe(
        actual.id === empresas[2]!.id,
      );
    }
  });

  it('an enterprise the user does not belong to is refused, and the session stays where it was', async () => {
    const { token } = await t.deps.tokens.sign({
      userId: contador.userId,
      enterpriseId: contador.enterpriseId,
    });
    const res = await call(token, 'POST', '/api/users/cambiar-empresa', {
      enterprise_id: ajena.enterpriseId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().dataError).toBe(EMPRESA_AJENA_MESSAGE);
    const still = await call(token, 'GET', '/api/clients');
    expect(still.statusCode).toBe(200);
  });
});
