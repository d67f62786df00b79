import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURACION_TERMINADA_MESSAGE } from '@repo/contracts/empresas';
import { RFC_INVALID_MESSAGE, RFC_TAKEN_MESSAGE } from '@repo/contracts/enterprises';
import { EMPRESA_AJENA_MESSAGE } from '@repo/contracts/equipo';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { listUserEnterprises } from '../users/users.queries.ts';

// "Agregar empresa" (issue 27): a second RFC from within the session, through the same initial
// configuration wizard as the first, isolated from it, with no welcome credits (decision 013).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const inject = (
  e: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    ...(e ? { headers: e.headers } : {}),
    ...(payload ? { payload } : {}),
  });

/** The user's enterprises, oldest membership first. */
const empresasDe = (e: SeededEnterprise) => listUserEnterprises(t.deps.db, e.userId);

/** Adds an enterprise and runs the wizard to its end: tax data, a client, finish. */
async function agregarYConfigurar(e: SeededEnterprise, rfc: string) {
  const add = await inject(e, 'POST', '/api/empresas', { rfc: rfc.toLowerCase() });
  expect(add.statusCode, add.body).toBe(201);
  const { enterprise_id: id, new_client_token: token } = add.json().data;
  const datos = await inject(null, 'PUT', `/api/new-client/datos-fiscales/${token}`, {
    razon_social: 'SEGUNDA EMPRESA',
    regimen_fiscal: '601',
    codigo_postal: '06600',
  });
  expect(datos.statusCode, datos.body).toBe(200);
  const client = await inject(null, 'POST', `/api/new-client/clients/${token}`, {
    name_razon_social: 'CLIENTE DE LA SEGUNDA',
    rfc: 'CACX7605101P8',
    regimenFiscal: '612',
    usoCfdi: 'G03',
    address: { codigo_postal: '10740' },
  });
  expect(client.statusCode, client.body).toBe(201);
  const fin = await inject(null, 'POST', `/api/new-client/complete-initial-configuration/${token}`);
  expect(fin.statusCode, fin.body).toBe(200);
  const session = fin.json().data;
  return {
    id: id as number,
    token: token as string,
    headers: { authorization: `Bearer ${session.token as string}` },
    session,
  };
}

describe('POST /api/empresas', () => {
  it('adds an enterprise owned by the user, configured by the wizard, isolated and without welcome credits', async () => {
    const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), credits: 7 });
    const primerCliente = await inject(e, 'POST', '/api/clients', {
      name_razon_social: 'CLIENTE DE LA PRIMERA',
      rfc: 'XOJI740919U48',
      regimenFiscal: '612',
      usoCfdi: 'G03',
      address: { codigo_postal: '10740' },
    });
    expect(primerCliente.statusCode, primerCliente.body).toBe(201);

    const rfc = rfcAleatorio();
    const nueva = await agregarYConfigurar(e, rfc);
    expect(nueva.session.enterprise).toMatchObject({
      id: nueva.id,
      rfc,
      razon_social: 'SEGUNDA EMPRESA',
      rol: 'propietario',
    });
    // The session is on the new enterprise, listed first, the first one still the user's.
    expect(nueva.session.user.enterprises.map((x: { id: number }) => x.id)).toEqual([
      nueva.id,
      e.enterpriseId,
    ]);
    expect((await empresasDe(e)).map((x) => x.rol)).toEqual(['propietario', 'propietario']);

    // Its own balance, with no welcome credits; the first keeps its 7.
    const creditos = await inject(nueva, 'GET', '/api/users/get-total-remaining-credits');
    expect(creditos.json().data).toMatchObject({ user_total_remaining_credits: 0 });
    const creditosPrimera = await inject(e, 'GET', '/api/users/get-total-remaining-credits');
    expect(creditosPrimera.json().data).toMatchObject({ user_total_remaining_credits: 7 });

    // Each sees only its own clients; the default series were created for the new one.
    const nombres = async (x: { headers: Record<string, string> }) =>
      (await inject(x, 'GET', '/api/clients'))
        .json()
        .data.data.map((c: { name_razon_social: string }) => c.name_razon_social);
    expect(await nombres(nueva)).toEqual(['CLIENTE DE LA SEGUNDA']);
    expect(await nombres(e)).toEqual(['CLIENTE DE LA PRIMERA']);
    const series = await inject(nueva, 'GET', `/api/series/${nueva.id}/facturas-ingreso`);
    expect(series.statusCode, series.body).toBe(200);
    expect(JSON.stringify(series.json().data)).toContain('"A"');
    // The first enterprise's session does not reach the new one's data by its id.
    expect((await inject(e, 'GET', `/api/datos-fiscales/${nueva.id}`)).statusCode).toBe(404);
  });

  it('refuses an RFC already registered or malformed, in Spanish, and adds nothing', async () => {
    const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio() });
    const otra = await seedEnterprise(t.deps, { rfc: rfcAleatorio() });
    const tomada = (await empresasDe(otra))[0]!.rfc;

    const repetida = await inject(e, 'POST', '/api/empresas', { rfc: tomada });
    expect(repetida.statusCode).toBe(422);
    expect(repetida.json()).toMatchObject({
      success: false,
      dataError: { rfc: [RFC_TAKEN_MESSAGE] },
    });
    const mala = await inject(e, 'POST', '/api/empresas', { rfc: 'ABC123' });
    expect(mala.statusCode).toBe(422);
    expect(mala.json().dataError).toEqual({ rfc: [RFC_INVALID_MESSAGE] });
    expect(await empresasDe(e)).toHaveLength(1);

    // Adding the same new RFC twice: the second is refused.
    const rfc = rfcAleatorio('fisica');
    expect((await inject(e, 'POST', '/api/empresas', { rfc })).statusCode).toBe(201);
    const otraVez = await inject(e, 'POST', '/api/empresas', { rfc });
    expect(otraVez.json().dataError).toEqual({ rfc: [RFC_TAKEN_MESSAGE] });
    expect(await empresasDe(e)).toHaveLength(2);
    expect((await inject(null, 'POST', '/api/empresas', { rfc: rfcAleatorio() })).statusCode).toBe(
      401,
    );
  });

  it('resumes an unfinished configuration, and refuses a finished or foreign enterprise', async () => {
    const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio() });
    const add = await inject(e, 'POST', '/api/empresas', { rfc: rfcAleatorio() });
    const id = add.json().data.enterprise_id as number;
    // The switcher cannot open it before its wizard is finished…
    const cambio = await inject(e, 'POST', '/api/users/cambiar-empresa', { enterprise_id: id });
    expect(cambio.statusCode).toBe(409);
    // …but the wizard can be taken up again with a fresh token.
    const sigue = await inject(e, 'POST', `/api/empresas/${id}/configuracion-inicial`);
    expect(sigue.statusCode, sigue.body).toBe(200);
    const token = sigue.json().data.new_client_token as string;
    const info = await inject(null, 'GET', `/api/users/login/new-client/${token}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.enterprise.id).toBe(id);

    const terminada = await inject(
      e,
      'POST',
      `/api/empresas/${e.enterpriseId}/configuracion-inicial`,
    );
    expect(terminada.statusCode).toBe(409);
    expect(terminada.json().dataError).toBe(CONFIGURACION_TERMINADA_MESSAGE);
    const ajena = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), setupCompleted: false });
    const res = await inject(
      e,
      'POST',
      `/api/empresas/${ajena.enterpriseId}/configuracion-inicial`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().dataError).toBe(EMPRESA_AJENA_MESSAGE);
  });
});
