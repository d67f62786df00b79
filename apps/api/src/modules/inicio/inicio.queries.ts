import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

/** Income invoices (facturas_ingreso, 0011) with their comprobante (0010). */
const FACTURAS = sql`comprobantes c join facturas_ingreso f
  on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id`;

/**
 * Stamped, not cancelled, income invoices per `AAAA-MM` of their CFDI Fecha, from `desde` on: their
 * sum in MXN (at their TipoCambio) and how many, as kept by their stamp and cancellation in
 * facturas_totales_mes (migration 0024) instead of summed over the year's invoices.
 */
export async function totalesPorMes(db: Db, enterpriseId: number, desde: string) {
  const result = await db.execute(
    sql`select mes, round(total, 2)::text as total, facturas
          from facturas_totales_mes
         where enterprise_id = ${enterpriseId} and mes >= ${desde} and facturas > 0`,
  );
  return rowsOf<{ mes: string; total: string; facturas: number }>(result);
}

/**
 * PPD income invoices still owed (stamped, not cancelled, with a balance): the sum of their
 * balances in MXN (total minus stamped payments, at its TipoCambio), how many; and the stamped
 * invoices whose cancellation is still in process. The sum and count are facturas_por_cobrar's
 * (migration 0024: kept as the invoices and their payments are stamped and cancelled).
 */
export async function pendientes(db: Db, enterpriseId: number) {
  const result = await db.execute(
    sql`select coalesce(round(p.total, 2)::text, '0.00') as por_cobrar,
               coalesce(p.facturas, 0)::int as facturas_ppd,
               (select count(*)::int from ${FACTURAS}
                 where c.enterprise_id = ${enterpriseId} and c.tipo = 'I' and c.status = 'timbrada'
                   and c.estatus_cancelacion = 'En proceso') as en_proceso
          from (select ${enterpriseId}::int as enterprise_id) e
          left join facturas_por_cobrar p on p.enterprise_id = e.enterprise_id`,
  );
  return (
    rowsOf<{ por_cobrar: string; facturas_ppd: number; en_proceso: number }>(result)[0] ?? {
      por_cobrar: '0.00',
      facturas_ppd: 0,
      en_proceso: 0,
    }
  );
}

/** The latest income invoices and pre-invoices, newest first. */
export async function recientes(db: Db, enterpriseId: number, limit: number) {
  const result = await db.execute(
    sql`select c.id, c.serie, c.folio, f.client_name, c.total, f.moneda, c.status,
               c.estatus_cancelacion, coalesce(nullif(c.fecha, ''), f.draft->>'fecha', '') as fecha
          from ${FACTURAS}
         where c.enterprise_id = ${enterpriseId} and c.tipo = 'I'
           and c.status in ('pre_factura', 'timbrada', 'cancelada')
         order by c.id desc
         limit ${limit}`,
  );
  return rowsOf<{
    id: number;
    serie: string;
    folio: number | null;
    client_name: string;
    total: string;
    moneda: string;
    status: 'pre_factura' | 'timbrada' | 'cancelada';
    estatus_cancelacion: string;
    fecha: string;
  }>(result);
}
