import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pagosDocumentos } from '../../db/schema/complementos-pago.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';

/**
 * The payment complements in force that relate an invoice (stamped, or sealed and waiting for the
 * PAC), oldest first: while any exists the invoice cannot be cancelled.
 */
export async function pagosVigentesDeFactura(db: Db, enterpriseId: number, facturaId: number) {
  return db
    .select({ id: c.id, status: c.status, serie: c.serie, folio: c.folio, uuid: c.uuid })
    .from(pagosDocumentos)
    .innerJoin(
      c,
      and(
        eq(c.enterprise_id, pagosDocumentos.enterprise_id),
        eq(c.id, pagosDocumentos.comprobante_id),
      ),
    )
    .where(
      and(
        eq(pagosDocumentos.enterprise_id, enterpriseId),
        eq(pagosDocumentos.factura_id, facturaId),
        inArray(c.status, ['timbrada', 'sellada']),
      ),
    )
    .orderBy(asc(c.id));
}
