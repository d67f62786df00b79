import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pagosDocumentos } from '../../db/schema/complementos-pago.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';

/**
 * The payment complements in force that relate the invoices (stamped, or sealed and waiting for the
 * PAC), oldest first, one row per invoice they pay: what holds an invoice's balance and keeps it from
 * being cancelled. Cancelled and rejected ones are absent, and so are `excluir` (the payment a
 * substitute replaces: its original is cancelled once the substitute is stamped).
 */
export async function pagosEnVigor(
  db: Db,
  enterpriseId: number,
  facturaIds: number[],
  excluir: readonly number[] = [],
) {
  if (facturaIds.length === 0) return [];
  return db
    .select({
      factura_id: pagosDocumentos.factura_id,
      id: c.id,
      status: c.status,
      serie: c.serie,
      folio: c.folio,
      uuid: c.uuid,
      num_parcialidad: pagosDocumentos.num_parcialidad,
      imp_pagado: pagosDocumentos.imp_pagado,
      imp_saldo_ant: pagosDocumentos.imp_saldo_ant,
      xml: sql<string | null>`coalesce(${c.xml_timbrado}, ${c.xml_sellado})`,
    })
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
        inArray(pagosDocumentos.factura_id, facturaIds),
        inArray(c.status, ['timbrada', 'sellada']),
        excluir.length ? notInArray(c.id, [...excluir]) : undefined,
      ),
    )
    .orderBy(asc(c.id));
}
