import type { ConceptoDraft, ImpuestoDraft, ImpuestoLocalDraft } from '@repo/cfdi/calc';
import {
  IMPUESTO,
  NOMBRE_PUBLICO_EN_GENERAL,
  RFC_GENERICO,
  type Impuesto,
} from '@repo/cfdi/catalogos';
import { decimal } from '@repo/cfdi/decimal';
import type { IngresoDraft } from '@repo/cfdi/xml';
import type { ClientResponse } from '@repo/contracts/clients';
import { stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import type { FacturaDraft, Partida } from '@repo/contracts/facturas';
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
