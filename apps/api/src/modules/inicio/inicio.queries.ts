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

/**
 * What the stamped payment complements (not cancelled) took from each invoice, in its currency
 * (spec section 4: a payment counts toward the total paid only once stamped).
 */
const PAGADO = sql`coalesce((select sum(pd.imp_pagado::numeric) from pagos_documentos pd
    join comprobantes p on p.enterprise_id = pd.enterprise_id and p.id = pd.comprobante_id
   where pd.enterprise_id = c.enterprise_id and pd.factura_id = c.id
     and p.status = 'timbrada'), 0)`;

/** What a PPD invoice still owes, in MXN: its total minus its stamped payments, at its TipoCambio. */
const SALDO_MXN = sql`((nullif(c.total, '')::numeric - ${PAGADO}) * coalesce(f.tipo_cambio, 1))`;

/**
 * PPD income invoices still owed (stamped, not cancelled, with a balance): the sum of their
 * balances, how many; and cancellations still in process.
 */
export async function pendientes(db: Db, enterpriseId: number) {
  const result = await db.execute(
    sql`select round(coalesce(sum(saldo) filter (where ppd and saldo > 0), 0), 2)::text as por_cobrar,
               (count(*) filter (where ppd and saldo > 0))::int as facturas_ppd,
               (count(*) filter (where en_proceso))::int as en_proceso
          from (select f.metodo_pago = 'PPD' as ppd,
                       case when f.metodo_pago = 'PPD' then ${SALDO_MXN} else 0 end as saldo,
                       c.estatus_cancelacion = 'En proceso' as en_proceso
                  from ${FACTURAS}
                 where c.enterprise_id = ${enterpriseId} and c.tipo = 'I'
                   and c.status = 'timbrada') x`,
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
