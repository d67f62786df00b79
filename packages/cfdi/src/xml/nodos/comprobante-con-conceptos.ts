import { calcularComprobante } from '../../calc/calcular-comprobante.ts';
import type { ErrorCalculo, TotalesCalculados } from '../../calc/types.ts';
import {
  EXPORTACION,
  FORMA_PAGO,
  METODO_PAGO,
  MONEDA,
  type MetodoPago,
  type TipoDeComprobante,
} from '../../catalogos.ts';
import type { Comprobante, InformacionGlobal } from '../model.ts';
import { limpiarDescripcion } from '../texto.ts';
import { asignar } from './atributos.ts';
import {
  buildCfdiRelacionados,
  buildConcepto,
  buildImpuestos,
  buildImpuestosLocales,
  type CfdiRelacionadosDraft,
  type ConceptoIngresoDraft,
} from './conceptos.ts';
import {
  buildEmisor,
  buildReceptor,
  type EmisorDraft,
  type ReceptorDraft,
} from './emisor-receptor.ts';

/** CFDI40114: a document in pesos carries no exchange rate. */
export const MENSAJE_TIPO_CAMBIO_MXN =
  'Con moneda MXN no se indica tipo de cambio: el SAT solo lo admite para monedas extranjeras (CFDI40114). Borre el tipo de cambio o elija la moneda de la factura.';

/** The draft of a comprobante that carries conceptos and their taxes (income, global, ...). */
export interface ComprobanteConConceptosDraft {
  serie?: string;
  folio?: string;
  /** PPD always writes 99; PUE requires a real form of payment. */
  formaPago?: string;
  metodoPago: MetodoPago;
  condicionesDePago?: string;
  moneda: string;
  /** c_Moneda decimales, when the currency is not in the built-in table. */
  decimales?: number;
  /** MXN per unit of `moneda`; required unless MXN. */
  tipoCambio?: string;
  /** c_Exportacion; only 01 is supported (02 needs Comercio Exterior). */
  exportacion?: string;
  lugarExpedicion: string;
  emisor: EmisorDraft;
  receptor: ReceptorDraft;
  cfdiRelacionados?: readonly CfdiRelacionadosDraft[];
  informacionGlobal?: InformacionGlobal;
  conceptos: readonly ConceptoIngresoDraft[];
  /** Tax rounding mode, see CalculoDraft.redondeo. */
  redondeo?: 'residuoMayor' | 'porLinea';
}

export interface BuildContext {
  /** Local time of LugarExpedicion, `AAAA-MM-DDThh:mm:ss` (see fechaLocal). */
  fecha: string;
  /** Set now when known; sellarComprobante sets it from the certificate anyway. */
  noCertificado?: string;
}

export type ResultadoBuild =
  | { ok: true; comprobante: Comprobante; totales: TotalesCalculados }
  | { ok: false; errores: ErrorCalculo[] };

/** FormaPago from MetodoPago: PPD writes 99, PUE needs a real one; errors are pushed. */
function formaPagoDe(draft: ComprobanteConConceptosDraft, errores: ErrorCalculo[]): string {
  const formaPago = draft.formaPago?.trim();
  if (draft.metodoPago === METODO_PAGO.PPD) {
    if (formaPago !== undefined && formaPago !== '' && formaPago !== FORMA_PAGO.POR_DEFINIR) {
      errores.push({
        field: 'formaPago',
        message: 'Con método de pago PPD la forma de pago debe ser 99 (Por definir).',
      });
    }
    return FORMA_PAGO.POR_DEFINIR;
  }
  if (!formaPago || formaPago === FORMA_PAGO.POR_DEFINIR) {
    errores.push({
      field: 'formaPago',
      message: 'Con método de pago PUE indique la forma de pago real (no 99).',
    });
  }
  return formaPago!;
}

/** TipoCambio: none in MXN (CFDI40114), required and positive otherwise; errors are pushed. */
function tipoCambioDe(
  draft: ComprobanteConConceptosDraft,
  errores: ErrorCalculo[],
): string | undefined {
  if (draft.moneda === MONEDA.MXN && (draft.tipoCambio ?? '').trim() !== '') {
    // Never dropped in silence: the user typed a rate for a document in pesos.
    errores.push({ field: 'tipoCambio', message: MENSAJE_TIPO_CAMBIO_MXN });
    return undefined;
  }
  if (draft.moneda === MONEDA.MXN) return undefined;
  const tipoCambio = draft.tipoCambio?.trim();
  if (!tipoCambio || !/^\d+(\.\d{1,6})?$/.test(tipoCambio) || /^0+(\.0+)?$/.test(tipoCambio)) {
    errores.push({
      field: 'tipoCambio',
      message: 'Indique el tipo de cambio (pesos por unidad de la moneda, hasta 6 decimales).',
    });
  }
  return tipoCambio;
}

/** The draft's own checks beside the amounts: forma de pago, exportación, tipo de cambio, texts. */
function revisar(draft: ComprobanteConConceptosDraft) {
  const errores: ErrorCalculo[] = [];
  const formaPago = formaPagoDe(draft, errores);
  const exportacion = draft.exportacion ?? EXPORTACION.NO_APLICA;
  if (exportacion !== EXPORTACION.NO_APLICA) {
    errores.push({
      field: 'exportacion',
      message:
        'Solo se admite Exportación 01 (No aplica): la 02 requiere el complemento de Comercio Exterior.',
    });
  }
  const tipoCambio = tipoCambioDe(draft, errores);
  draft.conceptos.forEach((d, i) => {
    if (limpiarDescripcion(d.descripcion) === '') {
      errores.push({
        field: `conceptos[${i}].descripcion`,
        message: 'La descripción del concepto es obligatoria.',
      });
    }
  });
  return { errores, formaPago, exportacion, tipoCambio };
}

/**
 * A comprobante with conceptos (PUE/PPD, CfdiRelacionados, Moneda/TipoCambio, receptor extranjero or
 * público en general, InformacionGlobal, ImpuestosLocales) of the given TipoDeComprobante, unsigned.
 * Amounts come from calcularComprobante, so the XML carries exactly the totals the user saw. Each
 * document type's builder calls it with its own letter and draft.
 */
export function buildComprobanteConConceptos(
  tipoDeComprobante: TipoDeComprobante,
  draft: ComprobanteConConceptosDraft,
  ctx: BuildContext,
): ResultadoBuild {
  const calc = calcularComprobante({
    moneda: draft.moneda,
    ...(draft.decimales !== undefined ? { decimales: draft.decimales } : {}),
    conceptos: draft.conceptos,
    ...(draft.redondeo ? { redondeo: draft.redondeo } : {}),
  });
  if (!calc.ok) return calc;
  const t = calc.totales;
  const { errores, formaPago, exportacion, tipoCambio } = revisar(draft);
  if (errores.length > 0) return { ok: false, errores };

  const lugar = draft.lugarExpedicion.trim();
  // Assigned one by one, in the order the attributes had as spread literals (same JSON).
  const comprobante = { Version: '4.0' } as Comprobante;
  asignar(comprobante, 'Serie', draft.serie);
  asignar(comprobante, 'Folio', draft.folio);
  comprobante.Fecha = ctx.fecha;
  comprobante.FormaPago = formaPago;
  asignar(comprobante, 'NoCertificado', ctx.noCertificado);
  asignar(comprobante, 'CondicionesDePago', draft.condicionesDePago);
  comprobante.SubTotal = t.SubTotal;
  if (t.Descuento !== undefined) comprobante.Descuento = t.Descuento;
  comprobante.Moneda = draft.moneda;
  if (tipoCambio !== undefined) comprobante.TipoCambio = tipoCambio;
  comprobante.Total = t.Total;
  comprobante.TipoDeComprobante = tipoDeComprobante;
  comprobante.Exportacion = exportacion;
  comprobante.MetodoPago = draft.metodoPago;
  comprobante.LugarExpedicion = lugar;
  if (draft.informacionGlobal) comprobante.InformacionGlobal = draft.informacionGlobal;
  if (draft.cfdiRelacionados?.length)
    comprobante.CfdiRelacionados = buildCfdiRelacionados(draft.cfdiRelacionados);
  comprobante.Emisor = buildEmisor(draft.emisor);
  comprobante.Receptor = buildReceptor(draft.receptor, lugar);
  comprobante.Conceptos = t.conceptos.map((cc, i) => buildConcepto(cc, draft.conceptos[i]!));
  if (t.Impuestos) comprobante.Impuestos = buildImpuestos(t.Impuestos);
  if (t.ImpuestosLocales)
    comprobante.Complemento = { ImpuestosLocales: buildImpuestosLocales(t.ImpuestosLocales) };
  return { ok: true, comprobante, totales: t };
}
