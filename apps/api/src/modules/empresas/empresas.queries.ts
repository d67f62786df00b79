import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

export interface FilaResumen {
  id: number;
  rfc: string;
  razon_social: string;
  nombre_comercial: string;
  rol: 'propietario' | 'administrador' | 'facturista' | 'lectura';
  configurada: boolean;
  creditos: number;
  facturas_mes: number;
  complementos_por_emitir: number;
  cancelaciones_en_proceso: number;
  sello_vence: string | null;
}

/**
 * The accountant's overview (issue 27): every enterprise the user belongs to with its figures, in
 * one statement over the memberships instead of one home screen per enterprise. Each figure is read
 * from what the product already keeps per enterprise, through its primary key or index:
 * - credits: credit_balances (migration 0013, kept by the ledger's trigger);
 * - invoices of the month: facturas_totales_mes (migration 0024, kept by stamp and cancellation);
 * - complements due: invoices with a payment received before `inicioMes` whose complement is sealed
 *   and waiting for the PAC, or refused after the invoice's last stamped one (the same rule as the
 *   pending-payments list's "Pago … sin complemento": pagos-vigentes.queries.ts);
 * - cancellations waiting for the receiver or the SAT: estatus_cancelacion 'En proceso';
 * - the current seal (the newest row of sellos_fiscales) and its expiry.
 */
export async function resumenDeEmpresas(
  db: Db,
  input: { userId: number; mes: string; inicioMes: string },
): Promise<FilaResumen[]> {
  const result = await db.execute(sql`
    select e.id, e.rfc, e.razon_social, e.nombre_comercial, eu.role as rol,
           e.setup_completed as configurada,
           coalesce(b.total, 0)::int as creditos,
           coalesce((select m.facturas from facturas_totales_mes m
                      where m.enterprise_id = eu.enterprise_id and m.mes = ${input.mes}), 0)::int
             as facturas_mes,
           (select count(distinct pd.factura_id)::int
              from pagos_documentos pd
              join comprobantes c on c.enterprise_id = pd.enterprise_id and c.id = pd.comprobante_id
              join complementos_pago cp
                on cp.enterprise_id = pd.enterprise_id and cp.comprobante_id = pd.comprobante_id
             where pd.enterprise_id = eu.enterprise_id
               and cp.fecha_pago < ${input.inicioMes}
               and (c.status = 'sellada'
                    or (c.status = 'rechazada'
                        and c.id > coalesce((select max(t.id)
                                               from pagos_documentos tp
                                               join comprobantes t
                                                 on t.enterprise_id = tp.enterprise_id
                                                and t.id = tp.comprobante_id
                                              where tp.enterprise_id = pd.enterprise_id
                                                and tp.factura_id = pd.factura_id
                                                and t.status = 'timbrada'), 0))))
             as complementos_por_emitir,
           (select count(*)::int from comprobantes c
             where c.enterprise_id = eu.enterprise_id and c.status = 'timbrada'
               and c.estatus_cancelacion = 'En proceso') as cancelaciones_en_proceso,
           (select s.expiration_date from sellos_fiscales s
             where s.enterprise_id = eu.enterprise_id
             order by s.id desc limit 1) as sello_vence
      from enterprise_users eu
      join enterprises e on e.id = eu.enterprise_id
      left join credit_balances b on b.enterprise_id = eu.enterprise_id
     where eu.user_id = ${input.userId}
     order by eu.created_at, eu.enterprise_id`);
  return rowsOf<FilaResumen>(result);
}
