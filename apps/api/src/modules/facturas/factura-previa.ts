import { buildIngreso, type Comprobante } from '@repo/cfdi/xml';
import {
  validateComprobante,
  type CatalogosLookup,
  type TipoCambioReferencia,
} from '@repo/cfdi/validacion';
import type { FacturaDraft } from '@repo/contracts/facturas';
import { ingresoDraft, type ContextoFactura } from './factura-builder.ts';

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
