import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { FacturaStatus, PpdPendingPayment } from '@repo/contracts/facturas';
import { DECIMALES_MONEDA } from '@repo/cfdi/catalogos';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import type { Db } from '../../db/client.ts';
import { comprobantes, type ComprobanteStatus } from '../../db/schema/comprobantes.ts';
import { pagosDocumentos as pd } from '../../db/schema/complementos-pago.ts';
import { facturasIngreso } from '../../db/schema/facturas.ts';
import { likePattern } from '../clients/clients.queries.ts';
import {
  VISIBLE,
  baseWhere,
  pagadoSql,
  pendiente,
  selectList,
  toListItem,
} from './facturas.queries.ts';

/** The invoice list and its filters, and the PPD receivables: one page of the enterprise's. */

const c = comprobantes;
const f = facturasIngreso;
/** A payment's comprobante, beside the invoice's. */
const pago = alias(comprobantes, 'p');

/** Σ imp_pagado of the stamped payments of each of the enterprise's invoices, in one pass. */
function pagadosDe(db: Db, enterpriseId: number) {
  return db
    .select({
      factura_id: pd.factura_id,
      pagado: sql<string>`sum(${pd.imp_pagado})`.as('pagado'),
    })
    .from(pd)
    .innerJoin(pago, and(eq(pago.enterprise_id, pd.enterprise_id), eq(pago.id, pd.comprobante_id)))
    .where(and(eq(pd.enterprise_id, enterpriseId), eq(pago.status, 'timbrada')))
    .groupBy(pd.factura_id)
    .as('pagados');
}

/**
 * One page of the list rows matching `where` in `order`, and how many match in all. The page's ids
 * come first (from the indexes, no columns, no payment sums for the rows skipped by a deep page),
 * then its columns for its own rows only (`scope`: the enterprise's). A page that is not full (the
 * first one even empty) is the last one, so it gives the total without counting: a search whose
 * matches fit in one page reads the rows once, not once for the page and again for the count.
 */
async function listPage(
  db: Db,
  query: { scope: SQL; where: SQL | undefined; order: SQL[]; pagados?: Pagados | undefined },
  page: { number: number; size: number },
) {
  const offset = (page.number - 1) * page.size;
  const hits = await joined(db.select({ id: c.id }).from(c).$dynamic(), query)
    .orderBy(...query.order)
    .limit(page.size)
    .offset(offset);
  let total = offset + hits.length;
  if (hits.length === page.size || (hits.length === 0 && offset > 0)) {
    const [count] = await joined(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .$dynamic(),
      query,
    );
    total = Number(count?.n ?? 0);
  }
  const ids = hits.map((h) => h.id);
  const rows = ids.length
    ? await selectList(db)
        .where(and(query.scope, inArray(c.id, ids)))
        .orderBy(...query.order)
    : [];
  return { rows, total };
}
type Pagados = ReturnType<typeof pagadosDe>;

/** The invoice's draft row and, for the PPD list, its stamped payments' sum; then `where`. */
function joined<Q extends PgSelect>(
  q: Q,
  query: { where: SQL | undefined; pagados?: Pagados | undefined },
) {
  q.innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)));
  if (query.pagados) q.leftJoin(query.pagados, eq(query.pagados.factura_id, c.id));
  return q.where(query.where);
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

/** The list's filters as one condition (also the export's, so both show the same invoices). */
export function facturasWhere(enterpriseId: number, filters: FacturaFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [baseWhere(enterpriseId)];
  const dbStatus: ComprobanteStatus | null =
    filters.status === 'cancelled'
      ? 'cancelada'
      : filters.status === 'pendiente_pac'
        ? 'sellada'
        : filters.status;
  conditions.push(dbStatus ? eq(c.status, dbStatus) : inArray(c.status, VISIBLE));
  if (filters.rfcName) {
    const p = likePattern(filters.rfcName);
    // A UUID holds only hexadecimal digits and hyphens: a text with any other character cannot be
    // part of one, so only the name and RFC as invoiced are searched (the same answer, without
    // reading the invoices' comprobante rows).
    conditions.push(
      /^[0-9a-f-]+$/i.test(filters.rfcName)
        ? sql`(${f.client_name} ilike ${p} or ${f.client_rfc} ilike ${p} or ${c.uuid} ilike ${p})`
        : sql`(${f.client_name} ilike ${p} or ${f.client_rfc} ilike ${p})`,
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
  return and(...conditions);
}

export async function listFacturas(
  db: Db,
  enterpriseId: number,
  filters: FacturaFilters = NO_FILTERS,
  page: { number: number; size: number },
) {
  const { rows, total } = await listPage(
    db,
    {
      scope: baseWhere(enterpriseId),
      where: facturasWhere(enterpriseId, filters),
      order: [desc(c.id)],
    },
    page,
  );
  return { rows: rows.map(toListItem), total };
}

/** Stamped PPD invoices that still owe something, oldest first, filtered by client and dates. */
export async function listPpdPending(
  db: Db,
  enterpriseId: number,
  filtros: { clientId: number | null; fromDate: string | null; toDate: string | null; hoy: string },
  page: { number: number; size: number },
) {
  // Every PPD invoice: its payments summed in one pass; a client's or a period's few: looked up
  // per invoice (summing all the enterprise's payments would cost more than the invoices shown).
  const pagados =
    filtros.clientId || filtros.fromDate || filtros.toDate
      ? undefined
      : pagadosDe(db, enterpriseId);
  const conditions: (SQL | undefined)[] = [
    baseWhere(enterpriseId),
    eq(c.status, 'timbrada'),
    eq(f.metodo_pago, 'PPD'),
    pagados
      ? sql`${c.total}::numeric > coalesce(${pagados.pagado}, 0)`
      : sql`${c.total}::numeric > ${pagadoSql}::numeric`,
  ];
  if (filtros.clientId) conditions.push(eq(f.client_id, filtros.clientId));
  if (filtros.fromDate) conditions.push(sql`substr(${c.fecha}, 1, 10) >= ${filtros.fromDate}`);
  if (filtros.toDate) conditions.push(sql`substr(${c.fecha}, 1, 10) <= ${filtros.toDate}`);
  const { rows, total } = await listPage(
    db,
    {
      scope: baseWhere(enterpriseId),
      where: and(...conditions),
      order: [asc(c.fecha), asc(c.id)],
      pagados,
    },
    page,
  );
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
    PPD_pending_amount: pendiente(r.total, r.pagado, r.moneda),
    pagado: formatear(new Decimal(r.pagado), DECIMALES_MONEDA[r.moneda] ?? 2),
    fecha_ultimo_pago: r.ultimo_pago,
    dias_desde_emision: Math.max(
      0,
      Math.round(
        (Date.parse(`${filtros.hoy}T00:00:00Z`) - Date.parse(`${r.fecha.slice(0, 10)}T00:00:00Z`)) /
          86_400_000,
      ),
    ),
  }));
  return { rows: data, total };
}
