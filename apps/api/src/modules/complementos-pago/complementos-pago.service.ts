import { lugarDelPago } from '@repo/cfdi/calc';
import { DECIMALES_MONEDA } from '@repo/cfdi/catalogos';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import type {
  CancelarPagoRequest,
  CancelarPagoResponse,
  ComplementoPagoRequest,
  ComplementoPagoResponse,
  DocumentoRelacionado,
  PagoItem,
  PagosDeFacturaResponse,
  SaldoFactura,
} from '@repo/contracts/complementos-pago';
import { facturaViewStatus } from '@repo/contracts/facturas';
import { AppError } from '../../http/errors.ts';
import { getBalance } from '../credits/credits.service.ts';
import { findSerie } from '../series/series.queries.ts';
import { cancelarDocumento } from '../timbrado/cancelacion.service.ts';
import { emitirDocumento } from '../timbrado/emision.ts';
import { FACTURA_NO_EXISTE } from './complemento-pago-mensajes.ts';
import { complementoPago, type Deps } from './complemento-pago-tipo.ts';
import {
  documentosDePagos,
  findFacturasPagables,
  findPago,
  listPagosDeFactura,
  pagadoTimbrado,
  saldosComprometidos,
  type PagoRow,
} from './complementos-pago.queries.ts';

export const PAGO_NO_EXISTE = 'El pago no existe.';
export const PAGO_YA_CANCELADO = 'El complemento de pago ya está cancelado.';
export const SOLO_PAGO_TIMBRADO = 'Solo se puede cancelar un complemento de pago timbrado.';
export const PAGO_SIN_SUSTITUTO =
  'El motivo 01 se aplica al sustituir el complemento de pago: timbre el que lo sustituye con POST /api/facturacion/V40/complemento-pago?sustituye=<id de este>; se relaciona con el tipo 04 y este se cancela con el motivo 01 y el folio fiscal del nuevo.';

function decimales(moneda: string): number {
  return DECIMALES_MONEDA[moneda] ?? 2;
}

/**
 * The invoice's balance: its total minus its stamped, not cancelled payments (spec section 4) and
 * its credit notes in force (Pagos 2.0: the next ImpSaldoAnt is the balance after them).
 */
export async function saldoFactura(
  deps: Pick<Deps, 'db'>,
  enterpriseId: number,
  facturaId: number,
): Promise<SaldoFactura> {
  const [factura] = await findFacturasPagables(deps.db, enterpriseId, [facturaId]);
  if (!factura) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  const [pagos, previos] = await Promise.all([
    pagadoTimbrado(deps.db, enterpriseId, [facturaId]),
    saldosComprometidos(deps.db, enterpriseId, [facturaId]),
  ]);
  const previo = previos.get(facturaId)!;
  const d = decimales(factura.moneda);
  const pagado = new Decimal(pagos.get(facturaId)?.pagado ?? '0');
  const neto = new Decimal(factura.total || '0').minus(previo.acreditado);
  return {
    factura_id: facturaId,
    moneda: factura.moneda,
    total: factura.total,
    pagado: formatear(pagado, d),
    acreditado: formatear(new Decimal(previo.acreditado), d),
    saldo: formatear(neto.minus(pagado), d),
    // As a payment of the whole balance would be numbered (lugarDelPago).
    siguiente_parcialidad: lugarDelPago(
      neto.toFixed(),
      previo.enVigor,
      neto.minus(pagado).toFixed(),
    ).NumParcialidad,
  };
}

const STATUS_DE: Partial<Record<string, PagoItem['comprobante']['status']>> = {
  timbrada: 'timbrada',
  cancelada: 'cancelled',
  sellada: 'pendiente_pac',
  rechazada: 'rechazada',
};

async function pagoItems(
  deps: Pick<Deps, 'db'>,
  enterpriseId: number,
  rows: PagoRow[],
  facturaId: number | null,
): Promise<PagoItem[]> {
  const docs = await documentosDePagos(
    deps.db,
    enterpriseId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const documentos: DocumentoRelacionado[] = docs
      .filter((d) => d.comprobante_id === r.id)
      .map((d) => {
        const dec = decimales(d.moneda_dr);
        return {
          factura_id: d.factura_id,
          serie: d.serie,
          folio: d.folio,
          uuid: d.uuid ?? '',
          moneda: d.moneda_dr,
          equivalencia: d.equivalencia_dr,
          num_parcialidad: d.num_parcialidad,
          importe_saldo_anterior: formatear(new Decimal(d.imp_saldo_ant), dec),
          importe_pagado: formatear(new Decimal(d.imp_pagado), dec),
          importe_saldo_insoluto: formatear(new Decimal(d.imp_saldo_insoluto), dec),
        };
      });
    const propio = documentos.find((d) => d.factura_id === facturaId) ?? documentos[0];
    if (!propio) throw new Error(`payment ${r.id} has no related document`);
    const status = STATUS_DE[r.status] ?? 'timbrada';
    return {
      id: r.id,
      comprobante: {
        id: r.id,
        status,
        view_status:
          status === 'rechazada'
            ? 'Rechazado por el PAC'
            : facturaViewStatus(status, r.estatus_cancelacion),
        serie: r.serie,
        folio: r.folio,
        uuid: r.uuid ?? '',
        fecha: r.fecha,
        fecha_timbrado: r.fecha_timbrado,
        estatus_cancelacion: r.estatus_cancelacion,
        motivo_cancelacion: r.motivo_cancelacion,
        rechazo:
          r.status === 'rechazada'
            ? { codigo: r.rechazo_codigo, mensaje: r.rechazo_mensaje }
            : null,
      },
      documento_relacionado: propio,
      documentos,
      client_id: r.client_id,
      client_name: r.client_name,
      client_rfc: r.client_rfc,
      fecha_pago: r.fecha_pago,
      forma_pago: r.forma_pago,
      moneda_p: r.moneda_p,
      tipo_cambio_p: r.tipo_cambio_p,
      monto: formatear(new Decimal(r.monto), decimales(r.moneda_p)),
      num_operacion: r.num_operacion,
    };
  });
}

/** GET /facturacion/V40/complemento-pago/{facturaId}: the invoice's payments, newest first. */
export async function listarPagos(
  deps: Pick<Deps, 'db'>,
  enterpriseId: number,
  facturaId: number,
): Promise<PagosDeFacturaResponse> {
  const saldo = await saldoFactura(deps, enterpriseId, facturaId);
  const rows = await listPagosDeFactura(deps.db, enterpriseId, facturaId);
  return { data: await pagoItems(deps, enterpriseId, rows, facturaId), saldo };
}

/**
 * POST /facturacion/V40/complemento-pago: the payment's CFDI tipo P through the shared lifecycle
 * (one credit, the serie's next folio, sealed, PAC). Nothing is stamped when a rule refuses it.
 */
export async function registrarPago(
  deps: Deps,
  enterpriseId: number,
  request: ComplementoPagoRequest,
  sustituye: number | null = null,
): Promise<ComplementoPagoResponse> {
  const { idempotency_key, ...draft } = request;
  const avisos: string[] = [];
  const row = await emitirDocumento(
    deps,
    complementoPago(deps, avisos),
    enterpriseId,
    draft,
    { idempotencyKey: idempotency_key ?? null },
    { sustituye: sustituye === null ? null : { id: sustituye } },
  );
  const pago = await findPago(deps.db, enterpriseId, row.id);
  if (!pago) throw new Error(`payment ${row.id} was stamped without its data`);
  const [item] = await pagoItems(deps, enterpriseId, [pago], request.factura_id);
  const serie = await findSerie(deps.db, enterpriseId, request.serie_id);
  return {
    data: item!,
    saldo: await saldoFactura(deps, enterpriseId, request.factura_id),
    serie: {
      id: request.serie_id,
      serie: serie?.serie ?? row.serie,
      folio: serie?.folio ?? (row.folio ?? 0) + 1,
    },
    user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
    ...(avisos.length ? { avisos } : {}),
  };
}

/**
 * POST /facturacion/V40/complemento-pago/{id}/cancelar: cancels the payment's CFDI through the PAC;
 * once the SAT says Cancelado the payment no longer counts and the balance comes back.
 */
export async function cancelarPago(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: CancelarPagoRequest,
): Promise<CancelarPagoResponse> {
  const row = await findPago(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', PAGO_NO_EXISTE);
  const { estado } = await cancelarDocumento(deps, {
    enterpriseId,
    documento: row,
    motivo: request.motivo,
    folioSustitucion: request.folio_sustitucion,
    mensajes: {
      yaCancelado: PAGO_YA_CANCELADO,
      soloTimbrado: SOLO_PAGO_TIMBRADO,
      sinSustituto: PAGO_SIN_SUSTITUTO,
    },
  });
  const actual = await findPago(deps.db, enterpriseId, id);
  const [item] = await pagoItems(deps, enterpriseId, [actual ?? row], null);
  return {
    data: item!,
    saldo: await saldoFactura(deps, enterpriseId, item!.documento_relacionado.factura_id),
    estado: estado.estado,
  };
}
