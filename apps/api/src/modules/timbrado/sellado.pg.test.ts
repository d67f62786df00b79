import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { getBalance } from '../credits/credits.service.ts';
import { findSerie } from '../series/series.queries.ts';
import { timbrarComprobante } from './timbrado.service.ts';
import { seedEmpresaTimbrado, serieYFolioDelXml } from './timbrado.test-support.ts';
import { entornoDeTimbrado } from './timbrado.test-entorno.ts';

/**
 * The sealing step (sellado.ts) seals beforehand for the folio a serie is expected to give and
 * takes credit, folio and document in one statement; these are the cases where that expectation is
 * wrong: another process stamping the same serie, a serie moved or renamed between two stamps.
 * PostgreSQL only: PGlite has a single connection, so it cannot show transactions racing.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('sealing with the expected folio', () => {
  const entorno = entornoDeTimbrado();
  const deps = entorno.deps;
  const t = {
    get deps() {
      return entorno.app().deps;
    },
  };

  it('two processes stamping one serie at once: every credit spent once, folios consecutive, each document carries its own', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 40, serie: 'D', folio: 500 });
    // A second copy of the stamping modules is a second process: its own queues and expectations.
    vi.resetModules();
    const otroProceso = await import('./timbrado.service.ts');
    expect(otroProceso.timbrarComprobante).not.toBe(timbrarComprobante);
    const stamp = (fn: typeof timbrarComprobante) =>
      fn(deps(), {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
      });
    const results = await Promise.allSettled(
      Array.from({ length: 46 }, (_, i) =>
        stamp(i % 2 === 0 ? timbrarComprobante : otroProceso.timbrarComprobante),
      ),
    );
    const stamped = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(stamped).toHaveLength(40);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect((r.reason as { status: number }).status).toBe(402);
    }
    expect(stamped.map((s) => s.folio).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 40 }, (_, i) => 500 + i),
    );
    for (const s of stamped) expect(serieYFolioDelXml(s.xml_timbrado)).toBe(`D-${s.folio}`);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(540);
  });

  it('a serie moved and renamed between two stamps: the next stamp takes the serie as it stands', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 5, serie: 'E', folio: 1 });
    const stamp = () =>
      timbrarComprobante(deps(), {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
      });
    expect(serieYFolioDelXml((await stamp()).xml_timbrado)).toBe('E-1');
    // Another process took folios 2 to 6: this process expects 2.
    await t.deps.db.execute(sql`update series set next_folio = 7 where id = ${e.serieId}`);
    expect(serieYFolioDelXml((await stamp()).xml_timbrado)).toBe('E-7');
    await t.deps.db.execute(sql`update series set serie = 'EF' where id = ${e.serieId}`);
    const renamed = await stamp();
    expect(serieYFolioDelXml(renamed.xml_timbrado)).toBe('EF-8');
    expect([renamed.serie, renamed.folio]).toEqual(['EF', 8]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
  });

  it('a serie that keeps moving under the expected folio: reserved first and sealed after, once', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 3, serie: 'F', folio: 10 });
    let intentos = 0;
    const row = await timbrarComprobante(deps(), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
      enLaReserva: {
        // Each try of the transaction finds the serie moved by one more folio than the last.
        antes: async (tx) => {
          intentos++;
          await tx.execute(
            sql`update series set next_folio = next_folio + ${intentos} where id = ${e.serieId}`,
          );
          return false;
        },
      },
    });
    // Two tries expecting 10 and then 11 wrote nothing; the third reserved 13 and sealed it.
    expect(intentos).toBe(3);
    expect(row.status).toBe('timbrada');
    expect(serieYFolioDelXml(row.xml_timbrado)).toBe('F-13');
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(14);
    const rows = await t.deps.db
      .select({ folio: comprobantes.folio })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, e.enterpriseId));
    expect(rows).toEqual([{ folio: 13 }]);
  });
});
