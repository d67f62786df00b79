import { sql } from 'drizzle-orm';
import { Decimal } from '@repo/cfdi/decimal';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { pagosEnVigor } from './pagos-en-vigor.queries.ts';
import { reduccionesEnVigor } from './reducciones-en-vigor.queries.ts';

// The invoices a document of a reducing type relates (decision 012, `efectoEnSaldo: 'reduce'`): a
// credit note, an advance's application. Shared by those types, owned by none (issue 25).

/**
 * An income invoice a reducing document (a credit note, an advance's application) may relate, with
 * its stamped XML and the client it was for.
 */
export interface FacturaAcreditable {
  id: number;
  status: string;
  serie: string;
  folio: number | null;
  uuid: string | null;
  total: string;
  xml_timbrado: string | null;
  client_id: number;
  client_name: string;
  client_rfc: string;
  moneda: string;
  tipo_cambio: string | null;
  metodo_pago: string;
}

const lista = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The income invoices among `ids` (any status), with their draft's client and currency. */
export async function findFacturasAcreditables(
  db: Db,
  enterpriseId: number,
  ids: readonly number[],
): Promise<FacturaAcreditable[]> {
  if (ids.length === 0) return [];
  return rowsOf<FacturaAcreditable>(
    await db.execute(sql`
      select c.id, c.status, c.serie, c.folio, c.uuid, c.total, c.xml_timbrado, f.client_id,
             f.client_name, f.client_rfc, f.moneda, f.tipo_cambio::text as tipo_cambio, f.metodo_pago
        from comprobantes c
        join facturas_ingreso f on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id
       where c.enterprise_id = ${enterpriseId} and c.tipo = 'I' and c.id in (${lista(ids)})`),
  );
}

/** Locks the invoices' rows until the transaction ends (notes and payments of one invoice queue). */
export async function bloquearFacturas(tx: Db, enterpriseId: number, ids: readonly number[]) {
  const rows = rowsOf<{ id: number; status: string }>(
    await tx.execute(sql`
      select id, status from comprobantes
       where enterprise_id = ${enterpriseId} and id in (${lista(ids)})
       order by id for update`),
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * What remains of each invoice: its Total less the credit notes in force and, PPD, the payments in
 * force (stamped, or sealed and waiting for the PAC); a note never takes more (issue 25). Read again
 * inside the reservation with the invoices locked, as payments do, so two notes or a note and a
 * payment sent at once never take more than the invoice's Total together.
 */
export async function restantes(db: Db, enterpriseId: number, facturas: FacturaAcreditable[]) {
  const ids = facturas.map((f) => f.id);
  const [reducciones, pagos] = await Promise.all([
    reduccionesEnVigor(db, enterpriseId, ids),
    pagosEnVigor(db, enterpriseId, ids),
  ]);
  return new Map(
    facturas.map((f) => [
      f.id,
      pagos
        .filter((p) => p.factura_id === f.id)
        .reduce(
          (r, p) => r.minus(p.imp_pagado),
          new Decimal(f.total || '0').minus(reducciones.get(f.id)!.importe),
        )
        .toString(),
    ]),
  );
}
