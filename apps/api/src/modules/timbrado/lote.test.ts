import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { AppError } from '../../http/errors.ts';
import { addCredits, getBalance } from '../credits/credits.service.ts';
import { findSerie } from '../series/series.queries.ts';
import { timbrarComprobante } from './timbrado.service.ts';
import {
  seedEmpresaTimbrado,
  serieYFolioDelXml,
  type EmpresaTimbrado,
} from './timbrado.test-support.ts';
import { entornoDeTimbrado } from './timbrado.test-entorno.ts';

/**
 * Stamps of one serie that wait together for the serie's queue are sealed for consecutive folios
 * and stored in ONE statement (sellado.ts, reserva-lote.queries.ts); when that statement writes
 * nothing or fails, each stamp goes on its own and gets its own outcome. On PGlite by default, on
 * PostgreSQL with TEST_DATABASE_URL (sellado.pg.test.ts and timbrado.pg.test.ts race two processes).
 */
describe('stamps of one serie stored as a batch', () => {
  const entorno = entornoDeTimbrado();
  const deps = entorno.deps;
  const t = {
    get deps() {
      return entorno.app().deps;
    },
  };
  /**
   * How many documents each transaction stored, in order: the rows one statement inserts share
   * the transaction's now() as created_at, and transactions one after another never do.
   */
  const documentosPorTransaccion = async (enterpriseId: number) => {
    const rows = await t.deps.db
      .select({ folio: comprobantes.folio, creado: comprobantes.created_at })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, enterpriseId))
      .orderBy(comprobantes.folio);
    const grupos: number[] = [];
    let previo: number | null = null;
    for (const r of rows) {
      if (r.creado.getTime() === previo) grupos[grupos.length - 1]! += 1;
      else grupos.push(1);
      previo = r.creado.getTime();
    }
    return grupos;
  };

  const timbrar = (
    e: EmpresaTimbrado,
    extra: Partial<Parameters<typeof timbrarComprobante>[1]> = {},
  ) =>
    timbrarComprobante(deps(), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
      ...extra,
    });
  const porFolio = (rows: Iterable<{ folio: number | null }>) =>
    [...rows].map((r) => r.folio ?? 0).sort((a, b) => a - b);
  const gastos = (enterpriseId: number) =>
    t.deps.db
      .select({ status: creditLedger.status })
      .from(creditLedger)
      .where(and(eq(creditLedger.enterprise_id, enterpriseId), eq(creditLedger.kind, 'spend')));

  it('stamps that arrive together: one statement stores them, consecutive folios, each XML its own, free credits first', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 3, serie: 'L', folio: 20 });
    await addCredits(t.deps.db, e.enterpriseId, { kind: 'purchase', credits: 7, status: 'paid' });
    const rows = await Promise.all(Array.from({ length: 9 }, () => timbrar(e)));

    // The first stamp finds the queue empty and goes alone; those that wait meanwhile go together.
    const grupos = await documentosPorTransaccion(e.enterpriseId);
    expect(grupos.reduce((a, b) => a + b)).toBe(9);
    expect(Math.max(...grupos)).toBeGreaterThan(1);
    expect(rows.map((r) => r.status)).toEqual(Array(9).fill('timbrada'));
    expect(porFolio(rows)).toEqual(Array.from({ length: 9 }, (_, i) => 20 + i));
    for (const r of rows) {
      expect(serieYFolioDelXml(r.xml_sellado)).toBe(`L-${r.folio}`);
      expect(serieYFolioDelXml(r.xml_timbrado)).toBe(`L-${r.folio}`);
    }
    expect(new Set(rows.map((r) => r.uuid)).size).toBe(9);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    const spent = await gastos(e.enterpriseId);
    expect(spent.filter((s) => s.status === 'free')).toHaveLength(3);
    expect(spent.filter((s) => s.status === 'paid')).toHaveLength(6);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(29);
  });

  it('too few credits for the whole batch: the first ones are stamped in order, the others refused without a trace', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 4, serie: 'M', folio: 1 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => timbrar(e)));
    const stamped = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(porFolio(stamped)).toEqual([1, 2, 3, 4]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(4);
    for (const r of refused) expect((r.reason as AppError).status).toBe(402);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(5);
    const docs = await t.deps.db
      .select({ folio: comprobantes.folio })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, e.enterpriseId));
    expect(porFolio(docs)).toEqual([1, 2, 3, 4]);
  });

  it("one document's draft that cannot be stored: the batch is rolled back, the others are stamped with no gap in the folios, it takes nothing", async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 10, serie: 'N', folio: 1 });
    const guardados: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        timbrar(e, {
          enLaReserva: {
            despues: (_tx, sellado) => {
              if (i === 3) throw new AppError('CONFLICT', 'La pre factura ya no existe.');
              guardados.push(sellado.folio ?? 0);
              return Promise.resolve();
            },
          },
        }),
      ),
    );
    const refused = results[3] as PromiseRejectedResult;
    expect(refused.status).toBe('rejected');
    expect((refused.reason as AppError).message).toContain('La pre factura ya no existe.');
    const stamped = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(porFolio(stamped)).toEqual([1, 2, 3, 4, 5]);
    // Each stamped document's draft was stored (a batch rolled back may have run it once before).
    for (const r of stamped) expect(guardados).toContain(r.folio);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(5);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(6);
  });

  it('stamps with a check of their own before the reservation never share a batch: each sees what the one before it stored', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 10, serie: 'Q', folio: 1 });
    const sucesos: string[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () =>
        timbrar(e, {
          enLaReserva: {
            antes: () => {
              sucesos.push('antes');
              return Promise.resolve(false);
            },
            despues: () => {
              sucesos.push('despues');
              return Promise.resolve();
            },
          },
        }),
      ),
    );
    expect(sucesos).toEqual(Array.from({ length: 5 }, () => ['antes', 'despues']).flat());
    expect(await documentosPorTransaccion(e.enterpriseId)).toEqual([1, 1, 1, 1, 1]);
  });

  it('the same key twice in one batch (a double click under load): one document, both answered with it', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 10, serie: 'P', folio: 1 });
    const claves = ['uno', 'dos', 'doble', 'doble', 'tres'];
    const rows = await Promise.all(claves.map((k) => timbrar(e, { idempotencyKey: `bench:${k}` })));
    expect(rows[2]?.uuid).toBe(rows[3]?.uuid);
    expect(rows[2]?.folio).toBe(rows[3]?.folio);
    expect(new Set(rows.map((r) => r.uuid)).size).toBe(4);
    expect(porFolio(new Map(rows.map((r) => [r.uuid, r])).values())).toEqual([1, 2, 3, 4]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(6);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(5);
  });

  it('stamps of two enterprises read and stored together: each its own seal, serie, folio and key', async () => {
    const a = await seedEmpresaTimbrado(t.deps, { credits: 5, serie: 'S', folio: 1 });
    const b = await seedEmpresaTimbrado(t.deps, { credits: 5, serie: 'S', folio: 1 });
    // The same key of the client in both: a key is the enterprise's own.
    const rows = await Promise.all(
      [a, b, a, b].map((e, i) => timbrar(e, { idempotencyKey: `factura:${i < 2 ? 1 : 2}` })),
    );
    expect(rows.map((r) => r.enterprise_id)).toEqual([
      a.enterpriseId,
      b.enterpriseId,
      a.enterpriseId,
      b.enterpriseId,
    ]);
    expect(new Set(rows.map((r) => r.uuid)).size).toBe(4);
    for (const [i, r] of rows.entries()) {
      const e = i % 2 === 0 ? a : b;
      expect(r.xml_timbrado).toContain(`Rfc="${e.rfc}"`);
    }
    expect(porFolio(rows.filter((r) => r.enterprise_id === a.enterpriseId))).toEqual([1, 2]);
    expect(porFolio(rows.filter((r) => r.enterprise_id === b.enterpriseId))).toEqual([1, 2]);
    expect(await getBalance(t.deps.db, a.enterpriseId)).toBe(3);
    expect(await getBalance(t.deps.db, b.enterpriseId)).toBe(3);
  });
});
