import { calcularComprobante } from '../calc/calcular-comprobante.ts';
import type {
  ConceptoCalculado,
  ConceptoDraft,
  ErrorCalculo,
  TotalesCalculados,
} from '../calc/types.ts';
import {
  EXPORTACION,
  FORMA_PAGO,
  METODO_PAGO,
  MONEDA,
  REGIMEN_FISCAL,
  RFC_GENERICO,
  TIPO_DE_COMPROBANTE,
  USO_CFDI,
  type MetodoPago,
} from '../catalogos.ts';
import type { Comprobante, Concepto, Emisor, InformacionGlobal, Receptor } from './model.ts';
import { limpiarCuentaPredial, limpiarDescripcion, normalizarTexto } from './texto.ts';

/** CFDI40114: a document in pesos carries no exchange rate. */
export const MENSAJE_TIPO_CAMBIO_MXN =
  'Con moneda MXN no se indica tipo de cambio: el SAT solo lo admite para monedas extranjeras (CFDI40114). Borre el tipo de cambio o elija la moneda de la factura.';

export interface EmisorDraft {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
}

export interface ReceptorDraft {
  rfc: string;
  nombre: string;
  /** Ignored for the generic RFCs: they use LugarExpedicion. */
  domicilioFiscalReceptor?: string;
  /** Ignored for the generic RFCs: they use 616. */
  regimenFiscalReceptor?: string;
  /** Ignored for the generic RFCs: they use S01. */
  usoCfdi?: string;
  /** c_Pais of a foreign receiver (XEXX010101000), never MEX. */
  residenciaFiscal?: string;
}

export interface ConceptoIngresoDraft extends ConceptoDraft {
  claveProdServ: string;
  noIdentificacion?: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  cuentaPredial?: readonly string[];
}

export interface CfdiRelacionadosDraft {
  tipoRelacion: string;
  uuids: readonly string[];
}

export interface IngresoDraft {
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

function opt<K extends string>(k: K, v: string | undefined): { [P in K]?: string } {
  const t = v === undefined ? '' : normalizarTexto(v);
  return (t === '' ? {} : { [k]: t }) as { [P in K]?: string };
}

/** Sets an optional text attribute, normalised, only when it is not empty (as `opt`). */
function asignar<T extends object>(o: T, k: keyof T & string, v: string | undefined): void {
  if (v === undefined) return;
  const t = normalizarTexto(v);
  if (t !== '') (o as Record<string, unknown>)[k] = t;
}

function conceptoIngreso(cc: ConceptoCalculado, d: ConceptoIngresoDraft): Concepto {
  const c = { ClaveProdServ: d.claveProdServ.trim() } as Concepto;
  asignar(c, 'NoIdentificacion', d.noIdentificacion);
  c.Cantidad = cc.Cantidad;
  c.ClaveUnidad = d.claveUnidad.trim();
  asignar(c, 'Unidad', d.unidad);
  c.Descripcion = limpiarDescripcion(d.descripcion);
  c.ValorUnitario = cc.ValorUnitario;
  c.Importe = cc.Importe;
  if (cc.Descuento !== undefined) c.Descuento = cc.Descuento;
  c.ObjetoImp = cc.ObjetoImp;
  if (cc.Traslados.length + cc.Retenciones.length > 0) {
    c.Impuestos = {};
    if (cc.Traslados.length) c.Impuestos.Traslados = cc.Traslados;
    if (cc.Retenciones.length)
      c.Impuestos.Retenciones = cc.Retenciones.map((r) => ({
        Base: r.Base,
        Impuesto: r.Impuesto,
        TipoFactor: r.TipoFactor,
        TasaOCuota: r.TasaOCuota!,
        Importe: r.Importe!,
      }));
  }
  if (d.cuentaPredial?.length) {
    const cuentas = d.cuentaPredial.map(limpiarCuentaPredial).filter((x) => x !== '');
    if (cuentas.length) c.CuentaPredial = cuentas.map((Numero) => ({ Numero }));
  }
  return c;
}

export function buildEmisor(e: EmisorDraft): Emisor {
  return {
    Rfc: e.rfc.trim().toUpperCase(),
    Nombre: normalizarTexto(e.nombre),
    RegimenFiscal: e.regimenFiscal,
  };
}

/** Receptor; the generic RFCs get LugarExpedicion, régimen 616 and UsoCFDI S01 (or CP01 in pagos). */
export function buildReceptor(
  r: ReceptorDraft,
  lugarExpedicion: string,
  usoGenerico: string = USO_CFDI.SIN_EFECTOS_FISCALES,
): Receptor {
  const rfc = r.rfc.trim().toUpperCase();
  const generico = rfc === RFC_GENERICO.PUBLICO_EN_GENERAL || rfc === RFC_GENERICO.EXTRANJERO;
  return {
    Rfc: rfc,
    Nombre: normalizarTexto(r.nombre),
    DomicilioFiscalReceptor: generico ? lugarExpedicion : (r.domicilioFiscalReceptor ?? '').trim(),
    ...(rfc === RFC_GENERICO.EXTRANJERO ? opt('ResidenciaFiscal', r.residenciaFiscal) : {}),
    RegimenFiscalReceptor: generico
      ? REGIMEN_FISCAL.SIN_OBLIGACIONES_FISCALES
      : (r.regimenFiscalReceptor ?? '').trim(),
    UsoCFDI: generico ? usoGenerico : (r.usoCfdi ?? '').trim(),
  };
}

/**
 * A CFDI de Ingreso (PUE/PPD, CfdiRelacionados, Moneda/TipoCambio, receptor extranjero or público en
 * general, ImpuestosLocales), unsigned. Amounts come from calcularComprobante, so the XML carries
 * exactly the totals the user saw.
 */
export function buildIngreso(draft: IngresoDraft, ctx: BuildContext): ResultadoBuild {
  const errores: ErrorCalculo[] = [];
  const calc = calcularComprobante({
    moneda: draft.moneda,
    ...(draft.decimales !== undefined ? { decimales: draft.decimales } : {}),
    conceptos: draft.conceptos,
    ...(draft.redondeo ? { redondeo: draft.redondeo } : {}),
  });
  if (!calc.ok) return calc;
  const t = calc.totales;

  let formaPago = draft.formaPago?.trim();
  if (draft.metodoPago === METODO_PAGO.PPD) {
    if (formaPago !== undefined && formaPago !== '' && formaPago !== FORMA_PAGO.POR_DEFINIR) {
      errores.push({
        field: 'formaPago',
        message: 'Con método de pago PPD la forma de pago debe ser 99 (Por definir).',
      });
    }
    formaPago = FORMA_PAGO.POR_DEFINIR;
  } else if (!formaPago || formaPago === FORMA_PAGO.POR_DEFINIR) {
    errores.push({
      field: 'formaPago',
      message: 'Con método de pago PUE indique la forma de pago real (no 99).',
    });
  }
  const exportacion = draft.exportacion ?? EXPORTACION.NO_APLICA;
  if (exportacion !== EXPORTACION.NO_APLICA) {
    errores.push({
      field: 'exportacion',
      message:
        'Solo se admite Exportación 01 (No aplica): la 02 requiere el complemento de Comercio Exterior.',
    });
  }
  let tipoCambio: string | undefined;
  if (draft.moneda === MONEDA.MXN && (draft.tipoCambio ?? '').trim() !== '') {
    // Never dropped in silence: the user typed a rate for a document in pesos.
    errores.push({
      field: 'tipoCambio',
      message: MENSAJE_TIPO_CAMBIO_MXN,
    });
  } else if (draft.moneda !== MONEDA.MXN) {
    tipoCambio = draft.tipoCambio?.trim();
    if (!tipoCambio || !/^\d+(\.\d{1,6})?$/.test(tipoCambio) || /^0+(\.0+)?$/.test(tipoCambio)) {
      errores.push({
        field: 'tipoCambio',
        message: 'Indique el tipo de cambio (pesos por unidad de la moneda, hasta 6 decimales).',
      });
    }
  }
  draft.conceptos.forEach((d, i) => {
    if (limpiarDescripcion(d.descripcion) === '') {
      errores.push({
        field: `conceptos[${i}].descripcion`,
        message: 'La descripción del concepto es obligatoria.',
      });
    }
  });
  if (errores.length > 0) return { ok: false, errores };

  const conceptos: Concepto[] = t.conceptos.map((cc, i) =>
    conceptoIngreso(cc, draft.conceptos[i]!),
  );
  const lugar = draft.lugarExpedicion.trim();
  // Assigned one by one, in the order the attributes had as spread literals (same JSON).
  const comprobante = { Version: '4.0' } as Comprobante;
  asignar(comprobante, 'Serie', draft.serie);
  asignar(comprobante, 'Folio', draft.folio);
  comprobante.Fecha = ctx.fecha;
  comprobante.FormaPago = formaPago!;
  asignar(comprobante, 'NoCertificado', ctx.noCertificado);
  asignar(comprobante, 'CondicionesDePago', draft.condicionesDePago);
  comprobante.SubTotal = t.SubTotal;
  if (t.Descuento !== undefined) comprobante.Descuento = t.Descuento;
  comprobante.Moneda = draft.moneda;
  if (tipoCambio !== undefined) comprobante.TipoCambio = tipoCambio;
  comprobante.Total = t.Total;
  comprobante.TipoDeComprobante = TIPO_DE_COMPROBANTE.INGRESO;
  comprobante.Exportacion = exportacion;
  comprobante.MetodoPago = draft.metodoPago;
  comprobante.LugarExpedicion = lugar;
  if (draft.informacionGlobal) comprobante.InformacionGlobal = draft.informacionGlobal;
  if (draft.cfdiRelacionados?.length) {
    comprobante.CfdiRelacionados = draft.cfdiRelacionados.map((r) => ({
      TipoRelacion: r.tipoRelacion,
      CfdiRelacionado: r.uuids.map((u) => ({ UUID: u.trim().toUpperCase() })),
    }));
  }
  comprobante.Emisor = buildEmisor(draft.emisor);
  comprobante.Receptor = buildReceptor(draft.receptor, lugar);
  comprobante.Conceptos = conceptos;
  if (t.Impuestos) {
    const imp = t.Impuestos;
    comprobante.Impuestos = {
      ...(imp.TotalImpuestosRetenidos !== undefined
        ? { TotalImpuestosRetenidos: imp.TotalImpuestosRetenidos }
        : {}),
      ...(imp.TotalImpuestosTrasladados !== undefined
        ? { TotalImpuestosTrasladados: imp.TotalImpuestosTrasladados }
        : {}),
      ...(imp.Retenciones.length ? { Retenciones: imp.Retenciones } : {}),
      ...(imp.Traslados.length ? { Traslados: imp.Traslados } : {}),
    };
  }
  if (t.ImpuestosLocales) {
    const il = t.ImpuestosLocales;
    comprobante.Complemento = {
      ImpuestosLocales: {
        version: '1.0',
        TotaldeRetenciones: il.TotaldeRetenciones,
        TotaldeTraslados: il.TotaldeTraslados,
        ...(il.RetencionesLocales.length
          ? {
              RetencionesLocales: il.RetencionesLocales.map((x) => ({
                ImpLocRetenido: x.nombre,
                TasadeRetencion: x.tasa,
                Importe: x.importe,
              })),
            }
          : {}),
        ...(il.TrasladosLocales.length
          ? {
              TrasladosLocales: il.TrasladosLocales.map((x) => ({
                ImpLocTrasladado: x.nombre,
                TasadeTraslado: x.tasa,
                Importe: x.importe,
              })),
            }
          : {}),
      },
    };
  }
  return { ok: true, comprobante, totales: t };
}
