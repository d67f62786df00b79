import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

/** Income invoices (facturas_ingreso, 0011) with their comprobante (0010). */
const FACTURAS = sql`comprobantes c join facturas_ingreso f
  on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id`;

/** A total in MXN: foreign-currency invoices at their TipoCambio. */
const TOTAL_MXN = sql`(nullif(c.total, '')::numeric * coalesce(f.tipo_cambio, 1))`;

/** Stamped, not cancelled, income invoices per `AAAA-MM` of their CFDI Fecha, from `desde` on. */
export async function totalesPorMes(db: Db, enterpriseId: number, desde: string) {
  const result = await db.execute(
    sql`select substr(c.fecha, 1, 7) as mes,
               round(coalesce(sum(${TOTAL_MXN}), 0), 2)::text as total,
               count(*)::int as facturas
          from ${FACTURAS}
         where c.enterprise_id = ${enterpriseId} and c.tipo = 'I' and c.status = 'timbrada'
           and c.fecha >= ${desde}
         group by 1`,
  );
  return rowsOf<{ mes: string; total: string; facturas: number }>(result);
}

/** PPD income invoices still owed (stamped, not cancelled) and cancellations still in process. */
export async function pendientes(db: Db, enterpriseId: number) {
  const result = await db.execute(
    sql`select round(coalesce(sum(${TOTAL_MXN}) filter (where f.metodo_pago = 'PPD'), 0), 2)::text as por_cobrar,
               (count(*) filter (where f.metodo_pago = 'PPD'))::int as facturas_ppd,
               (count(*) filter (where c.estatus_cancelacion = 'En proceso'))::int as en_proceso
          from ${FACTURAS}
         where c.enterprise_id = ${enterpriseId} and c.tipo = 'I' and c.status = 'timbrada'`,
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
