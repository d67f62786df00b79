import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { series, type SerieKind } from '../../db/schema/series.ts';

const columns = {
  id: series.id,
  kind: series.kind,
  serie: series.serie,
  folio: series.next_folio,
  folio_inicial: series.folio_inicial,
};

export function listSeries(db: Db, enterpriseId: number, kind: SerieKind) {
  return db
    .select(columns)
    .from(series)
    .where(and(eq(series.enterprise_id, enterpriseId), eq(series.kind, kind)))
    .orderBy(asc(series.serie), asc(series.id));
}

export async function findSerie(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(series)
    .where(and(eq(series.enterprise_id, enterpriseId), eq(series.id, id)));
  return row ?? null;
}

/** Another serie of the same kind with the same letters, ignoring case. */
export async function findSerieByName(
  db: Db,
  enterpriseId: number,
  kind: SerieKind,
  serie: string,
  exceptId: number | null,
) {
  const [row] = await db
    .select({ id: series.id })
    .from(series)
    .where(
      and(
        eq(series.enterprise_id, enterpriseId),
        eq(series.kind, kind),
        sql`upper(${series.serie}) = upper(${serie})`,
        exceptId === null ? undefined : sql`${series.id} <> ${exceptId}`,
      ),
    );
  return row ?? null;
}

export async function insertSerie(
  db: Db,
  enterpriseId: number,
  values: { kind: SerieKind; serie: string; folio: number },
) {
  const [row] = await db
    .insert(series)
    .values({
      enterprise_id: enterpriseId,
      kind: values.kind,
      serie: values.serie,
      folio_inicial: values.folio,
      next_folio: values.folio,
    })
    .returning(columns);
  if (!row) throw new Error('insertSerie returned no row');
  return row;
}

export async function updateSerie(
  db: Db,
  enterpriseId: number,
  id: number,
  values: { serie: string; folio_inicial: number; next_folio: number },
) {
  const [row] = await db
    .update(series)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(series.enterprise_id, enterpriseId), eq(series.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function deleteSerie(db: Db, enterpriseId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(series)
    .where(and(eq(series.enterprise_id, enterpriseId), eq(series.id, id)))
    .returning({ id: series.id });
  return rows.length > 0;
}

/**
 * Takes the serie's next folio and advances it in one atomic statement: the row lock of the UPDATE
 * serialises concurrent stampings, so no two documents ever get the same folio. Call it inside the
 * stamping transaction so a rollback gives the folio back.
 */
export async function reserveNextFolio(
  tx: Db,
  enterpriseId: number,
  serieId: number,
): Promise<{ serie: string; folio: number } | null> {
  const [row] = await tx
    .update(series)
    .set({ next_folio: sql`${series.next_folio} + 1`, updated_at: new Date() })
    .where(and(eq(series.enterprise_id, enterpriseId), eq(series.id, serieId)))
    .returning({ serie: series.serie, folio: sql<number>`${series.next_folio} - 1` });
  return row ? { serie: row.serie, folio: Number(row.folio) } : null;
}

/**
 * What the documents of a serie have used: how many there are (pre-invoices included) and the
 * highest folio one of them took (null when none has a folio yet).
 */
export async function serieUse(
  db: Db,
  enterpriseId: number,
  serieId: number,
): Promise<{ documentos: number; ultimoFolio: number | null }> {
  const [row] = await db
    .select({
      documentos: sql<number>`count(*)::int`,
      ultimoFolio: sql<number | null>`max(${comprobantes.folio})`,
    })
    .from(comprobantes)
    .where(and(eq(comprobantes.enterprise_id, enterpriseId), eq(comprobantes.serie_id, serieId)));
  return {
    documentos: Number(row?.documentos ?? 0),
    ultimoFolio:
      row?.ultimoFolio === null || row?.ultimoFolio === undefined ? null : Number(row.ultimoFolio),
  };
}
