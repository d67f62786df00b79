import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { PpdPendingPayment } from '@repo/contracts/facturas';
import { DECIMALES_MONEDA } from '@repo/cfdi/catalogos';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';
import { baseWhere, pendiente, selectList } from './facturas.queries.ts';
import { pagosSinComplemento } from './pagos-vigentes.queries.ts';

export interface PpdFiltros {
  clientId: number | null;
  fromDate: string | null;
  toDate: string | null;
  hoy: string;
}

/**
 * Stamped PPD invoices that still owe something, oldest first, filtered by client and dates.
 *
 * Which invoices owe, and in what order, is read from facturas_saldos (migration 0024: each stamped
 * PPD invoice's Fecha and total beside the Σ of its stamped payments, kept by the stamp and the
 * cancellation of the invoice and of its payments), through an index holding only the invoices that
 * owe: the page's ids and the count without summing the enterprise's payments. The page's own rows
 * then come with their columns and payments as in the invoice list.
 */
export async function listPpdPending(
  db: Db,
  enterpriseId: number,
  filtros: PpdFiltros,
  page: { number: number; size: number },
) {
  const where: SQL[] = [
    sql`s.enterprise_id = ${enterpriseId}`,
    sql`s.ppd`,
    // Owes while its payments and credit notes do not cover it (migration 0032).
    sql`s.total > s.pagado + s.acreditado`,
  ];
  if (filtros.clientId) where.push(sql`s.client_id = ${filtros.clientId}`);
  if (filtros.fromDate) {
    // A Fecha whose day is on or after the date is itself on or after it (a string is never before
    // its own beginning): the same rows, found from the index's range.
    where.push(sql`s.fecha >= ${filtros.fromDate}`);
    where.push(sql`substr(s.fecha, 1, 10) >= ${filtros.fromDate}`);
  }
  if (filtros.toDate) where.push(sql`substr(s.fecha, 1, 10) <= ${filtros.toDate}`);
  const matching = sql`from facturas_saldos s where ${sql.join(where, sql` and `)}`;
  const offset = (page.number - 1) * page.size;
  const hits = rowsOf<{ id: number }>(
    await db.execute(sql`select s.factura_id as id ${matching}
       order by s.fecha, s.factura_id limit ${page.size} offset ${offset}`),
  );
  // A page that is not full (the first one even empty) is the last one: its total needs no count.
  let total = offset + hits.length;
  if (hits.length === page.size || (hits.length === 0 && offset > 0)) {
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n ${matching}`),
    );
    total = Number(count?.n ?? 0);
  }
  const ids = hits.map((h) => Number(h.id));
  const rows = ids.length
    ? await selectList(db)
        .where(and(baseWhere(enterpriseId), inArray(c.id, ids)))
        .orderBy(asc(c.fecha), asc(c.id))
    : [];
  const sinComplemento = await pagosSinComplemento(db, enterpriseId, ids);
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
    PPD_pending_amount: pendiente(r.total, r.pagado, r.moneda, r.acreditado),
    pagado: formatear(new Decimal(r.pagado), DECIMALES_MONEDA[r.moneda] ?? 2),
    fecha_ultimo_pago: r.ultimo_pago,
    pago_sin_complemento: sinComplemento.get(r.id) ?? null,
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

/** settings_v40.has_ppd_invoices: true from the enterprise's first stamped PPD invoice on. */
export async function marcarFacturasPpd(db: Db, enterpriseId: number) {
  await db.execute(
    sql`update enterprises set has_ppd_invoices = true
         where id = ${enterpriseId} and not has_ppd_invoices`,
  );
}
