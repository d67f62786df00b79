import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { parseComprobanteXml, buildIngreso, type Comprobante } from '@repo/cfdi/xml';
import { REGIMEN_626_RECEPTOR_FISICA, REGIMEN_626_RECEPTOR_MORAL } from '@repo/cfdi/validacion';
import type { ClientResponse } from '@repo/contracts/clients';
import {
  REGLA_626_FISICA_MESSAGE,
  REGLA_626_MORAL_HINT,
  REGLA_626_MORAL_MESSAGE,
  SELLOS_EXPIRADOS_MESSAGE,
  facturaViewStatus,
  type CancelacionResponse,
  type CancelarFacturaRequest,
  type FacturaDetail,
  type FacturaDraft,
  type FacturaDraftRequest,
  type FacturaStatus,
} from '@repo/contracts/facturas';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { impuestos as impuestosTable } from '../../db/schema/impuestos.ts';
import { AppError } from '../../http/errors.ts';
import { findClient } from '../clients/clients.queries.ts';
import { getBalance } from '../credits/credits.service.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findLocalTax } from '../impuestos/local-taxes.ts';
import { findProductService } from '../products-services/products-services.queries.ts';
import { findCurrentSellos } from '../sellos-fiscales/sellos-fiscales.queries.ts';
import { findSerie } from '../series/series.queries.ts';
import {
  cancelarComprobante,
  consultarEstadoComprobante,
} from '../timbrado/cancelacion.service.ts';
import { findComprobanteByIdempotencyKey } from '../timbrado/timbrado.queries.ts';
import {
  claveIdempotencia,
  reenviarComprobante,
  timbrarComprobante,
} from '../timbrado/timbrado.service.ts';
import { cfdiDatos } from './cfdi-datos.ts';
import {
  campoDelDraft,
  diaLocal,
  diasEntre,
  esPublicoEnGeneralGlobal,
  fechaComprobante,
  ingresoDraft,
  partidasDetalle,
  previsualizar,
  type ContextoFactura,
  type ErrorCampo,
  type ImpuestoFederal,
  type ImpuestoLocalDato,
  conflictoDeImpuestos,
} from './factura-builder.ts';
import {
  deletePreFactura,
  draftRowValues,
  findFactura,
  countRechazadas,
  findSelladaConDraft,
  findTimbradaByUuid,
  insertDraftRow,
  insertPreFactura,
  toListItem,
  updatePreFactura,
  type FacturaRow,
} from './facturas.queries.ts';

export const FACTURA_NO_EXISTE = 'La factura no existe.';
export const SOLO_PRE_FACTURA_EDITAR =
  'Sólo se puede editar una pre-factura: una factura timbrada ya no cambia.';
export const SOLO_PRE_FACTURA_ELIMINAR =
  'Sólo se puede eliminar una pre-factura: una factura timbrada se cancela.';
export const SOLO_PRE_FACTURA_TIMBRAR = 'Esta factura ya fue timbrada.';
export const DATOS_FISCALES_INCOMPLETOS =
  'Registra tus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de facturar.';
export const SIN_SELLOS_TIMBRAR = 'Registra tus sellos digitales (CSD) antes de timbrar.';
export const FECHA_FUERA_DE_RANGO =
  'La fecha de la factura debe ser de hoy o de hasta dos días atrás: el SAT no timbra comprobantes con más de 72 horas.';
export const CLIENTE_NO_EXISTE = 'El cliente no existe.';
export const SERIE_NO_EXISTE = 'La serie no existe o no es de facturas de ingreso.';
export const PRODUCTO_NO_EXISTE = 'El producto o servicio no existe.';
export const IMPUESTO_NO_EXISTE = 'El impuesto seleccionado no existe.';
export const INFO_GLOBAL_REQUERIDA =
  'Para facturar a PUBLICO EN GENERAL indique la periodicidad, el mes y el año de la información global.';
export const INFO_GLOBAL_NO_APLICA =
  'La información global sólo se indica cuando el cliente es PUBLICO EN GENERAL (RFC XAXX010101000).';
export const MOTIVO_01_SIN_SUSTITUTO =
  'Para cancelar con el motivo 01 primero timbre la factura que sustituye a ésta, relacionándola con el tipo de relación 04 (Sustitución de los CFDI previos), e indique su folio fiscal.';
export const FACTURA_YA_CANCELADA = 'La factura ya está cancelada.';
export const SOLO_TIMBRADA_CANCELAR = 'Sólo se puede cancelar una factura timbrada.';

type Deps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos'>;
type Campos = Record<string, string[]>;

function agregar(campos: Campos, field: string, message: string) {
  const list = (campos[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** The master data a draft names; never throws: what is missing comes back in `errores`. */
async function cargarDatos(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
): Promise<{
  ctx: Omit<ContextoFactura, 'client' | 'serie'> & {
    client: ClientResponse | null;
    serie: ContextoFactura['serie'] | null;
  };
  errores: Campos;
  datosFiscalesCompletos: boolean;
}> {
  const { db } = deps;
  const errores: Campos = {};
  const [datos, client, serie] = await Promise.all([
    findDatosFiscales(db, enterpriseId),
    findClient(db, enterpriseId, draft.client_id),
    findSerie(db, enterpriseId, draft.serie_id),
  ]);
  if (!client) agregar(errores, 'client_id', CLIENTE_NO_EXISTE);
  if (!serie || serie.kind !== 'facturas-ingreso') agregar(errores, 'serie_id', SERIE_NO_EXISTE);

  const productIds = [...new Set(draft.partidas.map((p) => p.product_service_id))];
  const productos = new Map<number, ProductServiceResponse>();
  for (const id of productIds) {
    const p = await findProductService(db, enterpriseId, id);
    if (p) productos.set(id, p);
  }
  const taxIds = [
    ...new Set(
      draft.partidas.flatMap((p) => [...p.impuestos_trasladados, ...p.impuestos_retenidos]),
    ),
  ];
  const impuestos = new Map<number, ImpuestoFederal>();
  if (taxIds.length) {
    const rows = await db
      .select({
        id: impuestosTable.id,
        tipo: impuestosTable.tipo,
        tax_type: impuestosTable.tax_type,
        tipo_factor: impuestosTable.tipo_factor,
        value: impuestosTable.value,
      })
      .from(impuestosTable)
      .where(
        and(eq(impuestosTable.enterprise_id, enterpriseId), inArray(impuestosTable.id, taxIds)),
      );
    for (const r of rows) impuestos.set(r.id, r);
  }
  const locales = new Map<string, ImpuestoLocalDato>();
  draft.partidas.forEach((p, i) => {
    if (!productos.has(p.product_service_id)) {
      agregar(errores, `partidas.${i}.product_service_id`, PRODUCTO_NO_EXISTE);
    }
    const federal = (ids: number[], tipo: 'trasladado' | 'retenido', campo: string) => {
      for (const id of ids) {
        if (impuestos.get(id)?.tipo !== tipo)
          agregar(errores, `partidas.${i}.${campo}`, IMPUESTO_NO_EXISTE);
      }
    };
    federal(p.impuestos_trasladados, 'trasladado', 'impuestos_trasladados');
    federal(p.impuestos_retenidos, 'retenido', 'impuestos_retenidos');
    const conflicto = conflictoDeImpuestos(
      [...new Set([...p.impuestos_trasladados, ...p.impuestos_retenidos])].flatMap((id) => {
        const impuesto = impuestos.get(id);
        return impuesto ? [impuesto] : [];
      }),
    );
    if (conflicto) agregar(errores, `partidas.${i}.${conflicto.campo}`, conflicto.mensaje);
    const local = (ids: string[], tipo: 'trasladado' | 'retenido', campo: string) => {
      for (const id of ids) {
        const l = findLocalTax(id);
        if (!l || l.tipo !== tipo) agregar(errores, `partidas.${i}.${campo}`, IMPUESTO_NO_EXISTE);
        else locales.set(id, { id, tipo, impuesto: l.impuesto, tasa: l.tasa });
      }
    };
    local(p.impuestos_locales_trasladados, 'trasladado', 'impuestos_locales_trasladados');
    local(p.impuestos_locales_retenidos, 'retenido', 'impuestos_locales_retenidos');
  });
  if (client) {
    const global = esPublicoEnGeneralGlobal(client);
    if (global && !draft.informacion_global) {
      agregar(errores, 'informacion_global', INFO_GLOBAL_REQUERIDA);
    }
    if (!global && draft.informacion_global) {
      agregar(errores, 'informacion_global', INFO_GLOBAL_NO_APLICA);
    }
  }
  const cp = datos?.codigo_postal ?? '';
  const datosFiscalesCompletos = Boolean(
    datos?.rfc && datos.razon_social && datos.regimen_fiscal && /^\d{5}$/.test(cp),
  );
  return {
    ctx: {
      emisor: {
        rfc: datos?.rfc ?? '',
        nombre: datos?.razon_social ?? '',
        regimenFiscal: datos?.regimen_fiscal ?? '',
        codigoPostal: cp,
      },
      zona: deps.catalogos.codigosPostales.zonaHoraria(cp) ?? 'America/Mexico_City',
      client,
      serie: serie && serie.kind === 'facturas-ingreso' ? serie : null,
      productos,
      impuestos,
      locales,
    },
    errores,
    datosFiscalesCompletos,
  };
}

/** The complete context, or the Spanish reason why the draft cannot be built (nothing changes). */
async function cargarContexto(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
): Promise<ContextoFactura> {
  const { ctx, errores, datosFiscalesCompletos } = await cargarDatos(deps, enterpriseId, draft);
  if (!datosFiscalesCompletos) {
    throw new AppError('BAD_REQUEST', DATOS_FISCALES_INCOMPLETOS, { persistent: true });
  }
  if (Object.keys(errores).length > 0 || !ctx.client || !ctx.serie) {
    throw new AppError('VALIDATION', errores);
  }
  return { ...ctx, client: ctx.client, serie: ctx.serie };
}

function porCampo(errores: readonly ErrorCampo[]): Campos {
  const campos: Campos = {};
  for (const e of errores) agregar(campos, e.field, e.message);
  return campos;
}

const CODIGOS_626: readonly string[] = [
  REGIMEN_626_RECEPTOR_MORAL.code,
  REGIMEN_626_RECEPTOR_FISICA.code,
];

/**
 * Builds and validates the CFDI the draft describes. When stamping, the régimen 626 rules answer
 * 400 with the spec's persistent messages; a pre-invoice may be saved without them.
 */
function validarPrevia(
  deps: Deps,
  ctx: ContextoFactura,
  draft: FacturaDraft,
  instante: Date,
  opciones: { timbrando: boolean },
): Comprobante {
  const previa = previsualizar(ctx, draft, {
    folio: ctx.serie.folio,
    fecha: fechaComprobante(draft.fecha, instante, ctx.zona),
    catalogos: deps.catalogos,
  });
  if (!previa.ok) throw new AppError('VALIDATION', porCampo(previa.errores));
  const regla626 = previa.errores.find((e) => CODIGOS_626.includes(e.code));
  if (regla626 && opciones.timbrando) {
    const moral = regla626.code === REGIMEN_626_RECEPTOR_MORAL.code;
    throw new AppError(
      'BAD_REQUEST',
      moral ? `${REGLA_626_MORAL_MESSAGE} ${REGLA_626_MORAL_HINT}` : REGLA_626_FISICA_MESSAGE,
      { persistent: true },
    );
  }
  const otros = previa.errores.filter((e) => !CODIGOS_626.includes(e.code));
  if (otros.length > 0) throw new AppError('VALIDATION', porCampo(otros));
  return previa.comprobante;
}

/** Spec section 5: expired (or missing) seals block stamping before anything else happens. */
async function exigirSellosVigentes(deps: Deps, enterpriseId: number, instante: Date) {
  const sellos = await findCurrentSellos(deps.db, enterpriseId);
  if (!sellos) throw new AppError('BAD_REQUEST', SIN_SELLOS_TIMBRAR, { persistent: true });
  if (instante.getTime() > sellos.expiration_date.getTime()) {
    throw new AppError('BAD_REQUEST', SELLOS_EXPIRADOS_MESSAGE, { persistent: true });
  }
}

function exigirFecha(draft: FacturaDraft, ctx: ContextoFactura, instante: Date) {
  if (!draft.fecha) return;
  const hoy = diaLocal(instante, ctx.zona);
  if (draft.fecha > hoy || diasEntre(draft.fecha, hoy) > 2) {
    throw new AppError('VALIDATION', { fecha: [FECHA_FUERA_DE_RANGO] });
  }
}

function sinClave(request: FacturaDraftRequest): FacturaDraft {
  const { idempotency_key: _omit, ...draft } = request;
  void _omit;
  return draft;
}

// ---------------------------------------------------------------------------------- pre-invoices

async function prepararPreFactura(deps: Deps, enterpriseId: number, draft: FacturaDraft) {
  const ctx = await cargarContexto(deps, enterpriseId, draft);
  const comprobante = validarPrevia(deps, ctx, draft, deps.now(), { timbrando: false });
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

/**
 * Stamps a draft: every local rule first (seals, date, amounts, catalogs, régimen 626), then the
 * stamping service (credit and folio reserved, sealed, sent to the PAC). From a pre-invoice, the
 * stamped invoice replaces it (a new id, answered). The idempotency key of a pre-invoice's attempt
 * is stable until the PAC rejects one: two clicks make one invoice, and a sealed attempt whose PAC
 * answer was lost is resent as is (the invoice answered is that attempt's), never sealed twice.
 */
async function timbrarDraft(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
  origen: { preFacturaId: number | null; idempotencyKey: string | null },
) {
  const ctx = await cargarContexto(deps, enterpriseId, draft);
  const instante = deps.now();
  await exigirSellosVigentes(deps, enterpriseId, instante);
  exigirFecha(draft, ctx, instante);
  const previa = validarPrevia(deps, ctx, draft, instante, { timbrando: true });
  const values = draftRowValues(draft, {
    rfc: previa.Receptor.Rfc,
    nombre: previa.Receptor.Nombre,
  });

  let key: string;
  if (origen.preFacturaId !== null) {
    const prefijo = `pre-factura:${origen.preFacturaId}:`;
    const intento = await countRechazadas(
      deps.db,
      enterpriseId,
      claveIdempotencia(enterpriseId, prefijo),
    );
    key = `${prefijo}${intento}`;
  } else {
    key = `factura:${origen.idempotencyKey ?? randomUUID()}`;
  }
  // The same form sent again after "El PAC no respondió": resend that sealed invoice as is.
  const pendiente =
    origen.preFacturaId === null && origen.idempotencyKey === null
      ? await findSelladaConDraft(deps.db, enterpriseId, draft)
      : null;
  let row;
  try {
    row = pendiente
      ? await reenviarComprobante(deps, { enterpriseId, comprobanteId: pendiente.id })
      : await timbrarComprobante(deps, {
          enterpriseId,
          serieId: ctx.serie.id,
          idempotencyKey: key,
          buildComprobante: (sf) => {
            const r = buildIngreso(ingresoDraft(ctx, draft, sf), {
              fecha: fechaComprobante(draft.fecha, sf.fecha, ctx.zona),
            });
            if (!r.ok) {
              throw new AppError(
                'VALIDATION',
                porCampo(
                  r.errores.map((e) => ({
                    field: campoDelDraft(e.field),
                    message: e.message,
                    code: '',
                  })),
                ),
              );
            }
            return r.comprobante;
          },
        });
  } catch (err) {
    // A sealed attempt (the PAC did not answer) or a rejected one keeps its draft beside it.
    if (pendiente) throw err;
    const intento = await findComprobanteByIdempotencyKey(
      deps.db,
      enterpriseId,
      claveIdempotencia(enterpriseId, key),
    );
    if (intento) await insertDraftRow(deps.db, enterpriseId, intento.id, values);
    throw err;
  }
  const stamped = row;
  await withTransaction(deps.db, async (tx) => {
    await insertDraftRow(tx, enterpriseId, stamped.id, values);
    if (origen.preFacturaId !== null) await deletePreFactura(tx, enterpriseId, origen.preFacturaId);
  });
  return {
    factura: await getFactura(deps, enterpriseId, stamped.id),
    user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
  };
}

/** POST /facturacion/V40/facturas-ingreso: creates and stamps. */
export function createFactura(deps: Deps, enterpriseId: number, request: FacturaDraftRequest) {
  return timbrarDraft(deps, enterpriseId, sinClave(request), {
    preFacturaId: null,
    idempotencyKey: request.idempotency_key,
  });
}

/** POST .../pre-facturas-ingreso/{id}/timbrar (edited data) and .../timbrar-with-pre-factura-original-data. */
export async function timbrarPreFactura(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: FacturaDraftRequest | null,
) {
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
  const row = await findFactura(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  return detalle(deps, enterpriseId, row);
}

async function detalle(deps: Deps, enterpriseId: number, row: FacturaRow): Promise<FacturaDetail> {
  const draft = row.draft;
  const { ctx, errores, datosFiscalesCompletos } = await cargarDatos(deps, enterpriseId, draft);
  let cfdi: Comprobante | null = null;
  const cfdiErrores: string[] = [];
  if (row.xml_timbrado) {
    cfdi = parseComprobanteXml(row.xml_timbrado);
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
    row.xml_timbrado ? cfdi : null,
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

/**
 * Motivo 01 needs a stamped, vigente replacement of this enterprise that relates this invoice with
 * TipoRelacion 04 (cfdi40-rules 9.1); motivo 04 never reaches here (the contract refuses it).
 */
async function exigirSustituto(deps: Deps, enterpriseId: number, uuid: string, folio: string) {
  const sustituto = await findTimbradaByUuid(deps.db, enterpriseId, folio);
  if (!sustituto || sustituto.status !== 'timbrada' || !sustituto.xml_timbrado) {
    throw new AppError('VALIDATION', { folio_sustitucion: [MOTIVO_01_SIN_SUSTITUTO] });
  }
  const c = parseComprobanteXml(sustituto.xml_timbrado);
  const relaciona = (c.CfdiRelacionados ?? []).some(
    (r) => r.TipoRelacion === '04' && r.CfdiRelacionado.some((x) => x.UUID.toUpperCase() === uuid),
  );
  if (!relaciona)
    throw new AppError('VALIDATION', { folio_sustitucion: [MOTIVO_01_SIN_SUSTITUTO] });
}

/** POST /facturacion/V40/cancelar-factura: asks the PAC and answers the SAT status it reports. */
export async function cancelarFactura(
  deps: Deps,
  enterpriseId: number,
  request: CancelarFacturaRequest,
): Promise<CancelacionResponse> {
  const row = await findFactura(deps.db, enterpriseId, request.factura_id);
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  if (row.status === 'cancelada') throw new AppError('CONFLICT', FACTURA_YA_CANCELADA);
  if (row.status !== 'timbrada' || !row.uuid) {
    throw new AppError('CONFLICT', SOLO_TIMBRADA_CANCELAR);
  }
  if (request.motivo === '01') {
    await exigirSustituto(
      deps,
      enterpriseId,
      row.uuid.toUpperCase(),
      request.folio_sustitucion ?? '',
    );
  }
  const resultado = await cancelarComprobante(deps, {
    enterpriseId,
    comprobanteId: row.id,
    motivo: request.motivo,
    ...(request.folio_sustitucion ? { folioSustitucion: request.folio_sustitucion } : {}),
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
