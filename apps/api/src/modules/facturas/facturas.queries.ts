import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import {
  facturaViewStatus,
  type FacturaListItem,
  type FacturaStatus,
} from '@repo/contracts/facturas';
import { DECIMALES_MONEDA } from '@repo/cfdi/catalogos';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import type { Db } from '../../db/client.ts';
import { comprobantes, type ComprobanteStatus } from '../../db/schema/comprobantes.ts';
import { facturasIngreso } from '../../db/schema/facturas.ts';

const c = comprobantes;
const f = facturasIngreso;

/**
 * The comprobante statuses an income invoice shows: a sealed attempt still waiting for the PAC and a
 * rejected one too (its folio is used: the PAC's reason explains the gap, decision 002).
 */
export const VISIBLE: ComprobanteStatus[] = [
  'pre_factura',
  'sellada',
  'timbrada',
  'rechazada',
  'cancelada',
];

const STATUS_OF: Partial<Record<ComprobanteStatus, FacturaStatus>> = {
  pre_factura: 'pre_factura',
  timbrada: 'timbrada',
  cancelada: 'cancelled',
  sellada: 'pendiente_pac',
  rechazada: 'rechazada',
};

/** Σ imp_pagado of the invoice's stamped, not cancelled payments. */
const pagadoSql = sql<string>`coalesce((select sum(pd.imp_pagado) from pagos_documentos pd
      join comprobantes p on p.enterprise_id = pd.enterprise_id and p.id = pd.comprobante_id
     where pd.enterprise_id = ${c.enterprise_id} and pd.factura_id = ${c.id}
       and p.status = 'timbrada'), 0)::text`;

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
  xml_sellado: c.xml_sellado,
  rechazo_codigo: c.rechazo_codigo,
  rechazo_mensaje: c.rechazo_mensaje,
  client_id: f.client_id,
  client_name: f.client_name,
  client_rfc: f.client_rfc,
  metodo_pago: f.metodo_pago,
  moneda: f.moneda,
  tipo_cambio: f.tipo_cambio,
  draft: f.draft,
  /** Σ of the stamped, not cancelled payments (a payment counts only once stamped, spec 4). */
  pagado: pagadoSql.as('pagado'),
  /**
   * Σ of what the stamped credit notes took off it (facturas_saldos.acreditado, kept by the generic
   * balance trigger of migration 0032).
   */
  acreditado: sql<string>`coalesce((select s.acreditado from facturas_saldos s
     where s.enterprise_id = ${c.enterprise_id} and s.factura_id = ${c.id}), 0)::text`.as(
    'acreditado',
  ),
  /** Payment date of the latest stamped payment. */
  ultimo_pago: sql<string | null>`(select max(cp.fecha_pago) from pagos_documentos pd
      join comprobantes p on p.enterprise_id = pd.enterprise_id and p.id = pd.comprobante_id
      join complementos_pago cp on cp.enterprise_id = pd.enterprise_id
                               and cp.comprobante_id = pd.comprobante_id
     where pd.enterprise_id = ${c.enterprise_id} and pd.factura_id = ${c.id}
       and p.status = 'timbrada')`.as('ultimo_pago'),
};

/** Total minus what was paid and what credit notes took off, at the currency's decimals. */
export function pendiente(total: string, pagado: string, moneda: string, acreditado = '0'): string {
  const d = DECIMALES_MONEDA[moneda] ?? 2;
  return formatear(new Decimal(total || '0').minus(pagado || '0').minus(acreditado || '0'), d);
}

type Columnas = Omit<typeof columns, 'pagado' | 'acreditado' | 'ultimo_pago'>;
export type FacturaRow = {
  [K in keyof Columnas]: Columnas[K]['_']['notNull'] extends true
    ? Columnas[K]['_']['data']
    : Columnas[K]['_']['data'] | null;
} & { pagado: string; acreditado: string; ultimo_pago: string | null };

export function baseWhere(enterpriseId: number): SQL {
  return and(
    eq(c.enterprise_id, enterpriseId),
    eq(c.tipo, 'I'),
    eq(c.serie_kind, 'facturas-ingreso'),
  ) as SQL;
}

const { xml_timbrado: _xml, xml_sellado: _sellado, draft: _draft, ...listColumns } = columns;
void _xml;
void _draft;
/** The list's columns (no XML, no draft); the Excel export adds the XML to them. */
export { listColumns };

function select(db: Db) {
  return db
    .select(columns)
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)));
}

/** The list's columns: no XML and no draft. */
export function selectList(db: Db) {
  return db
    .select(listColumns)
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)));
}

export function toListItem(
  row: Omit<FacturaRow, 'xml_timbrado' | 'xml_sellado' | 'draft'>,
): FacturaListItem {
  const status = STATUS_OF[row.status] ?? 'timbrada';
  const fecha = row.fecha;
  return {
    id: row.id,
    status,
    view_status: facturaViewStatus(status, row.estatus_cancelacion),
    metodo_pago: row.metodo_pago,
    // Total minus the stamped payments (spec section 4: a payment counts once stamped) and the
    // stamped credit notes.
    PPD_pending_amount:
      status === 'timbrada' && row.metodo_pago === 'PPD'
        ? pendiente(row.total, row.pagado, row.moneda, row.acreditado)
        : null,
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

/**
 * The invoice a pre-invoice became: stamping a pre-invoice stores a new comprobante (attempt keys
 * `<enterprise>:pre-factura:<id>:<n>`) and deletes the draft, so its old id leads here.
 */
export async function findFacturaDePreFactura(db: Db, enterpriseId: number, preFacturaId: number) {
  const prefijo = `${enterpriseId}:pre-factura:${preFacturaId}:`;
  const [row] = await select(db)
    .where(
      and(
        baseWhere(enterpriseId),
        inArray(c.status, ['timbrada', 'cancelada']),
        like(c.idempotency_key, `${prefijo.replace(/[\\%_]/g, '\\$&')}%`),
      ),
    )
    .orderBy(desc(c.id))
    .limit(1);
  return (row as FacturaRow | undefined) ?? null;
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
