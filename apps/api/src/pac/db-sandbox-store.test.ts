import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimbreGuardado } from '@repo/pac';
import { sandboxPacTimbres } from '../db/schema/comprobantes.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DbSandboxStore } from './db-sandbox-store.ts';

/**
 * The sandbox PAC's saves that wait behind another go in one statement (db-sandbox-store.ts), each
 * answered as it would be alone: saved, or the stamp already stored under its hash or its key.
 * PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
describe('the sandbox store saves stamps in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const timbre = (key: string, hash: string = randomUUID()): TimbreGuardado => ({
    hash,
    uuid: randomUUID().toUpperCase(),
    xml: `<cfdi:Comprobante hash="${hash}"/>`,
    fechaTimbrado: '2026-11-27T10:00:00',
    instanteTimbrado: '2026-11-27T16:00:00.000Z',
    selloSAT: 'sat',
    selloCFD: 'cfd',
    cadenaOriginalTfd: '||1.1||',
    rfcEmisor: 'AAA010101AAA',
    rfcReceptor: 'XAXX010101000',
    total: '116.00',
    moneda: 'MXN',
    tipoDeComprobante: 'I',
    bloquea: [],
    idempotencyKeys: [key],
    estado: 'Vigente',
    estatusCancelacion: '',
    solicitudes: [],
  });

  it('new stamps saved, a stored hash or key answered with its stamp, each as alone; a new store finds them', async () => {
    const store = new DbSandboxStore(t.deps.db);
    const previoPorHash = timbre(`k-${randomUUID()}`);
    const previoPorLlave = timbre(`k-${randomUUID()}`);
    expect(
      await store.guardarSiNuevo(previoPorHash, previoPorHash.idempotencyKeys[0] ?? ''),
    ).toEqual({ guardado: previoPorHash });
    expect(
      await store.guardarSiNuevo(previoPorLlave, previoPorLlave.idempotencyKeys[0] ?? ''),
    ).toEqual({ guardado: previoPorLlave });

    // A save sent first keeps the queue busy, so the four below wait and go in one statement.
    const relleno = Array.from({ length: 1 }, () => {
      const r = timbre(`k-${randomUUID()}`);
      return store.guardarSiNuevo(r, r.idempotencyKeys[0] ?? '');
    });
    const a = timbre(`k-${randomUUID()}`);
    const b = timbre(`k-${randomUUID()}`);
    const mismoHash = timbre(`k-${randomUUID()}`, previoPorHash.hash);
    const llaveUsada = previoPorLlave.idempotencyKeys[0] ?? '';
    const mismaLlave = timbre(llaveUsada);
    const respuestas = await Promise.all([
      store.guardarSiNuevo(a, a.idempotencyKeys[0] ?? ''),
      store.guardarSiNuevo(mismoHash, mismoHash.idempotencyKeys[0] ?? ''),
      store.guardarSiNuevo(b, b.idempotencyKeys[0] ?? ''),
      store.guardarSiNuevo(mismaLlave, llaveUsada),
    ]);
    await Promise.all(relleno);
    expect(respuestas).toEqual([
      { guardado: a },
      { porHash: previoPorHash },
      { guardado: b },
      { porLlave: previoPorLlave },
    ]);
    const otra = new DbSandboxStore(t.deps.db);
    expect(await otra.porHash(a.hash)).toEqual(a);
    expect(await otra.porUuid(b.uuid)).toEqual(b);
    expect(await otra.porHash(mismaLlave.hash)).toBeUndefined();
    expect(await otra.porIdempotencyKey(llaveUsada)).toEqual(previoPorLlave);
    // a and b were saved by one statement: the same now().
    const creados = await t.deps.db
      .select({ creado: sandboxPacTimbres.created_at })
      .from(sandboxPacTimbres)
      .where(inArray(sandboxPacTimbres.hash, [a.hash, b.hash]));
    expect(creados).toHaveLength(2);
    expect(creados[0]?.creado.getTime()).toBe(creados[1]?.creado.getTime());
  });

  it('two stamps of one hash waiting together: saved once, the other answered with it', async () => {
    const store = new DbSandboxStore(t.deps.db);
    const relleno = Array.from({ length: 1 }, () => {
      const r = timbre(`k-${randomUUID()}`);
      return store.guardarSiNuevo(r, r.idempotencyKeys[0] ?? '');
    });
    const uno = timbre(`k-${randomUUID()}`);
    const otro = timbre(`k-${randomUUID()}`, uno.hash);
    const [r1, r2] = await Promise.all([
      store.guardarSiNuevo(uno, uno.idempotencyKeys[0] ?? ''),
      store.guardarSiNuevo(otro, otro.idempotencyKeys[0] ?? ''),
    ]);
    await Promise.all(relleno);
    expect(r1).toEqual({ guardado: uno });
    expect(r2).toEqual({ porHash: uno });
  });
});
