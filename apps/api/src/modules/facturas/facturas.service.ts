import { parseComprobanteXml, type Comprobante } from '@repo/cfdi/xml';
import type { ClientResponse } from '@repo/contracts/clients';
import {
  facturaViewStatus,
  type CancelacionResponse,
  type CancelarFacturaRequest,
  type FacturaDetail,
  type FacturaDraft,
  type FacturaDraftRequest,
  type FacturaStatus,
} from '@repo/contracts/facturas';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { getBalance } from '../credits/credits.service.ts';
import { cancelarDocumento, consultarEstadoComprobante } from '../timbrado/cancelacion.service.ts';
import { marcarFacturasPpd } from '../complementos-pago/complementos-pago.queries.ts';
import { emitirDocumento } from '../timbrado/emision.ts';
import { cfdiDatos } from './cfdi-datos.ts';
import { fechaComprobante } from './factura-fecha.ts';
import { previsualizar } from './factura-previa.ts';
import { partidasDetalle } from './partidas-detalle.ts';
import {
  DATOS_FISCALES_INCOMPLETOS,
  cargarContexto,
  cargarDatos,
  facturaIngreso,
  validarPrevia,
  type Deps,
} from './factura-tipo.ts';
import {
  deletePreFactura,
  findFacturaDePreFactura,
  draftRowValues,
  findFactura,
  insertPreFactura,
  toListItem,
  updatePreFactura,
  type FacturaRow,
} from './facturas.queries.ts';

export {
  CLIENTE_NO_EXISTE,
  DATOS_FISCALES_INCOMPLETOS,
  FECHA_FUERA_DE_RANGO,
  IMPUESTO_NO_EXISTE,
  INFO_GLOBAL_NO_APLICA,
  INFO_GLOBAL_REQUERIDA,
  PRODUCTO_NO_EXISTE,
  SERIE_NO_EXISTE,
} from './factura-tipo.ts';
export { SIN_SELLOS_TIMBRAR } from '../timbrado/emision.ts';

export const FACTURA_NO_EXISTE = 'La factura no existe.';
export const SOLO_PRE_FACTURA_EDITAR =
  'Sólo se puede editar una pre-factura: una factura timbrada ya no cambia.';
export const SOLO_PRE_FACTURA_ELIMINAR =
  'Sólo se puede eliminar una pre-factura: una factura timbrada se cancela.';
export const SOLO_PRE_FACTURA_TIMBRAR = 'Esta factura ya fue timbrada.';
export const MOTIVO_01_SIN_SUSTITUTO =
  'Para cancelar con el motivo 01 primero timbre la factura que sustituye a ésta, relacionándola con el tipo de relación 04 (Sustitución de los CFDI previos), e indique su folio fiscal.';
export const FACTURA_YA_CANCELADA = 'La factura ya está cancelada.';
export const SOLO_TIMBRADA_CANCELAR = 'Sólo se puede cancelar una factura timbrada.';

// ---------------------------------------------------------------------------------- pre-invoices

async function prepararPreFactura(deps: Deps, enterpriseId: number, draft: FacturaDraft) {
  const ctx = await cargarContexto(deps, enterpriseId, draft);
  const comprobante = await validarPrevia(deps, ctx, draft, deps.now(), { timbrando: false });
  return {
    comprobante: {
      serie_id: ctx.serie.id,
      serie: ctx.serie.serie,
      fecha: comprobante.Fecha,
      rfc_emisor: comprobante.Emisor.Rfc,
      rfc_receptor: comprobante.Receptor.Rfc,
      total: comprobante.Total,
    },
    values: draftRowValues(draft, {
      rfc: comprobante.Receptor.Rfc,
      nombre: comprobante.Receptor.Nombre,
    }),
  };
}

/** POST /facturacion/V40/pre-facturas-ingreso: saves a pre-invoice (no folio, no credit). */
export async function savePreFactura(
  deps: Deps,
  enterpriseId: number,
  request: FacturaDraftRequest,
) {
  const p = await prepararPreFactura(deps, enterpriseId, sinClave(request));
  const id = await withTransaction(deps.db, (tx) =>
    insertPreFactura(tx, enterpriseId, p.comprobante, p.values),
  );
  return getFactura(deps, enterpriseId, id);
}

async function preFactura(deps: Deps, enterpriseId: number, id: number, mensaje: string) {
  const row = await findFactura(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  if (row.status !== 'pre_factura') throw new AppError('CONFLICT', mensaje);
  return row;
}

/** PUT /facturacion/V40/pre-facturas-ingreso/{id}: replaces a pre-invoice's data. */
export async function updatePreFacturaDraft(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: FacturaDraftRequest,
) {
  await preFactura(deps, enterpriseId, id, SOLO_PRE_FACTURA_EDITAR);
  const p = await prepararPreFactura(deps, enterpriseId, sinClave(request));
  const ok = await withTransaction(deps.db, (tx) =>
    updatePreFactura(tx, enterpriseId, id, p.comprobante, p.values),
  );
  if (!ok) throw new AppError('CONFLICT', SOLO_PRE_FACTURA_EDITAR);
  return getFactura(deps, enterpriseId, id);
}

/** DELETE /facturacion/V40/pre-facturas-ingreso/{id}. */
export async function removePreFactura(deps: Deps, enterpriseId: number, id: number) {
  await preFactura(deps, enterpriseId, id, SOLO_PRE_FACTURA_ELIMINAR);
  const ok = await withTransaction(deps.db, (tx) => deletePreFactura(tx, enterpriseId, id));
  if (!ok) throw new AppError('CONFLICT', SOLO_PRE_FACTURA_ELIMINAR);
}

// ---------------------------------------------------------------------------------- stamping

function sinClave(request: FacturaDraftRequest): FacturaDraft {
  const { idempotency_key: _omit, ...draft } = request;
  void _omit;
  return draft;
}

/**
 * Stamps a draft through the shared lifecycle (timbrado/emision.ts). From a pre-invoice, the stamped
 * invoice replaces it (a new id, answered); the key of a pre-invoice's attempt is
 * `pre-factura:<id>:<n>`, stable until the PAC rejects one.
 */
async function timbrarDraft(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
  origen: { preFacturaId: number | null; idempotencyKey: string | null },
) {
  const stamped = await emitirDocumento(
    deps,
    facturaIngreso(deps),
    enterpriseId,
    draft,
    origen.preFacturaId !== null
      ? { borrador: { prefijo: `pre-factura:${origen.preFacturaId}:` } }
      : { idempotencyKey: origen.idempotencyKey },
  );
  if (origen.preFacturaId !== null) {
    const preFacturaId = origen.preFacturaId;
    await withTransaction(deps.db, (tx) => deletePreFactura(tx, enterpriseId, preFacturaId));
  }
  // settings_v40.has_ppd_invoices: true from the first stamped PPD invoice on.
  if (draft.metodo_pago === 'PPD') await marcarFacturasPpd(deps.db, enterpriseId);
  return {
    factura: await getFactura(deps, enterpriseId, stamped.id),
    user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
  };
}

/**
 * POST /facturacion/V40/facturas-ingreso: creates and stamps. The attempt's key comes from the
 * `Idempotency-Key` header or, failing that, the body's `idempotency_key`.
 */
export function createFactura(
  deps: Deps,
  enterpriseId: number,
  request: FacturaDraftRequest,
  headerKey: string | null = null,
) {
  return timbrarDraft(deps, enterpriseId, sinClave(request), {
    preFacturaId: null,
    idempotencyKey: headerKey ?? request.idempotency_key,
  });
}

/** POST .../pre-facturas-ingreso/{id}/timbrar (edited data) and .../timbrar-with-pre-factura-original-data. */
export async function timbrarPreFactura(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: FacturaDraftRequest | null,
) {
  if (!(await findFactura(deps.db, enterpriseId, id))) {
    // A retry whose first answer was lost on the way back: the pre-invoice is already the stamped
    // invoice (a new id); answer that instead of "no existe", and stamp nothing again.
    const stamped = await findFacturaDePreFactura(deps.db, enterpriseId, id);
    if (stamped) {
      return {
        factura: await getFactura(deps, enterpriseId, stamped.id),
        user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
      };
    }
  }
  const row = await preFactura(deps, enterpriseId, id, SOLO_PRE_FACTURA_TIMBRAR);
  const draft = request ? sinClave(request) : row.draft;
  return timbrarDraft(deps, enterpriseId, draft, { preFacturaId: id, idempotencyKey: null });
}

// ---------------------------------------------------------------------------------- reading

/** GET /facturacion/V40/facturas-ingreso/{id}: every datum, the draft, the status. */
export async function getFactura(
  deps: Deps,
  enterpriseId: number,
  id: number,
): Promise<FacturaDetail> {
  // A stamped pre-invoice has a new id: its old link answers the stamped invoice (with its id).
  const row =
    (await findFactura(deps.db, enterpriseId, id)) ??
    (await findFacturaDePreFactura(deps.db, enterpriseId, id));
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  return detalle(deps, enterpriseId, row);
}

async function detalle(deps: Deps, enterpriseId: number, row: FacturaRow): Promise<FacturaDetail> {
  const draft = row.draft;
  const { ctx, errores, datosFiscalesCompletos } = await cargarDatos(deps, enterpriseId, draft);
  let cfdi: Comprobante | null = null;
  const cfdiErrores: string[] = [];
  // Stamped: the PAC's XML; sealed (waiting for the PAC, or rejected): the XML that was sent.
  const xml = row.xml_timbrado ?? (row.status === 'pre_factura' ? null : row.xml_sellado);
  if (xml) {
    cfdi = parseComprobanteXml(xml);
  } else if (!datosFiscalesCompletos) {
    cfdiErrores.push(DATOS_FISCALES_INCOMPLETOS);
  } else if (Object.keys(errores).length > 0 || !ctx.client || !ctx.serie) {
    cfdiErrores.push(...Object.values(errores).flat());
  } else {
    const previa = previsualizar({ ...ctx, client: ctx.client, serie: ctx.serie }, draft, {
      folio: ctx.serie.folio,
      fecha: fechaComprobante(draft.fecha, deps.now(), ctx.zona),
      catalogos: deps.catalogos,
    });
    if (previa.ok) cfdi = previa.comprobante;
    cfdiErrores.push(...previa.errores.map((e) => e.message));
  }
  const partidas = partidasDetalle(
    {
      ...ctx,
      client: ctx.client ?? ({} as ClientResponse),
      serie: ctx.serie ?? { id: 0, serie: '', folio: 0 },
    },
    draft,
    xml ? cfdi : null,
  );
  return {
    ...toListItem(row),
    draft,
    partidas,
    cfdi: cfdi ? cfdiDatos(cfdi) : null,
    cfdi_errores: [...new Set(cfdiErrores)],
    fecha_timbrado: row.fecha_timbrado,
    motivo_cancelacion: row.motivo_cancelacion,
    folio_sustitucion: row.folio_sustitucion,
    rechazo:
      row.status === 'rechazada'
        ? { codigo: row.rechazo_codigo, mensaje: row.rechazo_mensaje }
        : null,
  };
}

// ---------------------------------------------------------------------------------- cancelling

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
