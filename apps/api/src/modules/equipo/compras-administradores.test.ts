import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRADORES_NO_COMPRAN_MESSAGE, ROL_NO_PERMITE_MESSAGE } from '@repo/contracts/equipo';
import {
  seedEnterprise,
  seedMember,
  type SeededEnterprise,
} from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { auditoriaHelpers } from '../auditoria/auditoria.test-support.ts';
import { purchaseHelpers } from '../credits/credit-purchases.test-support.ts';

// Issue 27: "administrador (everything but ownership and credits purchase if the owner says so)".
// The owner's switch decides whether administrators buy credits; requireAuth reads it with the role
// on every request, so the next purchase follows it.
let t: TestApp;
let h: ReturnType<typeof purchaseHelpers>;
let owner: SeededEnterprise;
let admin: SeededEnterprise;
let facturista: SeededEnterprise;
let planId: number;

beforeAll(async () => {
  t = await buildTestApp();
  h = purchaseHelpers(t);
  owner = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), name: 'Dora Dueña' });
  admin = await seedMember(t.deps, owner.enterpriseId, 'administrador');
  facturista = await seedMember(t.deps, owner.enterpriseId, 'facturista');
  const [plan] = await h.plans(owner.headers);
  planId = plan!.id;
});
afterAll(async () => {
  await t.close();
});

const url = () => `/api/equipo/${String(owner.enterpriseId)}/compras-administradores`;

async function interruptor(who: SeededEnterprise, payload?: object) {
  const res = await t.app.inject({
    method: payload ? 'PUT' : 'GET',
    url: url(),
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

const compra = (who: SeededEnterprise) =>
  h.call('POST', '/api/payments/credits/pre-order', who.headers, {
    subscription_plan_id: planId,
    pre_order_id: randomUUID(),
  });

/** What the administrator's own session says of the enterprise (the SPA hides the purchase). */
async function enSesion(who: SeededEnterprise) {
  const res = await h.call(
    'POST',
    '/api/users/login',
    {},
    {
      email: who.email,
      password: who.password,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const empresas = res.body.data.user.enterprises as {
    id: number;
    administradores_compran: boolean;
  }[];
  return empresas.find((e) => e.id === owner.enterpriseId)?.administradores_compran;
}

describe("the owner's switch on administrators' purchases", () => {
  it('is on by default: the administrator buys as before', async () => {
    expect(await interruptor(owner)).toMatchObject({
      status: 200,
      body: { data: { administradores_compran: true } },
    });
    expect((await compra(admin)).status).toBe(200);
    expect(await enSesion(admin)).toBe(true);
  });

  it('turned off, refuses the administrator every purchase route and says why', async () => {
    expect(await interruptor(owner, { administradores_compran: false })).toMatchObject({
      status: 200,
      body: { data: { administradores_compran: false } },
    });
    const refused = await compra(admin);
    expect(refused).toMatchObject({
      status: 403,
      body: { dataError: ADMINISTRADORES_NO_COMPRAN_MESSAGE },
    });
    const reserve = await h.call(
      'POST',
      '/api/promotional-codes/detach-reserved-codes',
      admin.headers,
    );
    expect(reserve).toMatchObject({
      status: 403,
      body: { dataError: ADMINISTRADORES_NO_COMPRAN_MESSAGE },
    });
    expect(await enSesion(admin)).toBe(false);
    // Everything else stays the administrator's: the credit histories, the members.
    expect((await h.call('GET', '/api/user-credits-payments?page=1', admin.headers)).status).toBe(
      200,
    );
    expect(
      (await h.call('GET', `/api/equipo/${String(owner.enterpriseId)}`, admin.headers)).status,
    ).toBe(200);
    // The owner still buys.
    expect((await compra(owner)).status).toBe(200);
  });

  it('leaves the facturista as they were: never a purchase, everything else they had', async () => {
    expect(await compra(facturista)).toMatchObject({
      status: 403,
      body: { dataError: ROL_NO_PERMITE_MESSAGE },
    });
    expect((await h.call('GET', '/api/clients?page=1', facturista.headers)).status).toBe(200);
  });

  it('only the owner reads or changes it', async () => {
    for (const who of [admin, facturista]) {
      expect(await interruptor(who)).toMatchObject({
        status: 403,
        body: { dataError: ROL_NO_PERMITE_MESSAGE },
      });
      expect(await interruptor(who, { administradores_compran: true })).toMatchObject({
        status: 403,
        body: { dataError: ROL_NO_PERMITE_MESSAGE },
      });
    }
    // Still off: their attempts changed nothing.
    expect((await interruptor(owner)).body).toMatchObject({
      data: { administradores_compran: false },
    });
    // Another enterprise's owner finds no such enterprise.
    const stranger = await seedEnterprise(t.deps, { rfc: rfcAleatorio() });
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: stranger.headers,
      payload: { administradores_compran: true },
    });
    expect(res.statusCode).toBe(404);
    expect((await interruptor(owner)).body).toMatchObject({
      data: { administradores_compran: false },
    });
  });

  it('refuses a value that is not yes or no, changing nothing', async () => {
    const bad = await interruptor(owner, { administradores_compran: 'tal vez' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain(
      'Indique si los administradores pueden comprar créditos',
    );
    expect((await interruptor(owner)).body).toMatchObject({
      data: { administradores_compran: false },
    });
  });

  it('turned on again, the administrator buys; each change is in the log, a repeat is not', async () => {
    expect((await interruptor(owner, { administradores_compran: true })).status).toBe(200);
    expect((await interruptor(owner, { administradores_compran: true })).status).toBe(200);
    expect((await compra(admin)).status).toBe(200);
    const log = await auditoriaHelpers(t).bitacora(
      owner.enterpriseId,
      owner.headers,
      '&accion=compras_administradores',
    );
    expect(
      log.map((r) => ({ usuario: r.usuario, user_id: r.user_id, resumen: r.resumen })),
    ).toEqual([
      {
        usuario: expect.stringContaining('Dora Dueña') as unknown,
        user_id: owner.userId,
        resumen: 'Los administradores pueden comprar créditos: Sí',
      },
      {
        usuario: expect.stringContaining('Dora Dueña') as unknown,
        user_id: owner.userId,
        resumen: 'Los administradores pueden comprar créditos: No',
      },
    ]);
  });
});
