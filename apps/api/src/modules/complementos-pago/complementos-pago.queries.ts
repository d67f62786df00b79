import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ComplementoPagoRequest } from '@repo/contracts/complementos-pago';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { complementosPago, pagosDocumentos } from '../../db/schema/complementos-pago.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { facturasIngreso } from '../../db/schema/facturas.ts';

export { saldosComprometidos, type SaldoPrevio } from './saldos-previos.queries.ts';

const c = comprobantes;
const f = facturasIngreso;

/** An income invoice a payment may relate: its comprobante, its draft's data and its stamped XML. */
export async function findFacturasPagables(db: Db, enterpriseId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: c.id,
      status: c.status,
      serie: c.serie,
      folio: c.folio,
      fecha: c.fecha,
      total: c.total,
      uuid: c.uuid,
      xml_timbrado: c.xml_timbrado,
      client_id: f.client_id,
      client_name: f.client_name,
      client_rfc: f.client_rfc,
      metodo_pago: f.metodo_pago,
      moneda: f.moneda,
    })
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)))
    .where(
      and(
        eq(c.enterprise_id, enterpriseId),
        eq(c.tipo, 'I'),
        inArray(c.id, ids),
        inArray(c.status, ['pre_factura', 'timbrada', 'cancelada']),
      ),
    );
}
export type FacturaPagable = Awaited<ReturnType<typeof findFacturasPagables>>[number];

/**
 * Locks the invoices' comprobante rows until the transaction ends (concurrent payments on one
 * invoice queue here) and answers their status.
 */
export async function bloquearFacturas(tx: Db, enterpriseId: number, ids: number[]) {
  const rows = rowsOf<{ id: number; status: string }>(
    await tx.execute(sql`
      select id, status from comprobantes
       where enterprise_id = ${enterpriseId}
         and id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
       order by id
         for update`),
  );
  return new Map(rows.map((r) => [Number(r.id), r.status]));
}

export interface DocumentoGuardado {
  factura_id: number;
  num_parcialidad: number;
  moneda_dr: string;
  equivalencia_dr: string;
  imp_saldo_ant: string;
  imp_pagado: string;
  imp_saldo_insoluto: string;
}

/** The payment's data and its DoctoRelacionado rows, with its sealed comprobante (once). */
export async function insertComplemento(
  tx: Db,
  enterpriseId: number,
  comprobanteId: number,
  values: {
    client_id: number;
    client_name: string;
    client_rfc: string;
    fecha_pago: string;
    forma_pago: string;
    moneda_p: string;
    tipo_cambio_p: string;
    monto: string;
    num_operacion: string;
    draft: ComplementoPagoRequest;
  },
  documentos: DocumentoGuardado[],
) {
  await tx
    .insert(complementosPago)
    .values({ enterprise_id: enterpriseId, comprobante_id: comprobanteId, ...values })
    .onConflictDoNothing();
  if (documentos.length === 0) return;
  await tx
    .insert(pagosDocumentos)
    .values(
      documentos.map((d) => ({ enterprise_id: enterpriseId, comprobante_id: comprobanteId, ...d })),
    )
    .onConflictDoNothing();
}

const pagoColumns = {
  id: c.id,
  status: c.status,
  serie: c.serie,
  folio: c.folio,
  uuid: c.uuid,
  fecha: c.fecha,
  fecha_timbrado: c.fecha_timbrado,
  estatus_cancelacion: c.estatus_cancelacion,
  motivo_cancelacion: c.motivo_cancelacion,
  rechazo_codigo: c.rechazo_codigo,
  rechazo_mensaje: c.rechazo_mensaje,
  client_id: complementosPago.client_id,
  client_name: complementosPago.client_name,
  client_rfc: complementosPago.client_rfc,
  fecha_pago: complementosPago.fecha_pago,
  forma_pago: complementosPago.forma_pago,
  moneda_p: complementosPago.moneda_p,
  tipo_cambio_p: complementosPago.tipo_cambio_p,
  monto: complementosPago.monto,
  num_operacion: complementosPago.num_operacion,
};

function selectPagos(db: Db) {
  return db
    .select(pagoColumns)
    .from(c)
    .innerJoin(
      complementosPago,
      and(
        eq(complementosPago.enterprise_id, c.enterprise_id),
        eq(complementosPago.comprobante_id, c.id),
      ),
    );
}
export type PagoRow = Awaited<ReturnType<typeof findPago>> & object;

/**
 * The payments of an invoice, newest first: stamped and cancelled ones, and the attempts that did not
 * end stamped (sealed and waiting for the PAC, or rejected with its reason: their folio is used).
 */
export async function listPagosDeFactura(db: Db, enterpriseId: number, facturaId: number) {
  return selectPagos(db)
    .where(
      and(
        eq(c.enterprise_id, enterpriseId),
        inArray(c.status, ['timbrada', 'cancelada', 'sellada', 'rechazada']),
        sql`exists (select 1 from pagos_documentos pd
                     where pd.enterprise_id = ${c.enterprise_id} and pd.comprobante_id = ${c.id}
                       and pd.factura_id = ${facturaId})`,
      ),
    )
    .orderBy(desc(c.id));
}

/** One payment of the enterprise (its comprobante id), whatever its status. */
export async function findPago(db: Db, enterpriseId: number, id: number) {
  const [row] = await selectPagos(db).where(and(eq(c.enterprise_id, enterpriseId), eq(c.id, id)));
  return row ?? null;
}

/** The DoctoRelacionado rows of some payments, with the invoices' serie, folio and UUID. */
export async function documentosDePagos(db: Db, enterpriseId: number, pagoIds: number[]) {
  if (pagoIds.length === 0) return [];
  return db
    .select({
      comprobante_id: pagosDocumentos.comprobante_id,
      factura_id: pagosDocumentos.factura_id,
      num_parcialidad: pagosDocumentos.num_parcialidad,
      moneda_dr: pagosDocumentos.moneda_dr,
      equivalencia_dr: pagosDocumentos.equivalencia_dr,
      imp_saldo_ant: pagosDocumentos.imp_saldo_ant,
      imp_pagado: pagosDocumentos.imp_pagado,
      imp_saldo_insoluto: pagosDocumentos.imp_saldo_insoluto,
      serie: c.serie,
      folio: c.folio,
      uuid: c.uuid,
    })
    .from(pagosDocumentos)
    .innerJoin(
      c,
      and(eq(c.enterprise_id, pagosDocumentos.enterprise_id), eq(c.id, pagosDocumentos.factura_id)),
    )
    .where(
      and(
        eq(pagosDocumentos.enterprise_id, enterpriseId),
        inArray(pagosDocumentos.comprobante_id, pagoIds),
      ),
    )
    .orderBy(pagosDocumentos.factura_id);
}

/** Σ of the stamped payments of each invoice: what counts as paid (spec section 4). */
export async function pagadoTimbrado(db: Db, enterpriseId: number, facturaIds: number[]) {
  const out = new Map<number, { pagado: string; pagos: number; ultimo: string | null }>();
  if (facturaIds.length === 0) return out;
  const rows = await db
    .select({
      factura_id: pagosDocumentos.factura_id,
      pagado: sql<string>`coalesce(sum(${pagosDocumentos.imp_pagado}), 0)::text`,
      pagos: sql<number>`count(*)::int`,
      ultimo: sql<string | null>`max(${complementosPago.fecha_pago})`,
    })
    .from(pagosDocumentos)
    .innerJoin(
      c,
      and(
        eq(c.enterprise_id, pagosDocumentos.enterprise_id),
        eq(c.id, pagosDocumentos.comprobante_id),
      ),
    )
    .innerJoin(
      complementosPago,
      and(
        eq(complementosPago.enterprise_id, pagosDocumentos.enterprise_id),
        eq(complementosPago.comprobante_id, pagosDocumentos.comprobante_id),
      ),
    )
    .where(
      and(
        eq(pagosDocumentos.enterprise_id, enterpriseId),
        inArray(pagosDocumentos.factura_id, facturaIds),
        eq(c.status, 'timbrada'),
      ),
    )
    .groupBy(pagosDocumentos.factura_id);
  for (const r of rows)
    out.set(r.factura_id, {
      pagado: r.pagado,
      pagos: Number(r.pagos),
      ultimo: r.ultimo,
    });
  return out;
}
