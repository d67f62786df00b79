import { isDecimalText } from '@repo/cfdi/decimal';
import { diasAntes, hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import {
  FacturaDraftRequest,
  type FacturaDetail,
  type FacturaDraftRequestInput,
} from '@repo/contracts/facturas';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import {
  type ImpuestosIds,
  SIN_IMPUESTOS,
  idsDeRubro,
  rubroDeIds,
} from './impuestos-de-partida.ts';

/** What a partida shows of its product (from the search, or from a saved draft). */
export interface ProductoElegido {
  id: number;
  descripcion: string;
  clave_prod_serv: string;
}

/** One partida as the form holds it; field names are the API's, so server errors land on them. */
export interface PartidaValues extends ImpuestosIds {
  producto: ProductoElegido | null;
  descripcion: string;
  cantidad: string;
  clave_unidad: string;
  unidad_nombre: string;
  precio_unitario: string;
  /** Percent as typed (spec section 5). */
  descuento: string;
  cuenta_predial: string;
  /** The tax group the taxes came from; null when they match none (a saved draft's own set). */
  rubro_id: number | null;
}

export interface CfdiRelacionadoValues {
  tipo_relacion: string;
  /** One UUID per line (commas and spaces also separate them). */
  uuids: string;
}

export interface FacturaFormValues {
  client_id: number | null;
  serie_id: number | null;
  fecha: string;
  forma_pago: string;
  metodo_pago: 'PUE' | 'PPD';
  uso_cfdi: string;
  moneda: string;
  tipo_cambio: string;
  condiciones_pago: string;
  exportacion: '01';
  cfdi_relacionados: CfdiRelacionadoValues[];
  informacion_global: { periodicidad: string; meses: string; anio: string } | null;
  partidas: PartidaValues[];
}

export const TIPO_CAMBIO_REQUIRED_MESSAGE =
  'El tipo de cambio es obligatorio cuando la moneda no es MXN';

export function partidaVacia(): PartidaValues {
  return {
    producto: null,
    descripcion: '',
    cantidad: '1',
    clave_unidad: '',
    unidad_nombre: '',
    precio_unitario: '',
    descuento: '0',
    cuenta_predial: '',
    rubro_id: null,
    ...SIN_IMPUESTOS,
  };
}

/** A new invoice dated today where the issuer is (`zona`, its postal code's time zone). */
export function facturaVacia(now: Date = new Date(), zona?: string | null): FacturaFormValues {
  return {
    client_id: null,
    serie_id: null,
    fecha: hoyDelEmisor(zona, now),
    forma_pago: '',
    metodo_pago: 'PUE',
    uso_cfdi: '',
    moneda: 'MXN',
    tipo_cambio: '',
    condiciones_pago: '',
    exportacion: '01',
    cfdi_relacionados: [],
    informacion_global: null,
    partidas: [partidaVacia()],
  };
}

/** A partida filled from the product the user picked: key, description, unit, price, taxes. */
export function partidaDeProducto(
  actual: PartidaValues,
  producto: ProductServiceResponse,
  rubros: readonly RubroImpuestoResponse[],
): PartidaValues {
  const rubro = rubros.find((r) => r.id === producto.taxesGroup) ?? null;
  return {
    ...actual,
    producto: {
      id: producto.id,
      descripcion: producto.description,
      clave_prod_serv: producto.product_service_key,
    },
    descripcion: producto.description,
    clave_unidad: producto.unit_key,
    unidad_nombre: producto.unit_name,
    precio_unitario: producto.unity_price,
    cuenta_predial: producto.cuentaPredialNumber ?? '',
    rubro_id: rubro?.id ?? null,
    ...idsDeRubro(rubro),
  };
}

/**
 * Spec section 5: the discount percent, non-numeric counting as 0. A decimal comma is read as a
 * point. The same text feeds the live calculation and the request, so both see one number.
 */
export function porcentajeDescuento(texto: string): string {
  const t = texto.trim().replace(',', '.');
  return isDecimalText(t) ? t : '0';
}

function splitUuids(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((u) => u.trim())
    .filter((u) => u !== '');
}

/** The body of the save and stamp calls (FacturaDraftRequest). */
export function toFacturaRequest(v: FacturaFormValues): FacturaDraftRequestInput {
  return {
    client_id: v.client_id ?? 0,
    serie_id: v.serie_id ?? 0,
    fecha: v.fecha === '' ? null : v.fecha,
    forma_pago: v.forma_pago,
    metodo_pago: v.metodo_pago,
    uso_cfdi: v.uso_cfdi,
    moneda: v.moneda,
    tipo_cambio: v.moneda === 'MXN' || v.tipo_cambio.trim() === '' ? null : v.tipo_cambio.trim(),
    condiciones_pago: v.condiciones_pago.trim() === '' ? null : v.condiciones_pago.trim(),
    exportacion: v.exportacion,
    cfdi_relacionados: v.cfdi_relacionados.map((r) => ({
      tipo_relacion: r.tipo_relacion as '01',
      uuids: splitUuids(r.uuids),
    })),
    informacion_global: v.informacion_global
      ? {
          periodicidad: v.informacion_global.periodicidad as '01',
          meses: v.informacion_global.meses,
          anio: v.informacion_global.anio,
        }
      : null,
    partidas: v.partidas.map((p) => ({
      product_service_id: p.producto?.id ?? 0,
      descripcion: p.descripcion.trim() === '' ? null : p.descripcion,
      cantidad: p.cantidad.trim(),
      clave_unidad: p.clave_unidad === '' ? null : p.clave_unidad,
      precio_unitario: p.precio_unitario.trim(),
      descuento: porcentajeDescuento(p.descuento),
      cuenta_predial: p.cuenta_predial,
      impuestos_trasladados: p.impuestos_trasladados,
      impuestos_retenidos: p.impuestos_retenidos,
      impuestos_locales_trasladados: p.impuestos_locales_trasladados,
      impuestos_locales_retenidos: p.impuestos_locales_retenidos,
    })),
  };
}

/**
 * The form's own checks before anything is sent: the contract's schema (the server's first check)
 * plus the rules it states in words. Keys are form field paths ('partidas.0.cantidad').
 */
export function validateFactura(v: FacturaFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = FacturaDraftRequest.safeParse(toFacturaRequest(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      let path = issue.path.join('.');
      if (/^partidas\.\d+\.product_service_id$/.test(path))
        path = path.replace('product_service_id', 'producto');
      if (/^cfdi_relacionados\.\d+\.uuids\.\d+$/.test(path)) path = path.replace(/\.\d+$/, '');
      errors[path] ??= issue.message;
    }
  }
  if (v.moneda !== 'MXN' && v.tipo_cambio.trim() === '')
    errors['tipo_cambio'] ??= TIPO_CAMBIO_REQUIRED_MESSAGE;
  return errors;
}

/** A saved draft (pre-invoice to edit, or any invoice to clone) as form values. */
export function valuesFromFactura(
  factura: FacturaDetail,
  rubros: readonly RubroImpuestoResponse[],
  options: { clonar: boolean; now?: Date; zona?: string | null },
): FacturaFormValues | null {
  const d = factura.draft;
  if (!d) return null;
  const hoy = hoyDelEmisor(options.zona, options.now);
  return {
    client_id: d.client_id,
    serie_id: d.serie_id,
    // A clone is a new invoice: today's date. An edited draft keeps its own while the PAC would
    // still take it (up to two days back), otherwise today.
    fecha: options.clonar || !d.fecha || d.fecha < diasAntes(hoy, 2) ? hoy : d.fecha,
    forma_pago: d.forma_pago,
    metodo_pago: d.metodo_pago,
    uso_cfdi: d.uso_cfdi,
    moneda: d.moneda,
    // A clone's rate is today's (the form proposes Banxico's FIX of the day).
    tipo_cambio: options.clonar ? '' : (d.tipo_cambio ?? ''),
    condiciones_pago: d.condiciones_pago ?? '',
    exportacion: '01',
    // A clone starts without relations: the original's "sustituye a" (04) or "nota de crédito de"
    // belong to that document, and repeating them would relate a new invoice to CFDIs it does not
    // replace (a real PAC or the SAT then refuses or misreads it).
    cfdi_relacionados: options.clonar
      ? []
      : d.cfdi_relacionados.map((r) => ({
          tipo_relacion: r.tipo_relacion,
          uuids: r.uuids.join('\n'),
        })),
    informacion_global: d.informacion_global
      ? {
          periodicidad: d.informacion_global.periodicidad,
          meses: d.informacion_global.meses,
          anio: String(d.informacion_global.anio),
        }
      : null,
    partidas: d.partidas.map((p, i): PartidaValues => {
      const detail = factura.partidas[i];
      const ids: ImpuestosIds = {
        impuestos_trasladados: p.impuestos_trasladados,
        impuestos_retenidos: p.impuestos_retenidos,
        impuestos_locales_trasladados: p.impuestos_locales_trasladados,
        impuestos_locales_retenidos: p.impuestos_locales_retenidos,
      };
      return {
        producto: {
          id: p.product_service_id,
          descripcion: detail?.descripcion ?? p.descripcion ?? '',
          clave_prod_serv: detail?.clave_prod_serv ?? '',
        },
        descripcion: p.descripcion ?? detail?.descripcion ?? '',
        cantidad: p.cantidad,
        clave_unidad: p.clave_unidad ?? detail?.clave_unidad ?? '',
        unidad_nombre: detail?.unidad_nombre ?? '',
        precio_unitario: p.precio_unitario,
        descuento: p.descuento,
        cuenta_predial: p.cuenta_predial,
        rubro_id: rubroDeIds(rubros, ids)?.id ?? null,
        ...ids,
      };
    }),
  };
}
