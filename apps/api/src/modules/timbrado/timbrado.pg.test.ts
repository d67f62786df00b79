import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPac, type Pac } from '@repo/pac';
import { catalogosDePrueba } from '../../../../../packages/cfdi/test/catalogos-de-prueba.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { AppError } from '../../http/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { CREDITOS_INSUFICIENTES, getBalance } from '../credits/credits.service.ts';
import { findSerie } from '../series/series.queries.ts';
import { findComprobanteByIdempotencyKey, listPacCalls } from './timbrado.queries.ts';
import {
  claveIdempotencia,
  reenviarComprobante,
  timbrarComprobante,
  type TimbradoDeps,
} from './timbrado.service.ts';
import { PacEspia, seedEmpresaTimbrado } from './timbrado.test-support.ts';

// PostgreSQL only: PGlite has a single connection, so it cannot show transactions racing.
describe.runIf(process.env.TEST_DATABASE_URL)('timbrarComprobante on PostgreSQL', () => {
  let t: TestApp;
  let dataDir: string;
  let sandbox: SandboxPac;
  const deps = (pac: Pac): TimbradoDeps => ({
    db: t.deps.db,
    secret: t.deps.secret,
    now: () => new Date(),
    pac,
    catalogos: catalogosDePrueba,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'timbrado-pg-test-'));
    // The XSD stage costs about 2 s per document; timbrado.test.ts runs it and the SAT checks.
    sandbox = new SandboxPac({ dataDir, catalogos: catalogosDePrueba, validarEsquema: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('50 concurrent stamps with 10 credits: exactly 10 stamps, 10 distinct folios, 40 clear refusals, balance 0', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 10, serie: 'C', folio: 100 });
    const espia = new PacEspia(sandbox);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        timbrarComprobante(deps(espia), {
          enterpriseId: e.enterpriseId,
          serieId: e.serieId,
          buildComprobante: (ctx) => e.factura(ctx),
        }),
      ),
    );
    const stamped = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(stamped).toHaveLength(10);
    expect(stamped.every((s) => s.status === 'timbrada')).toBe(true);
    expect(new Set(stamped.map((s) => s.uuid)).size).toBe(10);
    const folios = stamped.map((s) => s.folio ?? 0).sort((a, b) => a - b);
    expect(folios).toEqual(Array.from({ length: 10 }, (_, i) => 100 + i));
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r).toBeInstanceOf(AppError);
      expect((r as AppError).status).toBe(402);
      expect((r as AppError).dataError).toBe(CREDITOS_INSUFICIENTES);
    }
    expect(espia.enviados).toHaveLength(10);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(110);
    const rows = await t.deps.db
      .select({ status: comprobantes.status })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, e.enterpriseId));
    expect(rows.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 'timbrada'));
  });

  it('a PAC timeout after success, then a retry: one stamp, one credit spent', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 5 });
    const espia = new PacEspia(sandbox, 1);
    const key = 'factura:timeout';
    const first = await timbrarComprobante(deps(espia), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
      idempotencyKey: key,
    }).catch((x: unknown) => x);
    expect((first as AppError).status).toBe(503);
    const retry = await timbrarComprobante(deps(espia), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
      idempotencyKey: key,
    });
    expect(retry.status).toBe('timbrada');
    expect(espia.enviados).toHaveLength(2);
    expect(espia.enviados[1]).toBe(espia.enviados[0]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(4);
    const rows = await t.deps.db
      .select({ uuid: comprobantes.uuid })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, e.enterpriseId));
    expect(rows).toEqual([{ uuid: retry.uuid }]);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(2);
  });

  it('concurrent resends of one sealed document store one stamp', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const key = 'factura:reenvios';
    await timbrarComprobante(deps(new PacEspia(sandbox, 1)), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
      idempotencyKey: key,
    }).catch((x: unknown) => x);
    const sellada = await findComprobanteByIdempotencyKey(
      t.deps.db,
      e.enterpriseId,
      claveIdempotencia(e.enterpriseId, key),
    );
    expect(sellada?.status).toBe('sellada');
    const resends = await Promise.all(
      Array.from({ length: 5 }, () =>
        reenviarComprobante(deps(sandbox), {
          enterpriseId: e.enterpriseId,
          comprobanteId: sellada?.id ?? -1,
        }),
      ),
    );
    expect(new Set(resends.map((r) => r.uuid)).size).toBe(1);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    const stored = await t.deps.db
      .select({ status: comprobantes.status, uuid: comprobantes.uuid })
      .from(comprobantes)
      .where(
        and(eq(comprobantes.enterprise_id, e.enterpriseId), eq(comprobantes.id, sellada?.id ?? -1)),
      );
    expect(stored).toEqual([{ status: 'timbrada', uuid: resends[0]?.uuid }]);
    const calls = await listPacCalls(t.deps.db, e.enterpriseId, sellada?.id ?? -1);
    // Every resend that still found it 'sellada' called the PAC (one that started after another had
    // stored the stamp answers the stored row): each of those calls got the same stamp back.
    const ok = calls.filter((c) => c.outcome === 'ok');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(5);
    for (const c of ok) expect(c.raw).toContain(`"uuid":"${resends[0]?.uuid ?? 'ninguno'}"`);
  });
});
