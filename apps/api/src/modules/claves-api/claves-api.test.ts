import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAVES_MENSAJES, MODO_HEADER } from '@repo/contracts/claves-api';
import { ROL_NO_PERMITE_MESSAGE } from '@repo/contracts/equipo';
import { consulta } from '../../db/consulta.ts';
import {
  seedEnterprise,
  seedMember,
  type SeededEnterprise,
} from '../../db/seed/seed-enterprise.ts';
import { hashDeClave } from '../../http/clave-api-auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { auditoriaHelpers } from '../auditoria/auditoria.test-support.ts';
import { crearClaveApi } from './claves-api.test-support.ts';

// API keys (issue 28): created by the owner or an administrator, shown once and stored hashed; a
// key acts as its enterprise within its scopes, is refused at once when revoked, and has its own
// requests per minute (40 here).
const POR_MINUTO = 40;
let t: TestApp;
let e: SeededEnterprise;

beforeAll(async () => {
  t = await buildTestApp({ env: { CLAVES_API_SOLICITUDES_POR_MINUTO: String(POR_MINUTO) } });
  e = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), credits: 5 });
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (headers: Record<string, string>, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('creating and listing keys', () => {
  it('shows the key once, keeps only its SHA-256, and lists it by name, mode, scopes and prefix', async () => {
    const res = await post(e.headers, `/api/claves-api/${e.enterpriseId}`, {
      nombre: '  Tienda en línea  ',
      modo: 'produccion',
      alcances: ['emitir', 'ver'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const creada = res.json().data;
    expect(creada.clave).toMatch(new RegExp(`^fk_live_${e.enterpriseId}_[A-Za-z0-9_-]{43}$`));
    expect(creada).toMatchObject({
      nombre: 'Tienda en línea',
      modo: 'produccion',
      alcances: ['ver', 'emitir'],
      prefijo: creada.clave.slice(0, `fk_live_${e.enterpriseId}_`.length + 4),
      creada_por: 'Usuario de prueba',
      ultimo_uso: null,
      revocada_at: null,
    });
    const [fila] = await consulta<Record<string, unknown>>(
      t.deps.db,
      'select * from claves_api where enterprise_id = $1 and id = $2',
      [e.enterpriseId, creada.id],
    );
    expect(fila?.hash).toBe(hashDeClave(creada.clave));
    expect(JSON.stringify(fila)).not.toContain(creada.clave);

    const lista = await get(e.headers, `/api/claves-api/${e.enterpriseId}`);
    expect(lista.statusCode).toBe(200);
    const propia = lista.json().data.find((k: { id: number }) => k.id === creada.id);
    expect(propia).toMatchObject({ nombre: 'Tienda en línea', prefijo: creada.prefijo });
    expect(propia).not.toHaveProperty('clave');
  });

  it('refuses a key without a name or scopes, or with a scope outside ver/emitir/configurar', async () => {
    const url = `/api/claves-api/${e.enterpriseId}`;
    const sinNombre = await post(e.headers, url, {
      nombre: ' ',
      modo: 'pruebas',
      alcances: ['ver'],
    });
    expect(sinNombre.statusCode).toBe(422);
    expect(sinNombre.json().dataError.nombre).toEqual([CLAVES_MENSAJES.nombre]);
    const sinAlcances = await post(e.headers, url, { nombre: 'X', modo: 'pruebas', alcances: [] });
    expect(sinAlcances.json().dataError.alcances).toEqual([CLAVES_MENSAJES.alcances]);
    const usuarios = await post(e.headers, url, {
      nombre: 'X',
      modo: 'pruebas',
      alcances: ['usuarios'],
    });
    expect(usuarios.statusCode).toBe(422);
  });

  it('is for the owner and administrators: a facturista or a read-only member is refused', async () => {
    const admin = await seedMember(t.deps, e.enterpriseId, 'administrador');
    expect((await crearClaveApi(t, admin)).clave).toMatch(/^fk_test_/);
    for (const rol of ['facturista', 'lectura'] as const) {
      const m = await seedMember(t.deps, e.enterpriseId, rol);
      const res = await get(m.headers, `/api/claves-api/${e.enterpriseId}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().dataError).toBe(ROL_NO_PERMITE_MESSAGE);
    }
  });
});

describe('a request made with a key', () => {
  it('acts as its enterprise within its scopes, says its mode, and records its last use', async () => {
    const k = await crearClaveApi(t, e, { modo: 'pruebas', alcances: ['ver'] });
    const lista = await get(k.headers, '/api/clients');
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.headers[MODO_HEADER]).toBe('pruebas');
    const alta = await post(k.headers, '/api/clients', { name_razon_social: 'X' });
    expect(alta.statusCode).toBe(403);
    expect(alta.json().dataError).toBe(CLAVES_MENSAJES.alcanceNoPermite);
    expect(alta.headers[MODO_HEADER]).toBe('pruebas');
    const [uso] = await consulta<{ ultimo_uso: string | null }>(
      t.deps.db,
      'select ultimo_uso from claves_api where enterprise_id = $1 and id = $2',
      [e.enterpriseId, k.id],
    );
    expect(uso?.ultimo_uso).not.toBeNull();
  });

  it('never manages keys, members, purchases or the account, whatever its scopes', async () => {
    const k = await crearClaveApi(t, e, { alcances: ['ver', 'emitir', 'configurar'] });
    for (const [method, url] of [
      ['POST', `/api/claves-api/${e.enterpriseId}`],
      ['GET', `/api/claves-api/${e.enterpriseId}`],
      ['GET', `/api/equipo/${e.enterpriseId}`],
      ['POST', '/api/payments/credits/pre-order'],
      ['POST', '/api/users/change-password'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: k.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().dataError).toBe(CLAVES_MENSAJES.soloSesion);
    }
  });

  it('is refused at once once revoked, and a forged or unknown key never passes', async () => {
    const k = await crearClaveApi(t, e, { alcances: ['ver'] });
    expect((await get(k.headers, '/api/clients')).statusCode).toBe(200);
    const rev = await post(e.headers, `/api/claves-api/clave/${k.id}/revocar`, {});
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json().data.revocada_at).not.toBeNull();
    const despues = await get(k.headers, '/api/clients');
    expect(despues.statusCode).toBe(401);
    expect(despues.json().dataError).toBe(CLAVES_MENSAJES.invalida);
    const { bitacora } = auditoriaHelpers(t);
    const registros = (await bitacora(e.enterpriseId, e.headers)).filter(
      (r) => r.objeto === `clave_api:${k.id}`,
    );
    expect(registros.map((r) => [r.accion, r.user_id])).toEqual([
      ['api_key_revocada', e.userId],
      ['api_key_creada', e.userId],
    ]);
    expect(registros[1]?.detalles).toMatchObject({ modo: 'pruebas', alcances: ['ver'] });
    expect(JSON.stringify(registros)).not.toContain(k.clave);
    const otraVez = await post(e.headers, `/api/claves-api/clave/${k.id}/revocar`, {});
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().dataError).toBe(CLAVES_MENSAJES.yaRevocada);

    const otra = await crearClaveApi(t, e, { alcances: ['ver'] });
    const alterada = `${otra.clave.slice(0, -1)}${otra.clave.endsWith('A') ? 'B' : 'A'}`;
    for (const clave of [
      alterada,
      'fk_live_1_nada',
      otra.clave.replace(`_${e.enterpriseId}_`, '_1_'),
    ]) {
      const res = await get({ authorization: `Bearer ${clave}` }, '/api/clients');
      expect(res.statusCode).toBe(401);
      expect(res.json().dataError).toBe(CLAVES_MENSAJES.invalida);
    }
  });

  it('cannot see or revoke another enterprise’s keys', async () => {
    const otra = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), credits: 1 });
    const k = await crearClaveApi(t, otra, { alcances: ['ver'] });
    expect((await get(e.headers, `/api/claves-api/${otra.enterpriseId}`)).statusCode).toBe(404);
    const rev = await post(e.headers, `/api/claves-api/clave/${k.id}/revocar`, {});
    expect(rev.statusCode).toBe(404);
    expect((await get(k.headers, '/api/clients')).statusCode).toBe(200);
  });

  it('is limited per key: past its requests per minute a Spanish 429 with Retry-After; other keys go on', async () => {
    const k = await crearClaveApi(t, e, { alcances: ['ver'] });
    const otra = await crearClaveApi(t, e, { alcances: ['ver'] });
    for (let i = 0; i < POR_MINUTO; i++) {
      expect((await get(k.headers, '/api/clients')).statusCode).toBe(200);
    }
    const res = await get(k.headers, '/api/clients');
    expect(res.statusCode).toBe(429);
    expect(res.json().dataError).toBe(CLAVES_MENSAJES.limite);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(otra.headers, '/api/clients')).statusCode).toBe(200);
    expect((await get(e.headers, '/api/clients')).statusCode).toBe(200);
  });
});
