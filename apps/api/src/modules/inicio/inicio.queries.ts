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
 * What the stamped payment complements (not cancelled) took from each of the enterprise's invoices,
 * in its currency (spec section 4: a payment counts toward the total paid only once stamped): one
 * pass over the enterprise's payments, instead of a lookup per invoice.
 */
const PAGADO_POR_FACTURA = (enterpriseId: number) =>
  sql`select pd.factura_id, sum(pd.imp_pagado::numeric) as pagado
        from pagos_documentos pd
        join comprobantes p on p.enterprise_id = pd.enterprise_id and p.id = pd.comprobante_id
       where pd.enterprise_id = ${enterpriseId} and p.status = 'timbrada'
       group by pd.factura_id`;

/**
 * PPD income invoices still owed (stamped, not cancelled, with a balance): the sum of their
 * balances in MXN (total minus stamped payments, at its TipoCambio), how many; and the stamped
 * invoices whose cancellation is still in process.
 */
export async function pendientes(db: Db, enterpriseId: number) {
  const result = await db.execute(
    sql`with saldos as (
          select (nullif(c.total, '')::numeric - coalesce(pg.pagado, 0)) * coalesce(f.tipo_cambio, 1) as saldo
            from ${FACTURAS}
            left join (${PAGADO_POR_FACTURA(enterpriseId)}) pg on pg.factura_id = c.id
           where c.enterprise_id = ${enterpriseId} and c.tipo = 'I' and c.status = 'timbrada'
             and f.metodo_pago = 'PPD'
        )
        select round(coalesce(sum(saldo) filter (where saldo > 0), 0), 2)::text as por_cobrar,
               (count(*) filter (where saldo > 0))::int as facturas_ppd,
               (select count(*)::int from ${FACTURAS}
                 where c.enterprise_id = ${enterpriseId} and c.tipo = 'I' and c.status = 'timbrada'
                   and c.estatus_cancelacion = 'En proceso') as en_proceso
          from saldos`,
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
