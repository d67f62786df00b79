import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogos } from '@repo/catalogos';
import type { Pac } from '@repo/pac';
import { CLAVES_MENSAJES, MODO_HEADER } from '@repo/contracts/claves-api';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import { createPac } from '../../pac/create-pac.ts';
import { DbSandboxStore } from '../../pac/db-sandbox-store.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { getBalance } from '../credits/credits.service.ts';
import { basico, seedFacturador, type Facturador } from '../facturas/facturas.test-support.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import { PacEspia } from '../timbrado/timbrado.test-support.ts';
import { auditoriaHelpers } from '../auditoria/auditoria.test-support.ts';
import { crearClaveApi } from './claves-api.test-support.ts';

// A test key always stamps through the sandbox PAC, and so do the cancellation and status checks of
// what it stamped; a live key uses the configured PAC. Here the configured ("live") PAC is a spy
// that can be closed: while closed, any call to it fails the stamp and is counted, so a test key
// that reached it would show. A key's stamping POST needs an Idempotency-Key, and a retry with the
// same key answers the first stamp.

const V40 = '/api/facturacion/V40';

/** The configured PAC of this app: a sandbox behind a door the test closes for test keys. */
class PacEnVivo implements Pac {
  cerrado = false;
  llamadas: string[] = [];
  constructor(private readonly pac: Pac) {}
  private paso(operacion: string) {
    this.llamadas.push(operacion);
    if (this.cerrado) throw new Error(`the live PAC was called (${operacion}) by a test key`);
  }
  async timbrar(...args: Parameters<Pac['timbrar']>) {
    this.paso('timbrar');
    return this.pac.timbrar(...args);
  }
  async cancelar(...args: Parameters<Pac['cancelar']>) {
    this.paso('cancelar');
    return this.pac.cancelar(...args);
  }
  async consultarEstado(...args: Parameters<Pac['consultarEstado']>) {
    this.paso('consultarEstado');
    return this.pac.consultarEstado(...args);
  }
}

let database: Database;
let dir: string;
let t: TestApp;
let vivo: PacEnVivo;
let pruebas: PacEspia;
let e: Facturador;
let draft: Awaited<ReturnType<typeof basico>>['draft'];

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'pac-claves-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', APP_SECRET: 'test-secret' });
  const sandbox = createPac({ ...config, PAC: 'sandbox', DATA_DIR: dir }, loadCatalogos(), {
    store: new DbSandboxStore(database.db),
  });
  vivo = new PacEnVivo(sandbox);
  pruebas = new PacEspia(sandbox);
  t = await buildTestApp({ database, pac: vivo, pacPruebas: pruebas });
  e = await seedFacturador(t, { credits: 10 });
  ({ draft } = await basico(t, e));
});
afterAll(async () => {
  await t.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function timbrar(headers: Record<string, string>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${V40}/facturas-ingreso`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: draft() as unknown as Record<string, unknown>,
  });
}

describe('a test key', () => {
  it('stamps, checks and cancels through the sandbox PAC only, and every answer says pruebas', async () => {
    const k = await crearClaveApi(t, e, { modo: 'pruebas', alcances: ['ver', 'emitir'] });
    vivo.cerrado = true;
    vivo.llamadas = [];
    const enviadosAntes = pruebas.enviados.length;
    try {
      const res = await timbrar(k.headers, 'pos-venta-0001');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[MODO_HEADER]).toBe('pruebas');
      const f = res.json().data.factura;
      expect(f.uuid).toMatch(/^[0-9A-F-]{36}$/i);
      expect(pruebas.enviados.length).toBe(enviadosAntes + 1);
      const row = await findComprobante(t.deps.db, e.enterpriseId, f.id);
      expect(row?.pruebas).toBe(true);

      const cancelada = await t.app.inject({
        method: 'POST',
        url: `${V40}/cancelar-factura`,
        headers: k.headers,
        payload: { factura_id: f.id, motivo: '02' },
      });
      expect(cancelada.statusCode, cancelada.body).toBe(200);
      expect(cancelada.headers[MODO_HEADER]).toBe('pruebas');
      // A session (no key) asking for the status of that document still goes to the sandbox.
      const estado = await t.app.inject({
        method: 'POST',
        url: `${V40}/facturas-ingreso/${f.id}/estado-cancelacion`,
        headers: e.headers,
      });
      expect(estado.statusCode, estado.body).toBe(200);
      expect(estado.headers[MODO_HEADER]).toBeUndefined();
    } finally {
      vivo.cerrado = false;
    }
    expect(vivo.llamadas).toEqual([]);
  });
});

describe('a live key', () => {
  it('stamps through the configured PAC, says produccion, and the log names the key, not a user', async () => {
    const k = await crearClaveApi(t, e, {
      nombre: 'Caja 2',
      modo: 'produccion',
      alcances: ['emitir'],
    });
    vivo.llamadas = [];
    const res = await timbrar(k.headers, 'tienda-pedido-1001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[MODO_HEADER]).toBe('produccion');
    expect(vivo.llamadas).toEqual(['timbrar']);
    const id = res.json().data.factura.id;
    const row = await findComprobante(t.deps.db, e.enterpriseId, id);
    expect(row?.pruebas).toBe(false);
    const { historial, unico } = auditoriaHelpers(t);
    const timbrado = unico(await historial(id, e.headers), 'timbrado');
    expect(timbrado.user_id).toBeNull();
    expect(timbrado.detalles.api_key).toEqual({ id: k.id, nombre: 'Caja 2' });
  });
});

describe('Idempotency-Key on a key’s stamping POST', () => {
  it('is required: without it a Spanish 400, and nothing is stamped or spent', async () => {
    const k = await crearClaveApi(t, e, { modo: 'produccion', alcances: ['emitir'] });
    const saldo = await getBalance(t.deps.db, e.enterpriseId);
    const contar = async () =>
      (
        await consulta<{ n: number }>(
          t.deps.db,
          'select count(*)::int as n from comprobantes where enterprise_id = $1',
          [e.enterpriseId],
        )
      )[0]?.n;
    const antes = await contar();
    for (const key of [undefined, 'corta']) {
      const res = await timbrar(k.headers, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().dataError).toBe(CLAVES_MENSAJES.idempotencia);
    }
    expect(await contar()).toBe(antes);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(saldo);
  });

  it('makes a retry answer the first stamp: one UUID, one credit, one PAC stamp', async () => {
    const k = await crearClaveApi(t, e, { modo: 'produccion', alcances: ['emitir'] });
    const saldo = await getBalance(t.deps.db, e.enterpriseId);
    vivo.llamadas = [];
    const primera = await timbrar(k.headers, 'pedido-7788-reintento');
    const segunda = await timbrar(k.headers, 'pedido-7788-reintento');
    expect(primera.statusCode, primera.body).toBe(200);
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(segunda.json().data.factura.uuid).toBe(primera.json().data.factura.uuid);
    expect(segunda.json().data.factura.id).toBe(primera.json().data.factura.id);
    expect(vivo.llamadas).toEqual(['timbrar']);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(saldo - 1);
  });

  it('is not asked of a session: the screens stamp as before', async () => {
    const res = await timbrar(e.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[MODO_HEADER]).toBeUndefined();
  });
});
