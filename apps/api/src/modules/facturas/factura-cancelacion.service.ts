import {
  facturaViewStatus,
  type CancelacionResponse,
  type CancelarFacturaRequest,
  type FacturaStatus,
} from '@repo/contracts/facturas';
import { AppError } from '../../http/errors.ts';
import { cancelarDocumento, consultarEstadoComprobante } from '../timbrado/cancelacion.service.ts';
import type { Deps } from './factura-tipo.ts';
import { findFactura } from './facturas.queries.ts';
import { pagosVigentesDeFactura } from './pagos-vigentes.queries.ts';
import { FACTURA_NO_EXISTE } from './facturas.service.ts';

/** Cancelling a stamped invoice before the SAT, and refreshing its cancellation status. */

export const MOTIVO_01_SIN_SUSTITUTO =
  'El motivo 01 se aplica al sustituir la factura: en su detalle elija «Sustituir», corrija los datos y timbre; al timbrarse la nueva factura, esta se cancela con el motivo 01 y el folio fiscal de la nueva.';
export function facturaConPagos(factura: string, pagos: readonly string[]): string {
  const varios = pagos.length > 1;
  return `La factura ${factura} tiene ${varios ? 'complementos' : 'un complemento'} de pago vigente${varios ? 's' : ''}: ${pagos.join(', ')}. Primero cancele ${varios ? 'esos complementos' : 'ese complemento'} de pago y después la factura; no se envió nada al PAC.`;
}
export const FACTURA_YA_CANCELADA = 'La factura ya está cancelada.';
export const SOLO_TIMBRADA_CANCELAR = 'Solo se puede cancelar una factura timbrada.';

function statusDe(status: string): FacturaStatus {
  return status === 'cancelada'
    ? 'cancelled'
    : status === 'pre_factura'
      ? 'pre_factura'
      : 'timbrada';
}

/** POST /facturacion/V40/cancelar-factura: asks the PAC and answers the SAT status it reports. */
export async function cancelarFactura(
  deps: Deps,
  enterpriseId: number,
  request: CancelarFacturaRequest,
): Promise<CancelacionResponse> {
  const row = await findFactura(deps.db, enterpriseId, request.factura_id);
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  if (row.status === 'timbrada') await exigirSinPagosVigentes(deps, enterpriseId, row);
  const resultado = await cancelarDocumento(deps, {
    enterpriseId,
    documento: row,
    motivo: request.motivo,
    folioSustitucion: request.folio_sustitucion,
    mensajes: {
      yaCancelado: FACTURA_YA_CANCELADA,
      soloTimbrado: SOLO_TIMBRADA_CANCELAR,
      sinSustituto: MOTIVO_01_SIN_SUSTITUTO,
    },
  });
  return cancelacionResponse(row.id, resultado);
}

/**
 * A PPD invoice with payment complements in force cannot be cancelled: the SAT's cancellation
 * service marks a CFDI that CFDI in force relate (here the DoctoRelacionado of its payments) "No
 * cancelable", and the PAC answers "El UUID contiene CFDI relacionados". Said in words, naming the
 * complements (serie-folio and UUID), before the PAC is asked.
 */
async function exigirSinPagosVigentes(
  deps: Deps,
  enterpriseId: number,
  factura: { id: number; serie: string | null; folio: number | null },
) {
  const pagos = await pagosVigentesDeFactura(deps.db, enterpriseId, factura.id);
  if (pagos.length === 0) return;
  const nombre = (p: { serie: string | null; folio: number | null }) =>
    [p.serie, p.folio].filter((x) => x !== null && x !== '').join('-');
  throw new AppError(
    'CONFLICT',
    facturaConPagos(
      nombre(factura),
      pagos.map((p) =>
        p.uuid ? `${nombre(p)} (UUID ${p.uuid.toUpperCase()})` : `${nombre(p)} (en espera del PAC)`,
      ),
    ),
  );
}

/** What cancelling and refreshing the SAT status answer: the invoice's statuses and the SAT's. */
function cancelacionResponse(
  facturaId: number,
  { comprobante, estado }: Awaited<ReturnType<typeof consultarEstadoComprobante>>,
): CancelacionResponse {
  const status = statusDe(comprobante.status);
  return {
    factura_id: facturaId,
    status,
    view_status: facturaViewStatus(status, comprobante.estatus_cancelacion),
    estado: estado.estado,
    es_cancelable: estado.esCancelable,
    estatus_cancelacion: comprobante.estatus_cancelacion,
    motivo_cancelacion: comprobante.motivo_cancelacion,
    folio_sustitucion: comprobante.folio_sustitucion,
  };
}

/** POST /facturacion/V40/facturas-ingreso/{id}/estado-cancelacion: the SAT status, refreshed. */
export async function consultarEstadoFactura(
  deps: Deps,
  enterpriseId: number,
  id: number,
): Promise<CancelacionResponse> {
  const row = await findFactura(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  if (row.status === 'pre_factura' || !row.uuid) {
    throw new AppError(
      'CONFLICT',
      'Una pre-factura no tiene estado ante el SAT: primero timbrela.',
    );
  }
  const resultado = await consultarEstadoComprobante(deps, {
    enterpriseId,
    comprobanteId: row.id,
  });
  return cancelacionResponse(row.id, resultado);
}
