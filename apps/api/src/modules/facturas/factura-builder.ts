import { calcularComprobante, repartirPorResiduoMayor } from '@repo/cfdi/calc';
import type { ConceptoDraft, ImpuestoDraft, ImpuestoLocalDraft } from '@repo/cfdi/calc';
import {
  IMPUESTO,
  NOMBRE_PUBLICO_EN_GENERAL,
  RFC_GENERICO,
  type Impuesto,
} from '@repo/cfdi/catalogos';
import { Decimal, decimal, formatear } from '@repo/cfdi/decimal';
import { buildIngreso, fechaLocal, type Comprobante, type IngresoDraft } from '@repo/cfdi/xml';
import {
  validateComprobante,
  type CatalogosLookup,
  type TipoCambioReferencia,
} from '@repo/cfdi/validacion';
import type { ClientResponse } from '@repo/contracts/clients';
import { stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import type { FacturaDraft, Partida, PartidaDetail } from '@repo/contracts/facturas';
import type { ProductServiceResponse } from '@repo/contracts/products-services';

/**
 * From a draft (what the user typed) and the enterprise's master data to the CFDI the engine builds.
 * Pure: the service loads the data, this maps it. The mapping of taxes is the one the invoice form
 * uses for its live totals (IEPS, then IVA, then ISR; the percent discount), so the XML carries the
 * numbers the user saw.
 */

export interface ImpuestoFederal {
  id: number;
  tipo: 'trasladado' | 'retenido';
  tax_type: 'IVA' | 'IEPS' | 'ISR';
  tipo_factor: 'Tasa' | 'Cuota' | 'Exento';
  value: string | null;
}

export interface ImpuestoLocalDato {
  id: string;
  tipo: 'trasladado' | 'retenido';
  impuesto: string;
  tasa: string;
}

export interface ContextoFactura {
  emisor: { rfc: string; nombre: string; regimenFiscal: string; codigoPostal: string };
  /** IANA zone of the emisor's postal code (LugarExpedicion). */
  zona: string;
  client: ClientResponse;
  serie: { id: number; serie: string; folio: number };
  productos: ReadonlyMap<number, ProductServiceResponse>;
  impuestos: ReadonlyMap<number, ImpuestoFederal>;
  locales: ReadonlyMap<string, ImpuestoLocalDato>;
  /** Validity of the enterprise's current CSD: Fecha must fall inside it (PAC 305). */
  vigenciaSellos?: { desde: Date; hasta: Date };
}

const CLAVE_IMPUESTO: Record<ImpuestoFederal['tax_type'], Impuesto> = {
  ISR: IMPUESTO.ISR,
  IVA: IMPUESTO.IVA,
  IEPS: IMPUESTO.IEPS,
};
/** Spec section 9: IEPS, then IVA, then ISR. */
const ORDEN: Record<ImpuestoFederal['tax_type'], number> = { IEPS: 0, IVA: 1, ISR: 2 };

/** Whether the client is público en general named PUBLICO EN GENERAL: it needs InformacionGlobal. */
export function esPublicoEnGeneralGlobal(client: { rfc: string; name_razon_social: string }) {
  return (
    client.rfc.toUpperCase() === RFC_GENERICO.PUBLICO_EN_GENERAL &&
    client.name_razon_social.replace(/\s+/g, ' ').trim().toUpperCase() === NOMBRE_PUBLICO_EN_GENERAL
  );
}

function impuestosDePartida(ctx: ContextoFactura, p: Partida): ImpuestoDraft[] {
  const federales = (tipo: 'traslado' | 'retencion', ids: readonly number[]) =>
    ids
      .flatMap((id) => {
        const t = ctx.impuestos.get(id);
        return t ? [t] : [];
      })
      .sort((a, b) => ORDEN[a.tax_type] - ORDEN[b.tax_type])
      .map((t): ImpuestoDraft => ({
        tipo,
        impuesto: CLAVE_IMPUESTO[t.tax_type],
        tipoFactor: t.tipo_factor,
        ...(t.tipo_factor === 'Exento' || t.value === null ? {} : { tasaOCuota: t.value }),
      }));
  return [
    ...federales('traslado', p.impuestos_trasladados),
    ...federales('retencion', p.impuestos_retenidos),
  ];
}

function localesDePartida(ctx: ContextoFactura, p: Partida): ImpuestoLocalDraft[] {
  const locales = (tipo: 'traslado' | 'retencion', ids: readonly string[]) =>
    ids.flatMap((id): ImpuestoLocalDraft[] => {
      const l = ctx.locales.get(id);
      return l ? [{ tipo, nombre: l.impuesto, tasa: l.tasa }] : [];
    });
  return [
    ...locales('traslado', p.impuestos_locales_trasladados),
    ...locales('retencion', p.impuestos_locales_retenidos),
  ];
}

/** The engine's amounts draft of one partida (cantidad, price, percent discount, taxes). */
export function conceptoDraft(ctx: ContextoFactura, p: Partida): ConceptoDraft {
  return {
    cantidad: p.cantidad,
    valorUnitario: p.precio_unitario,
    ...(decimal(p.descuento).gt(0)
      ? { descuento: { tipo: 'porcentaje' as const, valor: p.descuento } }
      : {}),
    impuestos: impuestosDePartida(ctx, p),
    impuestosLocales: localesDePartida(ctx, p),
  };
}

function producto(ctx: ContextoFactura, p: Partida): ProductServiceResponse {
  const product = ctx.productos.get(p.product_service_id);
  if (!product) throw new Error(`product ${p.product_service_id} not loaded`);
  return product;
}

/** The CFDI de Ingreso draft for @repo/cfdi's buildIngreso. */
export function ingresoDraft(
  ctx: ContextoFactura,
  draft: FacturaDraft,
  sf: { serie: string; folio: number | null },
): IngresoDraft {
  const c = ctx.client;
  return {
    serie: sf.serie,
    ...(sf.folio !== null ? { folio: String(sf.folio) } : {}),
    formaPago: draft.forma_pago,
    metodoPago: draft.metodo_pago,
    ...(draft.condiciones_pago ? { condicionesDePago: draft.condiciones_pago } : {}),
    moneda: draft.moneda,
    ...(draft.tipo_cambio ? { tipoCambio: draft.tipo_cambio } : {}),
    exportacion: draft.exportacion,
    lugarExpedicion: ctx.emisor.codigoPostal,
    emisor: {
      rfc: ctx.emisor.rfc,
      nombre: ctx.emisor.nombre,
      regimenFiscal: ctx.emisor.regimenFiscal,
    },
    receptor: {
      rfc: c.rfc,
      // A client saved before the rule of spec section 5 may still carry "S.A. DE C.V.".
      nombre: stripRegimenSocietario(c.name_razon_social),
      domicilioFiscalReceptor: c.address.codigo_postal,
      regimenFiscalReceptor: c.regimenFiscal,
      usoCfdi: draft.uso_cfdi,
      ...(c.pais ? { residenciaFiscal: c.pais } : {}),
    },
    ...(draft.cfdi_relacionados.length
      ? {
          cfdiRelacionados: draft.cfdi_relacionados.map((r) => ({
            tipoRelacion: r.tipo_relacion,
            uuids: r.uuids,
          })),
        }
      : {}),
    ...(draft.informacion_global
      ? {
          informacionGlobal: {
            Periodicidad: draft.informacion_global.periodicidad,
            Meses: draft.informacion_global.meses,
            Año: String(draft.informacion_global.anio),
          },
        }
      : {}),
    conceptos: draft.partidas.map((p) => {
      const product = producto(ctx, p);
      const claveUnidad = p.clave_unidad ?? product.unit_key;
      const unidad = claveUnidad === product.unit_key ? product.unit_name.slice(0, 20).trim() : '';
      return {
        ...conceptoDraft(ctx, p),
        claveProdServ: product.product_service_key,
        ...(product.internal_code ? { noIdentificacion: product.internal_code.slice(0, 100) } : {}),
        claveUnidad,
        ...(unidad ? { unidad } : {}),
        descripcion: p.descripcion ?? product.description,
        ...(p.cuenta_predial ? { cuentaPredial: [p.cuenta_predial] } : {}),
      };
    }),
  };
}

/** AAAA-MM-DD of an instant in a zone. */
export function diaLocal(instante: Date, zona: string): string {
  return fechaLocal(instante, zona).slice(0, 10);
}

/**
 * Comprobante/@Fecha: the moment of stamping in the zone of LugarExpedicion; on an earlier chosen
 * day (at most two back, checked by the caller), that day at the same time.
 */
export function fechaComprobante(dia: string | null, instante: Date, zona: string): string {
  const ahora = fechaLocal(instante, zona);
  if (!dia || dia >= ahora.slice(0, 10)) return ahora;
  return `${dia}${ahora.slice(10)}`;
}

/** Days between two AAAA-MM-DD dates (b − a). */
export function diasEntre(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export interface ErrorCampo {
  field: string;
  message: string;
  code: string;
}

/** The engine's and the validator's paths, named after the draft's fields. */
export function campoDelDraft(field: string): string {
  const m = /^(?:conceptos|Conceptos)\[(\d+)\]\.?(.*)$/.exec(field);
  if (m) {
    const sub = m[2] ?? '';
    const mapa: Record<string, string> = {
      cantidad: 'cantidad',
      Cantidad: 'cantidad',
      valorUnitario: 'precio_unitario',
      ValorUnitario: 'precio_unitario',
      descuento: 'descuento',
      Descuento: 'descuento',
      ClaveUnidad: 'clave_unidad',
      descripcion: 'descripcion',
      Descripcion: 'descripcion',
    };
    const k = Object.entries(mapa).find(([from]) => sub === from || sub.startsWith(`${from}.`));
    return `partidas.${m[1]}${k ? `.${k[1]}` : ''}`;
  }
  const fijos: Record<string, string> = {
    formaPago: 'forma_pago',
    FormaPago: 'forma_pago',
    metodoPago: 'metodo_pago',
    MetodoPago: 'metodo_pago',
    tipoCambio: 'tipo_cambio',
    TipoCambio: 'tipo_cambio',
    moneda: 'moneda',
    Moneda: 'moneda',
    exportacion: 'exportacion',
    'Receptor.UsoCFDI': 'uso_cfdi',
    CondicionesDePago: 'condiciones_pago',
  };
  if (fijos[field]) return fijos[field];
  if (field.startsWith('InformacionGlobal')) return 'informacion_global';
  if (field.startsWith('CfdiRelacionados')) return 'cfdi_relacionados';
  if (field.startsWith('Receptor')) return 'client_id';
  if (field.startsWith('Emisor') || field === 'LugarExpedicion') return 'datos_fiscales';
  return field || '_';
}

export type Previa =
  | { ok: true; comprobante: Comprobante; errores: ErrorCampo[] }
  | { ok: false; errores: ErrorCampo[] };

/** Builds and validates the CFDI locally (no seal, no PAC): what stamping would send. */
export function previsualizar(
  ctx: ContextoFactura,
  draft: FacturaDraft,
  opciones: {
    folio: number | null;
    fecha: string;
    catalogos: CatalogosLookup;
    /** Banxico's reference rate of the day (CFDI40118); without it TipoCambio is not compared. */
    tipoCambioReferencia?: TipoCambioReferencia;
  },
): Previa {
  const r = buildIngreso(
    ingresoDraft(ctx, draft, { serie: ctx.serie.serie, folio: opciones.folio }),
    {
      fecha: opciones.fecha,
    },
  );
  if (!r.ok) {
    return {
      ok: false,
      errores: r.errores.map((e) => ({
        field: campoDelDraft(e.field),
        message: e.message,
        code: 'CALCULO',
      })),
    };
  }
  const errores = validateComprobante(r.comprobante, {
    catalogos: opciones.catalogos,
    ...(opciones.tipoCambioReferencia
      ? { tipoCambioReferencia: opciones.tipoCambioReferencia }
      : {}),
  }).map((e) => ({ field: campoDelDraft(e.field), message: e.message, code: e.code }));
  return { ok: true, comprobante: r.comprobante, errores };
}

/**
 * The draft's lines with their product's data and their amounts as the engine computes them; the
 * local taxes of the document are shared among its lines by largest remainder, like the form does.
 * `xml` (a stamped invoice's CFDI) gives the texts as invoiced.
 */
export function partidasDetalle(
  ctx: ContextoFactura,
  draft: FacturaDraft,
  xml: Comprobante | null,
): PartidaDetail[] {
  const conceptos = draft.partidas.map((p) => conceptoDraft(ctx, p));
  const calc = calcularComprobante({ moneda: draft.moneda, conceptos });
  const d = calc.ok ? calc.totales.decimales : 2;
  const cero = formatear(new Decimal(0), d);
  const localesPorLinea = draft.partidas.map(() => new Decimal(0));
  if (calc.ok) {
    const grupos = new Map<string, { signo: number; tasa: Decimal; lineas: number[] }>();
    conceptos.forEach((c, i) => {
      for (const l of c.impuestosLocales ?? []) {
        const tasa = decimal(formatear(decimal(l.tasa), 2));
        const k = `${l.tipo}|${l.nombre.replace(/\s+/g, ' ').trim()}|${tasa.toFixed()}`;
        const g = grupos.get(k) ?? { signo: l.tipo === 'traslado' ? 1 : -1, tasa, lineas: [] };
        g.lineas.push(i);
        grupos.set(k, g);
      }
    });
    for (const g of grupos.values()) {
      const exactos = g.lineas.map((i) =>
        decimal(calc.totales.conceptos[i]!.BaseLocal).times(g.tasa).dividedBy(100),
      );
      const partes = repartirPorResiduoMayor(exactos, 2);
      g.lineas.forEach((i, j) => {
        localesPorLinea[i] = localesPorLinea[i]!.plus(partes[j]!.times(g.signo));
      });
    }
  }
  return draft.partidas.map((p, i) => {
    const product = ctx.productos.get(p.product_service_id);
    const k = xml?.Conceptos[i];
    const cc = calc.ok ? calc.totales.conceptos[i] : undefined;
    const suma = (ls: readonly { Importe?: string }[] | undefined) =>
      (ls ?? []).reduce((a, l) => a.plus(decimal(l.Importe ?? '0')), new Decimal(0));
    const total = cc
      ? decimal(cc.BaseLocal)
          .plus(suma(cc.Traslados))
          .minus(suma(cc.Retenciones))
          .plus(localesPorLinea[i]!)
      : null;
    return {
      ...p,
      descripcion: k?.Descripcion ?? p.descripcion ?? product?.description ?? '',
      clave_unidad: k?.ClaveUnidad ?? p.clave_unidad ?? product?.unit_key ?? '',
      clave_prod_serv: k?.ClaveProdServ ?? product?.product_service_key ?? '',
      unidad_nombre: k?.Unidad ?? product?.unit_name ?? '',
      no_identificacion: k ? (k.NoIdentificacion ?? null) : (product?.internal_code ?? null),
      importe: cc?.Importe ?? cero,
      descuento_monto: cc?.Descuento ?? cero,
      importe_base: cc?.BaseLocal ?? cero,
      total: total ? formatear(total, d) : cero,
    };
  });
}

export const IMPUESTOS_REPETIDOS =
  'Un concepto no puede llevar el mismo impuesto dos veces (por ejemplo IVA al 16% e IVA al 8%): deje solo uno de cada tipo.';
export const IMPUESTO_EXENTO_CON_OTROS =
  'Un impuesto exento no puede combinarse con otra tasa o cuota del mismo impuesto en un concepto.';

/**
 * The taxes of one concepto make sense together: one transferred rate per impuesto and factor (IEPS
 * may carry a Tasa and a Cuota together, as tobacco does), Exento alone for its impuesto, one
 * withholding per impuesto. The SAT's validation lets a concepto carry IVA 16% and IVA 8% at once;
 * no real sale does, so we refuse it before the user pays for a stamp. Answers the list at fault and
 * the message, or null.
 */
export function conflictoDeImpuestos(
  impuestos: readonly ImpuestoFederal[],
): { campo: 'impuestos_trasladados' | 'impuestos_retenidos'; mensaje: string } | null {
  for (const tipo of ['trasladado', 'retenido'] as const) {
    const porImpuesto = new Map<string, string[]>();
    for (const i of impuestos.filter((x) => x.tipo === tipo)) {
      porImpuesto.set(i.tax_type, [...(porImpuesto.get(i.tax_type) ?? []), i.tipo_factor]);
    }
    const campo = tipo === 'trasladado' ? 'impuestos_trasladados' : 'impuestos_retenidos';
    for (const factores of porImpuesto.values()) {
      if (factores.length < 2) continue;
      if (factores.includes('Exento')) return { campo, mensaje: IMPUESTO_EXENTO_CON_OTROS };
      if (tipo === 'retenido' || new Set(factores).size < factores.length) {
        return { campo, mensaje: IMPUESTOS_REPETIDOS };
      }
    }
  }
  return null;
}
