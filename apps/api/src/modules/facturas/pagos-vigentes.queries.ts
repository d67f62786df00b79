import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { pagosEnVigor } from '../comprobantes/pagos-en-vigor.queries.ts';

/**
 * The payment complements in force that relate an invoice (stamped, or sealed and waiting for the
 * PAC), oldest first: while any exists the invoice cannot be cancelled.
 */
export async function pagosVigentesDeFactura(db: Db, enterpriseId: number, facturaId: number) {
  const pagos = await pagosEnVigor(db, enterpriseId, [facturaId]);
  return pagos.map(({ id, status, serie, folio, uuid }) => ({ id, status, serie, folio, uuid }));
}

/**
 * For each invoice, the date of the oldest payment received whose complement is not stamped: sealed
 * and waiting for the PAC, or refused by it after the last one stamped (a refusal followed by a
 * stamped payment was registered again). Invoices without such a payment are absent.
 */
export async function pagosSinComplemento(db: Db, enterpriseId: number, facturaIds: number[]) {
  const out = new Map<number, string>();
  if (facturaIds.length === 0) return out;
  const rows = rowsOf<{ factura_id: number; fecha_pago: string }>(
    await db.execute(sql`
      select pd.factura_id, min(cp.fecha_pago) as fecha_pago
        from pagos_documentos pd
        join comprobantes c on c.enterprise_id = pd.enterprise_id and c.id = pd.comprobante_id
        join complementos_pago cp
          on cp.enterprise_id = pd.enterprise_id and cp.comprobante_id = pd.comprobante_id
       where pd.enterprise_id = ${enterpriseId}
         and pd.factura_id in (${sql.join(
           facturaIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         and (c.status = 'sellada'
              or (c.status = 'rechazada'
                  and c.id > coalesce((select max(t.id)
                                         from pagos_documentos tp
                                         join comprobantes t
                                           on t.enterprise_id = tp.enterprise_id
                                          and t.id = tp.comprobante_id
                                        where tp.enterprise_id = pd.enterprise_id
                                          and tp.factura_id = pd.factura_id
                                          and t.status = 'timbrada'), 0)))
       group by pd.factura_id`),
  );
  for (const r of rows) out.set(Number(r.factura_id), r.fecha_pago);
  return out;
}
