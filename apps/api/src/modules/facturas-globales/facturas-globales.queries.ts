import { and, asc, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FacturaGlobalDraft } from '@repo/contracts/facturas-globales';
import type { Db } from '../../db/client.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';
import { facturasGlobales as g } from '../../db/schema/facturas-globales.ts';

/** What a global's draft row holds besides its keys. */
export interface GlobalRowValues {
  anio: number;
  mes: number;
  periodicidad: FacturaGlobalDraft['periodicidad'];
  meses: string;
  mes_inicio: number;
  mes_fin: number;
  fecha_inicio: string;
  fecha_fin: string;
  forma_pago: string;
  serie_id: number;
  ventas: number;
  subtotal: string;
  descuento: string;
  impuestos: string;
  total: string;
  draft: FacturaGlobalDraft;
}

/** The comprobante columns a saved global keeps up to date (list, search, e-mail subject). */
export interface ComprobanteGuardado {
  serie_id: number;
  serie: string;
  fecha: string;
  rfc_emisor: string;
  rfc_receptor: string;
  total: string;
}

const ligero = {
  id: c.id,
  status: c.status,
  serie: c.serie,
  folio: c.folio,
  fecha: c.fecha,
  uuid: c.uuid,
  estatus_cancelacion: c.estatus_cancelacion,
  updated_at: c.updated_at,
  anio: g.anio,
  mes: g.mes,
  periodicidad: g.periodicidad,
  meses: g.meses,
  mes_inicio: g.mes_inicio,
  mes_fin: g.mes_fin,
  fecha_inicio: g.fecha_inicio,
  fecha_fin: g.fecha_fin,
  estado: g.estado,
  ventas: g.ventas,
  subtotal: g.subtotal,
  impuestos: g.impuestos,
  total: g.total,
};

const completo = {
  ...ligero,
  serie_id: g.serie_id,
  forma_pago: g.forma_pago,
  draft: g.draft,
  xml_timbrado: c.xml_timbrado,
  fecha_timbrado: c.fecha_timbrado,
  motivo_cancelacion: c.motivo_cancelacion,
};

export type GlobalListRow = Awaited<ReturnType<typeof listYear>>[number];
export type GlobalRow = NonNullable<Awaited<ReturnType<typeof findGlobal>>>;

const base = (enterpriseId: number) =>
  and(eq(g.enterprise_id, enterpriseId), eq(c.serie_kind, 'facturas-globales'));

/** A global of the enterprise by its comprobante id (saved, sealed, stamped, rejected, cancelled). */
export async function findGlobal(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select(completo)
    .from(g)
    .innerJoin(c, and(eq(c.enterprise_id, g.enterprise_id), eq(c.id, g.comprobante_id)))
    .where(and(base(enterpriseId), eq(g.comprobante_id, id)));
  return row ?? null;
}

/** Every global of a year but the rejected attempts, oldest first. */
export function listYear(db: Db, enterpriseId: number, anio: number) {
  return db
    .select(ligero)
    .from(g)
    .innerJoin(c, and(eq(c.enterprise_id, g.enterprise_id), eq(c.id, g.comprobante_id)))
    .where(and(base(enterpriseId), eq(g.anio, anio), ne(c.status, 'rechazada')))
    .orderBy(asc(g.fecha_inicio), asc(c.id));
}

/** The years that have a global, newest first. */
export async function yearsWithGlobales(db: Db, enterpriseId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ anio: g.anio })
    .from(g)
    .where(eq(g.enterprise_id, enterpriseId))
    .orderBy(desc(g.anio));
  return rows.map((r) => r.anio);
}

/**
 * A live global (saved, or sealed/stamped) whose days overlap the period, other than `exceptId`:
 * a day's sales go into one global only. `estado` is kept from the comprobante's status by the
 * triggers of migration 0017.
 */
export async function findVigenteDelPeriodo(
  db: Db,
  enterpriseId: number,
  periodo: { inicio: string; fin: string },
  estado: 'guardada' | 'emitida',
  exceptId: number | null,
) {
  const [row] = await db
    .select({ id: g.comprobante_id, draft: g.draft })
    .from(g)
    .where(
      and(
        eq(g.enterprise_id, enterpriseId),
        eq(g.estado, estado),
        lte(g.fecha_inicio, periodo.fin),
        gte(g.fecha_fin, periodo.inicio),
        exceptId === null ? undefined : ne(g.comprobante_id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The global a substitute replaces gives up its period in the substitute's sealing transaction
 * (its comprobante stays stamped until the SAT cancels it with motivo 01); the state is derived from
 * the comprobante again if the substitution is abandoned (sustitucion.service.ts).
 */
export async function cederPeriodo(tx: Db, enterpriseId: number, comprobanteId: number) {
  await tx.execute(sql`
    update facturas_globales set estado = 'inactiva', updated_at = now()
     where enterprise_id = ${enterpriseId} and comprobante_id = ${comprobanteId}
       and estado = 'emitida'`);
}

/** Serialises everything that checks or takes a period of one enterprise (held until commit). */
export async function lockPeriodo(tx: Db, enterpriseId: number, anio: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${7_270_014}, ${enterpriseId * 100 + (anio % 100)})`,
  );
}

export async function insertGuardada(
  tx: Db,
  enterpriseId: number,
  comprobante: ComprobanteGuardado,
  values: GlobalRowValues,
): Promise<number> {
  const [row] = await tx
    .insert(c)
    .values({
      enterprise_id: enterpriseId,
      tipo: 'I',
      serie_kind: 'facturas-globales',
      status: 'pre_factura',
      ...comprobante,
    })
    .returning({ id: c.id });
  if (!row) throw new Error('insertGuardada returned no row');
  await tx.insert(g).values({ enterprise_id: enterpriseId, comprobante_id: row.id, ...values });
  return row.id;
}

/** Replaces a saved global's data; false when it is no longer a saved global. */
export async function updateGuardada(
  tx: Db,
  enterpriseId: number,
  id: number,
  comprobante: ComprobanteGuardado,
  values: GlobalRowValues,
): Promise<boolean> {
  const updated = await tx
    .update(c)
    .set({ ...comprobante, updated_at: new Date() })
    .where(
      and(
        eq(c.enterprise_id, enterpriseId),
        eq(c.id, id),
        eq(c.status, 'pre_factura'),
        eq(c.serie_kind, 'facturas-globales'),
      ),
    )
    .returning({ id: c.id });
  if (updated.length === 0) return false;
  await tx
    .update(g)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(g.enterprise_id, enterpriseId), eq(g.comprobante_id, id)));
  return true;
}

/** The draft beside a sealed global (in the sealing transaction). */
export async function insertDraftRow(
  tx: Db,
  enterpriseId: number,
  comprobanteId: number,
  values: GlobalRowValues,
): Promise<void> {
  await tx
    .insert(g)
    .values({ enterprise_id: enterpriseId, comprobante_id: comprobanteId, ...values });
}

/** Deletes a saved global once its stamped replacement exists (its draft row cascades). */
export async function deleteGuardada(tx: Db, enterpriseId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(c)
    .where(
      and(
        eq(c.enterprise_id, enterpriseId),
        eq(c.id, id),
        eq(c.status, 'pre_factura'),
        eq(c.serie_kind, 'facturas-globales'),
      ),
    )
    .returning({ id: c.id });
  return rows.length > 0;
}
