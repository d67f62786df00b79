import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import {
  facturaViewStatus,
  type FacturaDraft,
  type FacturaListItem,
  type FacturaStatus,
  type PpdPendingPayment,
} from '@repo/contracts/facturas';
import type { Db } from '../../db/client.ts';
import { comprobantes, type ComprobanteStatus } from '../../db/schema/comprobantes.ts';
import { facturasIngreso } from '../../db/schema/facturas.ts';
import { likePattern } from '../clients/clients.queries.ts';

const c = comprobantes;
const f = facturasIngreso;

/** The comprobante statuses an income invoice shows (sealed-only and rejected attempts do not). */
const VISIBLE: ComprobanteStatus[] = ['pre_factura', 'timbrada', 'cancelada'];

const STATUS_OF: Partial<Record<ComprobanteStatus, FacturaStatus>> = {
  pre_factura: 'pre_factura',
  timbrada: 'timbrada',
  cancelada: 'cancelled',
};

const columns = {
  id: c.id,
  status: c.status,
  serie_id: c.serie_id,
  serie: c.serie,
  folio: c.folio,
  fecha: c.fecha,
  total: c.total,
  uuid: c.uuid,
  rfc_emisor: c.rfc_emisor,
  rfc_receptor: c.rfc_receptor,
  estatus_cancelacion: c.estatus_cancelacion,
  motivo_cancelacion: c.motivo_cancelacion,
  folio_sustitucion: c.folio_sustitucion,
  fecha_timbrado: c.fecha_timbrado,
  xml_timbrado: c.xml_timbrado,
  client_id: f.client_id,
  client_name: f.client_name,
  client_rfc: f.client_rfc,
  metodo_pago: f.metodo_pago,
  moneda: f.moneda,
  tipo_cambio: f.tipo_cambio,
  draft: f.draft,
};

export type FacturaRow = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

function baseWhere(enterpriseId: number): SQL {
  return and(
    eq(c.enterprise_id, enterpriseId),
    eq(c.tipo, 'I'),
    eq(c.serie_kind, 'facturas-ingreso'),
  ) as SQL;
}

const { xml_timbrado: _xml, draft: _draft, ...listColumns } = columns;
void _xml;
void _draft;

function select(db: Db) {
  return db
    .select(columns)
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)));
}

/** The list's columns: no XML and no draft. */
function selectList(db: Db) {
  return db
    .select(listColumns)
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)));
}

export function toListItem(row: Omit<FacturaRow, 'xml_timbrado' | 'draft'>): FacturaListItem {
  const status = STATUS_OF[row.status] ?? 'timbrada';
  const fecha = row.fecha;
  return {
    id: row.id,
    status,
    view_status: facturaViewStatus(status, row.estatus_cancelacion),
    metodo_pago: row.metodo_pago,
    // No payment complements exist yet: the pending amount of a stamped PPD invoice is its total.
    PPD_pending_amount: status === 'timbrada' && row.metodo_pago === 'PPD' ? row.total : null,
    year: Number(fecha.slice(0, 4)) || 0,
    month_key: fecha.slice(5, 7),
    serie: row.serie,
    folio: row.status === 'pre_factura' ? null : row.folio,
    client_id: row.client_id,
    client_name: row.client_name,
    client_rfc: row.client_rfc,
    fecha,
    moneda: row.moneda,
    total: row.total,
    uuid: row.uuid,
    estatus_cancelacion: row.estatus_cancelacion,
  };
}

/** One income invoice or pre-invoice of the enterprise, or null (also for another enterprise's id). */
export async function findFactura(db: Db, enterpriseId: number, id: number) {
  const [row] = await select(db).where(
    and(baseWhere(enterpriseId), eq(c.id, id), inArray(c.status, VISIBLE)),
  );
  return (row as FacturaRow | undefined) ?? null;
}

/** One page of the list rows matching `where`, newest first, and how many match in all. */
async function listPage(db: Db, where: SQL | undefined, page: { number: number; size: number }) {
  const rows = await selectList(db)
    .where(where)
    .orderBy(desc(c.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export interface FacturaFilters {
  rfcName: string;
  fromDate: string | null;
  toDate: string | null;
  series: string[];
  status: FacturaStatus | null;
  metodoPago: 'PUE' | 'PPD' | null;
}

const NO_FILTERS: FacturaFilters = {
  rfcName: '',
  fromDate: null,
  toDate: null,
  series: [],
  status: null,
  metodoPago: null,
};

export async function listFacturas(
  db: Db,
  enterpriseId: number,
  filters: FacturaFilters = NO_FILTERS,
  page: { number: number; size: number },
) {
  const conditions: (SQL | undefined)[] = [baseWhere(enterpriseId)];
  const dbStatus: ComprobanteStatus | null =
    filters.status === 'cancelled' ? 'cancelada' : filters.status;
  conditions.push(dbStatus ? eq(c.status, dbStatus) : inArray(c.status, VISIBLE));
  if (filters.rfcName) {
    const p = likePattern(filters.rfcName);
    conditions.push(
      sql`(${f.client_name} ilike ${p} or ${f.client_rfc} ilike ${p} or ${c.uuid} ilike ${p})`,
    );
  }
  if (filters.fromDate) conditions.push(sql`substr(${c.fecha}, 1, 10) >= ${filters.fromDate}`);
  if (filters.toDate) conditions.push(sql`substr(${c.fecha}, 1, 10) <= ${filters.toDate}`);
  if (filters.series.length) {
    conditions.push(
      inArray(
        sql`upper(${c.serie})`,
        filters.series.map((s) => s.toUpperCase()),
      ),
    );
  }
  if (filters.metodoPago) conditions.push(eq(f.metodo_pago, filters.metodoPago));
  const { rows, total } = await listPage(db, and(...conditions), page);
  return { rows: rows.map(toListItem), total };
}

/** Stamped PPD invoices with their pending amount (total minus stamped payments: none exist yet). */
export async function listPpdPending(
  db: Db,
  enterpriseId: number,
  page: { number: number; size: number },
) {
  const where = and(baseWhere(enterpriseId), eq(c.status, 'timbrada'), eq(f.metodo_pago, 'PPD'));
  const { rows, total } = await listPage(db, where, page);
  const data: PpdPendingPayment[] = rows.map((r) => ({
    id: r.id,
    serie: r.serie,
    folio: r.folio,
    uuid: r.uuid ?? '',
    client_id: r.client_id,
    client_name: r.client_name,
    client_rfc: r.client_rfc,
    fecha: r.fecha,
    moneda: r.moneda,
    tipo_cambio: r.tipo_cambio,
    total: r.total,
    PPD_pending_amount: r.total,
  }));
  return { rows: data, total };
}

export interface DraftRowValues {
  client_id: number;
  client_name: string;
  client_rfc: string;
  metodo_pago: 'PUE' | 'PPD';
  moneda: string;
  tipo_cambio: string | null;
  product_service_ids: number[];
  draft: FacturaDraft;
}

export function draftRowValues(
  draft: FacturaDraft,
  receptor: { rfc: string; nombre: string },
): DraftRowValues {
  return {
    client_id: draft.client_id,
    client_name: receptor.nombre,
    client_rfc: receptor.rfc,
    metodo_pago: draft.metodo_pago,
    moneda: draft.moneda,
    tipo_cambio: draft.tipo_cambio,
    product_service_ids: [...new Set(draft.partidas.map((p) => p.product_service_id))],
    draft,
  };
}

/** A pre-invoice: a comprobante in status pre_factura with its draft. */
export async function insertPreFactura(
  tx: Db,
  enterpriseId: number,
  comprobante: {
    serie_id: number;
    serie: string;
    fecha: string;
    rfc_emisor: string;
    rfc_receptor: string;
    total: string;
  },
  values: DraftRowValues,
): Promise<number> {
  const [row] = await tx
    .insert(c)
    .values({
      enterprise_id: enterpriseId,
      tipo: 'I',
      serie_kind: 'facturas-ingreso',
      status: 'pre_factura',
      ...comprobante,
    })
    .returning({ id: c.id });
  if (!row) throw new Error('insertPreFactura returned no row');
  await tx.insert(f).values({ enterprise_id: enterpriseId, comprobante_id: row.id, ...values });
  return row.id;
}

/** Replaces a pre-invoice's draft; false when it is no longer a pre-invoice. */
export async function updatePreFactura(
  tx: Db,
  enterpriseId: number,
  id: number,
  comprobante: {
    serie_id: number;
    serie: string;
    fecha: string;
    rfc_emisor: string;
    rfc_receptor: string;
    total: string;
  },
  values: DraftRowValues,
): Promise<boolean> {
  const updated = await tx
    .update(c)
    .set({ ...comprobante, updated_at: new Date() })
    .where(and(baseWhere(enterpriseId), eq(c.id, id), eq(c.status, 'pre_factura')))
    .returning({ id: c.id });
  if (updated.length === 0) return false;
  await tx
    .update(f)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(f.enterprise_id, enterpriseId), eq(f.comprobante_id, id)));
  return true;
}

/** Deletes a pre-invoice (its draft goes with it); false when it is not a pre-invoice. */
export async function deletePreFactura(tx: Db, enterpriseId: number, id: number) {
  const rows = await tx
    .delete(c)
    .where(and(baseWhere(enterpriseId), eq(c.id, id), eq(c.status, 'pre_factura')))
    .returning({ id: c.id });
  return rows.length > 0;
}

/** Stores the draft of a sealed or stamped comprobante (once: a retry keeps the first). */
export async function insertDraftRow(
  tx: Db,
  enterpriseId: number,
  comprobanteId: number,
  values: DraftRowValues,
) {
  await tx
    .insert(f)
    .values({ enterprise_id: enterpriseId, comprobante_id: comprobanteId, ...values })
    .onConflictDoNothing();
}

/**
 * How many stamping attempts of a pre-invoice the PAC rejected: the number of its next attempt.
 * Keys are `<prefix><n>`, so concurrent requests share one key (one stamp), a lost answer is resent
 * under the same key, and only a rejection opens a new attempt.
 */
export async function countRechazadas(db: Db, enterpriseId: number, keyPrefix: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(
      and(
        eq(c.enterprise_id, enterpriseId),
        eq(c.status, 'rechazada'),
        like(c.idempotency_key, `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A sealed invoice of the enterprise with exactly this draft whose PAC answer never arrived: sending
 * the same form again resends it instead of sealing a second invoice.
 */
export async function findSelladaConDraft(db: Db, enterpriseId: number, draft: FacturaDraft) {
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)))
    .where(
      and(
        baseWhere(enterpriseId),
        eq(c.status, 'sellada'),
        sql`${f.draft} = ${JSON.stringify(draft)}::jsonb`,
      ),
    )
    .orderBy(desc(c.id))
    .limit(1);
  return row ?? null;
}

/** A stamped invoice of the enterprise by UUID, with its XML (motivo 01 checks). */
export async function findTimbradaByUuid(db: Db, enterpriseId: number, uuid: string) {
  const [row] = await db
    .select({ id: c.id, status: c.status, xml_timbrado: c.xml_timbrado })
    .from(c)
    .where(and(eq(c.enterprise_id, enterpriseId), eq(c.uuid, uuid)));
  return row ?? null;
}

/** Whether an income invoice or pre-invoice names this client (it cannot be deleted then). */
export async function clientHasFacturas(db: Db, enterpriseId: number, clientId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(f)
    .where(and(eq(f.enterprise_id, enterpriseId), eq(f.client_id, clientId)))
    .limit(1);
  return row !== undefined;
}

/** Whether an income invoice or pre-invoice has a line of this product or service. */
export async function productHasFacturas(db: Db, enterpriseId: number, productId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(f)
    .where(
      and(
        eq(f.enterprise_id, enterpriseId),
        sql`${f.product_service_ids} @> array[${productId}]::integer[]`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
