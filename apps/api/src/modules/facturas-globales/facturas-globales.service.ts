import { parseComprobanteXml } from '@repo/cfdi/xml';
import {
  globalEditable,
  globalViewStatus,
  type CancelacionGlobalResponse,
  type CancelarGlobalRequest,
  type FacturaGlobalDraft,
  type FacturaGlobalRequest,
  type FacturaGlobalResponse,
  type FacturaGlobalStatus,
} from '@repo/contracts/facturas-globales';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { cfdiDatos } from '../comprobantes/cfdi-datos.ts';
import { diaLocal } from '../timbrado/fecha-comprobante.ts';
import { cancelarDocumento } from '../timbrado/cancelacion.service.ts';
import { emitirDocumento } from '../timbrado/emision.ts';
import {
  deleteGuardada,
  findGlobal,
  insertGuardada,
  lockPeriodo,
  updateGuardada,
  type GlobalRow,
} from './facturas-globales.queries.ts';
import {
  gruposDeRubros,
  partidasCalculadas,
  partidasDelXml,
  periodoDe,
  valoresDeFila,
} from './global-builder.ts';
import { cargarContexto, exigirPeriodoLibre, facturaGlobal, validarGlobal } from './global-tipo.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';

export const GLOBAL_NO_EXISTE = 'La factura global no existe.';
export const SOLO_GUARDADA_EDITAR =
  'Solo se puede modificar una factura global guardada: una timbrada ya no cambia.';
export const GLOBAL_NO_EDITABLE =
  'Esta factura global guardada es de hace más de 2 años y ya no se puede modificar.';
export const GLOBAL_YA_CANCELADA = 'La factura global ya está cancelada.';
export const SOLO_TIMBRADA_CANCELAR = 'Solo se puede cancelar una factura global timbrada.';
export const GLOBAL_SIN_SUSTITUTO =
  'El motivo 01 se aplica al sustituir la factura global: timbre la que la sustituye con POST /api/facturacion/V40/facturas-globales?sustituye=<id de esta>; se relaciona con el tipo 04 y esta se cancela con el motivo 01 y el folio fiscal de la nueva.';

export type Deps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos'>;

export function statusDe(status: string): FacturaGlobalStatus {
  if (status === 'pre_factura') return 'saved';
  if (status === 'cancelada') return 'cancelled';
  if (status === 'sellada') return 'pendiente_pac';
  return 'timbrada';
}

/** Spec section 9: the current year is the enterprise's (its postal code's zone). */
export async function anioActual(deps: Deps, enterpriseId: number): Promise<number> {
  const datos = await findDatosFiscales(deps.db, enterpriseId);
  const zona =
    deps.catalogos.codigosPostales.zonaHoraria(datos?.codigo_postal ?? '') ?? 'America/Mexico_City';
  return Number(diaLocal(deps.now(), zona).slice(0, 4));
}

/** The stored draft: the request without its id and key, the serie by id only. */
function draftDe(request: FacturaGlobalRequest): FacturaGlobalDraft {
  const { id: _id, idempotency_key: _key, ...draft } = request;
  void _id;
  void _key;
  return { ...draft, serie: { id: draft.serie.id } };
}

// ---------------------------------------------------------------------------------- saving

/**
 * POST /facturacion/V40/facturas-globales/save: saves the global (status saved; no folio, no credit).
 * With `id`, replaces that saved global's data. Every rule but the date-bound ones is checked first;
 * one saved global per period.
 */
export async function saveGlobal(
  deps: Deps,
  enterpriseId: number,
  request: FacturaGlobalRequest,
): Promise<FacturaGlobalResponse> {
  const draft = draftDe(request);
  if (request.id !== null) await guardadaEditable(deps, enterpriseId, request.id);
  const ctx = await cargarContexto(deps, enterpriseId, draft);
  const previa = validarGlobal(deps, ctx, draft, deps.now(), { timbrando: false });
  const values = valoresDeFila(draft, partidasDelXml(previa, draft).totales);
  const comprobante = {
    serie_id: ctx.serie.id,
    serie: ctx.serie.serie,
    fecha: previa.Fecha,
    rfc_emisor: previa.Emisor.Rfc,
    rfc_receptor: previa.Receptor.Rfc,
    total: previa.Total,
  };
  const id = await withTransaction(deps.db, async (tx) => {
    await lockPeriodo(tx, enterpriseId, draft.year);
    await exigirPeriodoLibre(tx, enterpriseId, draft, 'emitida', null);
    await exigirPeriodoLibre(tx, enterpriseId, draft, 'guardada', request.id);
    if (request.id === null) return insertGuardada(tx, enterpriseId, comprobante, values);
    const ok = await updateGuardada(tx, enterpriseId, request.id, comprobante, values);
    if (!ok) throw new AppError('CONFLICT', SOLO_GUARDADA_EDITAR);
    return request.id;
  });
  return getGlobal(deps, enterpriseId, id);
}

async function guardadaEditable(deps: Deps, enterpriseId: number, id: number) {
  const row = await findGlobal(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', GLOBAL_NO_EXISTE);
  if (row.status !== 'pre_factura') throw new AppError('CONFLICT', SOLO_GUARDADA_EDITAR);
  if (!globalEditable('saved', row.anio, await anioActual(deps, enterpriseId)))
    throw new AppError('CONFLICT', GLOBAL_NO_EDITABLE);
  return row;
}

// ---------------------------------------------------------------------------------- stamping

/**
 * POST /facturacion/V40/facturas-globales: stamps the global through the shared lifecycle. With
 * `id` (a saved global), its stamp replaces it (a new id, answered) and the attempt's key is
 * `global-guardada:<id>:<n>`; otherwise the client's idempotency key makes a retry answer the
 * first stamp.
 */
export async function timbrarGlobal(
  deps: Deps,
  enterpriseId: number,
  request: FacturaGlobalRequest,
  sustituye: number | null = null,
): Promise<FacturaGlobalResponse> {
  const draft = draftDe(request);
  if (request.id !== null) await guardadaEditable(deps, enterpriseId, request.id);
  const stamped = await emitirDocumento(
    deps,
    facturaGlobal(deps),
    enterpriseId,
    draft,
    request.id !== null
      ? { borrador: { prefijo: `global-guardada:${request.id}:` } }
      : { idempotencyKey: request.idempotency_key },
    { sustituye: sustituye === null ? null : { id: sustituye } },
  );
  if (request.id !== null) {
    const guardada = request.id;
    await withTransaction(deps.db, (tx) => deleteGuardada(tx, enterpriseId, guardada));
  }
  return getGlobal(deps, enterpriseId, stamped.id);
}

// ---------------------------------------------------------------------------------- reading

/** GET /facturacion/V40/facturas-globales/{id}. */
export async function getGlobal(
  deps: Deps,
  enterpriseId: number,
  id: number,
): Promise<FacturaGlobalResponse> {
  const row = await findGlobal(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', GLOBAL_NO_EXISTE);
  return detalle(deps, enterpriseId, row);
}

async function detalle(
  deps: Deps,
  enterpriseId: number,
  row: GlobalRow,
): Promise<FacturaGlobalResponse> {
  const status = statusDe(row.status);
  const draft = row.draft;
  const p = periodoDe(draft);
  const cfdi = row.xml_timbrado ? parseComprobanteXml(row.xml_timbrado) : null;
  let calc = cfdi ? partidasDelXml(cfdi, draft) : null;
  if (!calc) {
    const { ok } = gruposDeRubros(await getRubros(deps.db, enterpriseId));
    calc = partidasCalculadas({ grupos: ok }, draft);
  }
  return {
    id: row.id,
    status,
    view_status: globalViewStatus(status, row.estatus_cancelacion),
    editable: globalEditable(status, row.anio, await anioActual(deps, enterpriseId)),
    formaPago: draft.formaPago,
    creationDate: draft.creationDate,
    month: draft.month,
    year: draft.year,
    periodicidad: draft.periodicidad,
    dia: draft.dia ?? null,
    meses: p.meses,
    periodo: p.nombre,
    periodo_inicio: p.inicio,
    periodo_fin: p.fin,
    serie: { id: draft.serie.id, serie: row.serie, folio: row.folio },
    partidas: calc?.partidas ?? [],
    totales: calc?.totales ?? {
      subtotal: row.subtotal,
      descuento: null,
      impuestos: row.impuestos,
      total: row.total,
      ventas: row.ventas,
    },
    uuid: row.uuid,
    fecha: cfdi ? cfdi.Fecha : null,
    estatus_cancelacion: row.estatus_cancelacion,
    cfdi: cfdi ? { ...cfdiDatos(cfdi), conceptos: [] } : null,
    limite_emision: p.limite,
  };
}

// ---------------------------------------------------------------------------------- cancelling

/** POST .../facturas-globales/{id}/cancelar: asks the PAC; the period is free once cancelled. */
export async function cancelarGlobal(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: CancelarGlobalRequest,
): Promise<CancelacionGlobalResponse> {
  const row = await findGlobal(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', GLOBAL_NO_EXISTE);
  const { comprobante, estado } = await cancelarDocumento(deps, {
    enterpriseId,
    documento: { id: row.id, status: row.status, uuid: row.uuid },
    motivo: request.motivo,
    folioSustitucion: request.folio_sustitucion,
    mensajes: {
      yaCancelado: GLOBAL_YA_CANCELADA,
      soloTimbrado: SOLO_TIMBRADA_CANCELAR,
      sinSustituto: GLOBAL_SIN_SUSTITUTO,
    },
  });
  const status = statusDe(comprobante.status);
  return {
    id: row.id,
    status,
    view_status: globalViewStatus(status, comprobante.estatus_cancelacion),
    estado: estado.estado,
    es_cancelable: estado.esCancelable,
    estatus_cancelacion: comprobante.estatus_cancelacion,
  };
}
