import { z } from 'zod';
import { IdempotencyKeyHeaders } from './emision.ts';

export { IdempotencyKeyHeaders };
import { cleanCuentaPredial, cleanDescription } from './products-services.ts';
import {
  ANIO_MESSAGE,
  CANTIDAD_MESSAGE,
  CLIENT_REQUIRED_MESSAGE,
  CONDICIONES_PAGO_MESSAGE,
  DescuentoPorcentaje,
  EXPORTACION_MESSAGE,
  FORMA_PAGO_REQUIRED_MESSAGE,
  FechaDia,
  MESES_MESSAGE,
  METODO_PAGO_MESSAGE,
  MONEDA_MESSAGE,
  PARTIDAS_REQUIRED_MESSAGE,
  PERIODICIDAD_MESSAGE,
  PRECIO_UNITARIO_MESSAGE,
  PRODUCT_REQUIRED_MESSAGE,
  SERIE_REQUIRED_MESSAGE,
  TIPO_CAMBIO_MESSAGE,
  TIPO_RELACION_MESSAGE,
  USO_CFDI_REQUIRED_MESSAGE,
  UUID_MESSAGE,
  UUID_RE,
  decimal,
  optionalText,
} from './facturas-mensajes.ts';

/** Income invoices: the draft a user edits (request) and as stored and answered. */

// ------------------------------------------------------------------------------------ draft

/** One line (partida) of the draft. Tax lists carry the ids of the enterprise's taxes. */
export const PartidaRequest = z.object({
  product_service_id: z.coerce
    .number({ error: PRODUCT_REQUIRED_MESSAGE })
    .int(PRODUCT_REQUIRED_MESSAGE)
    .positive(PRODUCT_REQUIRED_MESSAGE),
  /** Optional text for this line; the product's description when absent. HTML and line breaks removed. */
  descripcion: z
    .string()
    .nullish()
    .transform((v) => (v ? cleanDescription(v) : null))
    .pipe(z.string().max(1000, 'La descripción no puede tener más de 1000 caracteres').nullable()),
  cantidad: decimal(CANTIDAD_MESSAGE, { max: 6, positive: true }),
  /** c_ClaveUnidad; the product's unit when absent. */
  clave_unidad: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  precio_unitario: decimal(PRECIO_UNITARIO_MESSAGE, { max: 6, positive: true }),
  /** Percent 0 to 100 (spec section 5). */
  descuento: DescuentoPorcentaje,
  /** Spec section 5: stripped to alphanumerics. */
  cuenta_predial: z
    .string()
    .nullish()
    .transform((v) => cleanCuentaPredial(v ?? ''))
    .pipe(z.string().max(150, 'El número de cuenta predial no puede tener más de 150 caracteres')),
  /** Ids of the enterprise's transferred taxes (GET /impuestos-trasladados). */
  impuestos_trasladados: z.array(z.coerce.number().int()).default([]),
  /** Ids of the enterprise's withheld taxes (GET /impuestos-retenidos). */
  impuestos_retenidos: z.array(z.coerce.number().int()).default([]),
  /** Ids of local transferred taxes (GET /impuestos-locales-trasladados/estado/{state}). */
  impuestos_locales_trasladados: z.array(z.string().min(1)).default([]),
  /** Ids of local withheld taxes (GET /impuestos-locales-retenidos/estado/{state}). */
  impuestos_locales_retenidos: z.array(z.string().min(1)).default([]),
});
export type PartidaRequest = z.infer<typeof PartidaRequest>;
export type PartidaRequestInput = z.input<typeof PartidaRequest>;

export const CfdiRelacionadoRequest = z.object({
  tipo_relacion: z.enum(['01', '02', '03', '04', '05', '06', '07'], {
    error: TIPO_RELACION_MESSAGE,
  }),
  uuids: z
    .array(
      z
        .string()
        .trim()
        .regex(UUID_RE, UUID_MESSAGE)
        .transform((u) => u.toUpperCase()),
    )
    .min(1, 'Indique al menos un UUID relacionado'),
});
export type CfdiRelacionadoRequest = z.infer<typeof CfdiRelacionadoRequest>;

/**
 * InformacionGlobal: required exactly when the client is público en general (RFC XAXX010101000)
 * named PUBLICO EN GENERAL, refused otherwise (cfdi40-rules 1.9 and 8.3).
 */
export const InformacionGlobalRequest = z.object({
  periodicidad: z.enum(['01', '02', '03', '04', '05'], { error: PERIODICIDAD_MESSAGE }),
  meses: z.string().regex(/^(0[1-9]|1[0-8])$/, MESES_MESSAGE),
  anio: z.coerce
    .number({ error: ANIO_MESSAGE })
    .int(ANIO_MESSAGE)
    .min(2019, ANIO_MESSAGE)
    .max(2099, ANIO_MESSAGE),
});
export type InformacionGlobalRequest = z.infer<typeof InformacionGlobalRequest>;

/**
 * Body of POST /facturacion/V40/facturas-ingreso (create and stamp), POST and PUT
 * /facturacion/V40/pre-facturas-ingreso[/{id}] (save and edit a pre-invoice) and
 * POST /facturacion/V40/pre-facturas-ingreso/{id}/timbrar (stamp with the edited data).
 */
export const FacturaDraftRequest = z.object({
  client_id: z.coerce
    .number({ error: CLIENT_REQUIRED_MESSAGE })
    .int(CLIENT_REQUIRED_MESSAGE)
    .positive(CLIENT_REQUIRED_MESSAGE),
  /** A serie of kind facturas-ingreso; the folio is its next one, taken when stamping. */
  serie_id: z.coerce
    .number({ error: SERIE_REQUIRED_MESSAGE })
    .int(SERIE_REQUIRED_MESSAGE)
    .positive(SERIE_REQUIRED_MESSAGE),
  /**
   * Creation date (AAAA-MM-DD): today (the default) or up to two days back, because the PAC refuses
   * a Fecha older than 72 hours. The time of day is the moment of stamping.
   */
  fecha: FechaDia.nullish().transform((v) => v ?? null),
  /** c_FormaPago; with PPD it must be 99 (Por definir). */
  forma_pago: z
    .string({ error: FORMA_PAGO_REQUIRED_MESSAGE })
    .trim()
    .min(1, FORMA_PAGO_REQUIRED_MESSAGE),
  metodo_pago: z.enum(['PUE', 'PPD'], { error: METODO_PAGO_MESSAGE }),
  /** c_UsoCFDI allowed for the client's person type and régimen; público en general uses S01. */
  uso_cfdi: z
    .string({ error: USO_CFDI_REQUIRED_MESSAGE })
    .trim()
    .toUpperCase()
    .min(1, USO_CFDI_REQUIRED_MESSAGE),
  moneda: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MONEDA_MESSAGE)
    .default('MXN'),
  /** MXN per unit of `moneda`; required unless MXN. */
  tipo_cambio: decimal(TIPO_CAMBIO_MESSAGE, { max: 6, positive: true })
    .nullish()
    .transform((v) => v ?? null),
  condiciones_pago: optionalText(1000, CONDICIONES_PAGO_MESSAGE),
  exportacion: z.literal('01', { error: EXPORTACION_MESSAGE }).default('01'),
  cfdi_relacionados: z.array(CfdiRelacionadoRequest).default([]),
  informacion_global: InformacionGlobalRequest.nullish().transform((v) => v ?? null),
  partidas: z
    .array(PartidaRequest, { error: PARTIDAS_REQUIRED_MESSAGE })
    .min(1, PARTIDAS_REQUIRED_MESSAGE)
    .max(1000, 'Una factura admite como máximo 1000 conceptos'),
  /**
   * Optional key of this stamping attempt (create and stamp only): sending the same key again never
   * makes a second invoice, it answers the first one.
   */
  idempotency_key: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
});
export type FacturaDraftRequest = z.infer<typeof FacturaDraftRequest>;

export type FacturaDraftRequestInput = z.input<typeof FacturaDraftRequest>;

/** A draft line as stored and answered (the output of PartidaRequest; no transforms: responses). */
export const Partida = z.object({
  product_service_id: z.number().int(),
  descripcion: z.string().nullable(),
  cantidad: z.string(),
  clave_unidad: z.string().nullable(),
  precio_unitario: z.string(),
  descuento: z.string(),
  cuenta_predial: z.string(),
  impuestos_trasladados: z.array(z.number().int()),
  impuestos_retenidos: z.array(z.number().int()),
  impuestos_locales_trasladados: z.array(z.string()),
  impuestos_locales_retenidos: z.array(z.string()),
});
export type Partida = z.infer<typeof Partida>;

/** The draft as stored and answered (the output of FacturaDraftRequest without the idempotency key). */
export const FacturaDraft = z.object({
  client_id: z.number().int(),
  serie_id: z.number().int(),
  fecha: z.string().nullable(),
  forma_pago: z.string(),
  metodo_pago: z.enum(['PUE', 'PPD']),
  uso_cfdi: z.string(),
  moneda: z.string(),
  tipo_cambio: z.string().nullable(),
  condiciones_pago: z.string().nullable(),
  exportacion: z.literal('01'),
  cfdi_relacionados: z.array(
    z.object({
      tipo_relacion: z.enum(['01', '02', '03', '04', '05', '06', '07']),
      uuids: z.array(z.string()),
    }),
  ),
  informacion_global: z
    .object({
      periodicidad: z.enum(['01', '02', '03', '04', '05']),
      meses: z.string(),
      anio: z.number().int(),
    })
    .nullable(),
  partidas: z.array(Partida),
});
export type FacturaDraft = z.infer<typeof FacturaDraft>;

// Compile-time check: what the request schemas produce is what the answers carry.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const draftMatches: Same<Omit<FacturaDraftRequest, 'idempotency_key'>, FacturaDraft> = true;
const partidaMatches: Same<PartidaRequest, Partida> = true;
void draftMatches;
void partidaMatches;
