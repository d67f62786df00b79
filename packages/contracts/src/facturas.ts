import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.ts';
import { cleanCuentaPredial, cleanDescription } from './products-services.ts';

/**
 * Income invoices (facturas de ingreso), spec sections 2, 3, 4, 5 and 7 "Invoices". The invoice id of
 * every route is the comprobante's id: a pre-invoice is a comprobante in status pre_factura. Amounts
 * are exact decimal strings ("1234.50"), never binary floats.
 */

// ------------------------------------------------------------------------------------ messages

/** Spec section 5, discount percent. */
export const DESCUENTO_MENOR_MESSAGE = 'El descuento no puede ser menor a 0%';
export const DESCUENTO_MAYOR_MESSAGE = 'El descuento no puede ser mayor a 100%';
/** Spec section 5, stamping rules for an issuer natural person in régimen 626. */
export const REGLA_626_MORAL_MESSAGE =
  'Para facturar a una persona moral, todos los conceptos deben incluir el impuesto trasladado y los impuestos retenidos correspondientes.';
export const REGLA_626_MORAL_HINT =
  'Por ejemplo: IVA trasladado 16%, ISR retenido 1.25% e IVA retenido de dos terceras partes (10.6666%); si el concepto está exento de IVA, sólo el ISR retenido.';
export const REGLA_626_FISICA_MESSAGE =
  'Para facturar a una persona física, todos los conceptos deben tener solo impuestos trasladados.';
/** Spec section 5, expired seals. */
export const SELLOS_EXPIRADOS_MESSAGE = 'Sus sellos ya han expirado.';

export const CLIENT_REQUIRED_MESSAGE = 'El cliente es obligatorio';
export const SERIE_REQUIRED_MESSAGE = 'La serie es obligatoria';
export const FORMA_PAGO_REQUIRED_MESSAGE = 'La forma de pago es obligatoria';
export const METODO_PAGO_MESSAGE = 'El método de pago debe ser PUE o PPD';
export const USO_CFDI_REQUIRED_MESSAGE = 'El uso de CFDI es obligatorio';
export const MONEDA_MESSAGE = 'La moneda debe ser una clave de 3 letras del catálogo del SAT';
export const TIPO_CAMBIO_MESSAGE =
  'El tipo de cambio debe ser un número mayor a 0 con hasta 6 decimales';
export const CONDICIONES_PAGO_MESSAGE =
  'Las condiciones de pago no pueden tener más de 1000 caracteres';
export const EXPORTACION_MESSAGE =
  'Sólo se admite la exportación 01 (No aplica); la 02 requiere el complemento de Comercio Exterior';
export const FECHA_MESSAGE = 'La fecha debe tener el formato AAAA-MM-DD';
export const PARTIDAS_REQUIRED_MESSAGE = 'Agregue al menos un concepto a la factura';
export const PRODUCT_REQUIRED_MESSAGE = 'El producto o servicio es obligatorio';
export const CANTIDAD_MESSAGE = 'La cantidad debe ser un número mayor a 0 con hasta 6 decimales';
export const PRECIO_UNITARIO_MESSAGE =
  'El precio unitario debe ser un número mayor a 0 con hasta 6 decimales';
export const CLAVE_UNIDAD_MESSAGE = 'La clave de unidad del SAT es obligatoria';
export const TIPO_RELACION_MESSAGE = 'El tipo de relación debe ser una clave del 01 al 07';
export const UUID_MESSAGE = 'El UUID relacionado no es válido';
export const PERIODICIDAD_MESSAGE = 'La periodicidad debe ser 01, 02, 03, 04 o 05';
export const MESES_MESSAGE = 'El mes debe ser una clave del 01 al 18';
export const ANIO_MESSAGE = 'El año debe tener 4 dígitos';
export const MOTIVO_CANCELACION_MESSAGE =
  'El motivo de cancelación debe ser 01, 02 o 03 (el 04 sólo aplica a facturas globales)';
export const FOLIO_SUSTITUCION_MESSAGE = 'El folio fiscal de sustitución no es un UUID válido';
export const STATUS_FILTER_MESSAGE = 'El estatus debe ser Todos, cancelled, timbrada o pre_factura';
export const PAGE_SIZE_MESSAGE = 'El tamaño de página debe ser 30, 50 o 100';

// ------------------------------------------------------------------------------------ primitives

const UUID_RE = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** A decimal given as text or number; `max` decimals; `positive` forbids 0. */
const decimal = (message: string, opts: { max: number; positive: boolean }) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => new RegExp(`^[0-9]{1,18}(\\.[0-9]{1,${opts.max}})?$`).test(v), message)
    .refine((v) => !opts.positive || !/^0+(\.0+)?$/.test(v), message);

/**
 * Spec section 5: the discount percent goes from 0 to 100 and anything non-numeric counts as 0.
 * Output: the percent as a decimal string with up to 6 decimals ("0", "12.5").
 */
export const DescuentoPorcentaje = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return 0;
    const n = typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'));
    return Number.isFinite(n) && String(v).trim() !== '' ? n : 0;
  })
  .refine((n) => n >= 0, DESCUENTO_MENOR_MESSAGE)
  .refine((n) => n <= 100, DESCUENTO_MAYOR_MESSAGE)
  .transform((n) => String(Number(n.toFixed(6))));

/** A calendar date AAAA-MM-DD. */
export const FechaDia = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, FECHA_MESSAGE);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

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

/**
 * The standard `Idempotency-Key` header of every stamping POST: the same key again never stamps a
 * second document, it answers the first. On create-and-stamp it takes the place of the body's
 * `idempotency_key`; a pre-invoice's stamping is already keyed by the pre-invoice.
 */
export const IdempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'La clave de idempotencia debe tener entre 8 y 100 caracteres.')
    .max(100, 'La clave de idempotencia debe tener entre 8 y 100 caracteres.')
    .optional()
    .describe(
      'Clave de este intento de timbrado: repetirla responde el documento ya timbrado, nunca timbra dos veces.',
    ),
});
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

// ------------------------------------------------------------------------------------ statuses

/**
 * Spec section 4, invoice statuses, and two of a stamping attempt: sealed and sent but the PAC's
 * answer never came (its folio and one credit reserved; resent until it answers), and refused by the
 * PAC (its folio used, its credit refunded; the reason explains the gap in the serie).
 */
export const FacturaStatus = z.enum([
  'pre_factura',
  'timbrada',
  'cancelled',
  'pendiente_pac',
  'rechazada',
]);
export type FacturaStatus = z.infer<typeof FacturaStatus>;

/** Status filter of the list (spec section 9): Todos, Canceladas, Timbradas, Pre Factura. */
export const FacturaStatusFilter = z.enum(['Todos', 'cancelled', 'timbrada', 'pre_factura'], {
  error: STATUS_FILTER_MESSAGE,
});

export const PENDIENTE_PAC = 'Pendiente de respuesta del PAC';

/** Spanish label of a status, with the SAT cancellation status while a cancellation is pending. */
export function facturaViewStatus(status: FacturaStatus, estatusCancelacion: string): string {
  if (status === 'pre_factura') return 'Pre Factura';
  if (status === 'pendiente_pac') return PENDIENTE_PAC;
  if (status === 'rechazada') return 'Rechazada por el PAC';
  if (status === 'cancelled') return 'Cancelada';
  if (estatusCancelacion === 'En proceso') return 'Cancelación en proceso';
  if (estatusCancelacion === 'Solicitud rechazada') return 'Timbrada (cancelación rechazada)';
  return 'Timbrada';
}

// ------------------------------------------------------------------------------------ list

/** A row of GET/POST .../facturas-ingreso lists (spec section 3, invoice list item). */
export const FacturaListItem = z.object({
  id: z.number().int(),
  status: FacturaStatus,
  /** Spanish label: Pre Factura, Timbrada, Cancelada, Cancelación en proceso... */
  view_status: z.string(),
  metodo_pago: z.enum(['PUE', 'PPD']),
  /** PPD: total minus the stamped payments (decimal string); null for PUE and pre-invoices. */
  PPD_pending_amount: z.string().nullable(),
  /** Year and month (01-12) of the invoice date. */
  year: z.number().int(),
  month_key: z.string(),
  serie: z.string(),
  /** Null for a pre-invoice: the folio is taken when it is stamped. */
  folio: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  client_name: z.string(),
  client_rfc: z.string(),
  /** AAAA-MM-DDThh:mm:ss (the CFDI Fecha once stamped; the save time of a pre-invoice). */
  fecha: z.string(),
  moneda: z.string(),
  total: z.string(),
  uuid: z.string().nullable(),
  /** SAT cancellation status: '', En proceso, Cancelado sin aceptación, ... */
  estatus_cancelacion: z.string(),
});
export type FacturaListItem = z.infer<typeof FacturaListItem>;

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: PAGE_SIZE_MESSAGE });

/** Query of GET /facturacion/V40/facturas-ingreso and of the ppd-pending-payments list. */
export const FacturaListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
});

/** Body of POST /facturacion/V40/facturas-ingreso/search?page. */
export const FacturaSearchRequest = z.object({
  /** Matches the client's name or RFC, or the UUID. */
  rfc_name: z.string().trim().max(300).default(''),
  from_date: FechaDia.nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  to_date: FechaDia.nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  /** A serie's letters, or several. */
  serie: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) =>
      (Array.isArray(v) ? v : v ? [v] : []).map((s) => s.trim()).filter((s) => s !== ''),
    ),
  series: z
    .array(z.string())
    .nullish()
    .transform((v) => (v ?? []).map((s) => s.trim()).filter((s) => s !== '')),
  status: FacturaStatusFilter.default('Todos'),
  metodo_pago: z
    .enum(['PUE', 'PPD', 'Todos', ''], { error: METODO_PAGO_MESSAGE })
    .nullish()
    .transform((v) => (v === 'PUE' || v === 'PPD' ? v : null)),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
  current_page: z.coerce.number().int().min(1).optional(),
});
export type FacturaSearchRequest = z.infer<typeof FacturaSearchRequest>;
export type FacturaSearchRequestInput = z.input<typeof FacturaSearchRequest>;

/** Query of GET /facturacion/V40/facturas-ingreso/export: the list's filters, every page. */
export const FacturaExportQuery = FacturaSearchRequest.omit({
  items_per_page: true,
  current_page: true,
});
export type FacturaExportQuery = z.infer<typeof FacturaExportQuery>;
export type FacturaExportQueryInput = z.input<typeof FacturaExportQuery>;

// ------------------------------------------------------------------------------------ detail

const LineaImpuesto = z.object({
  base: z.string(),
  /** 001 ISR, 002 IVA, 003 IEPS. */
  impuesto: z.string(),
  tipo_factor: z.string(),
  tasa_o_cuota: z.string().nullable(),
  importe: z.string().nullable(),
});

const ImpuestoLocal = z.object({ nombre: z.string(), tasa: z.string(), importe: z.string() });

/** Every datum of the CFDI (read from the stamped XML, or the preview of a pre-invoice). */
export const CfdiDatos = z.object({
  version: z.string(),
  serie: z.string().nullable(),
  folio: z.string().nullable(),
  fecha: z.string(),
  forma_pago: z.string().nullable(),
  metodo_pago: z.string().nullable(),
  condiciones_pago: z.string().nullable(),
  moneda: z.string(),
  tipo_cambio: z.string().nullable(),
  exportacion: z.string(),
  lugar_expedicion: z.string(),
  no_certificado: z.string().nullable(),
  subtotal: z.string(),
  descuento: z.string().nullable(),
  total: z.string(),
  informacion_global: z
    .object({ periodicidad: z.string(), meses: z.string(), anio: z.string() })
    .nullable(),
  cfdi_relacionados: z.array(z.object({ tipo_relacion: z.string(), uuids: z.array(z.string()) })),
  emisor: z.object({ rfc: z.string(), nombre: z.string(), regimen_fiscal: z.string() }),
  receptor: z.object({
    rfc: z.string(),
    nombre: z.string(),
    domicilio_fiscal: z.string(),
    regimen_fiscal: z.string(),
    uso_cfdi: z.string(),
    residencia_fiscal: z.string().nullable(),
  }),
  conceptos: z.array(
    z.object({
      clave_prod_serv: z.string(),
      no_identificacion: z.string().nullable(),
      cantidad: z.string(),
      clave_unidad: z.string(),
      unidad: z.string().nullable(),
      descripcion: z.string(),
      valor_unitario: z.string(),
      importe: z.string(),
      descuento: z.string().nullable(),
      objeto_imp: z.string(),
      traslados: z.array(LineaImpuesto),
      retenciones: z.array(LineaImpuesto),
      cuenta_predial: z.array(z.string()),
    }),
  ),
  impuestos: z
    .object({
      total_trasladados: z.string().nullable(),
      total_retenidos: z.string().nullable(),
      traslados: z.array(LineaImpuesto),
      retenciones: z.array(z.object({ impuesto: z.string(), importe: z.string() })),
    })
    .nullable(),
  impuestos_locales: z
    .object({
      total_traslados: z.string(),
      total_retenciones: z.string(),
      traslados: z.array(ImpuestoLocal),
      retenciones: z.array(ImpuestoLocal),
    })
    .nullable(),
  /** The TimbreFiscalDigital; null for a pre-invoice. */
  timbre: z
    .object({
      uuid: z.string(),
      fecha_timbrado: z.string(),
      rfc_prov_certif: z.string(),
      no_certificado_sat: z.string(),
      sello_cfd: z.string(),
      sello_sat: z.string(),
    })
    .nullable(),
});
export type CfdiDatos = z.infer<typeof CfdiDatos>;

/** A draft line with the product it names and its amounts as the CFDI engine computes them. */
export const PartidaDetail = Partida.extend({
  descripcion: z.string(),
  clave_unidad: z.string(),
  clave_prod_serv: z.string(),
  unidad_nombre: z.string(),
  no_identificacion: z.string().nullable(),
  /** cantidad × precio_unitario. */
  importe: z.string(),
  descuento_monto: z.string(),
  /** importe − descuento: the base of the taxes. */
  importe_base: z.string(),
  /** importe_base + transferred − withheld taxes, local ones included. */
  total: z.string(),
});
export type PartidaDetail = z.infer<typeof PartidaDetail>;

/** GET /facturacion/V40/facturas-ingreso/{id} (and the answer of save, edit and stamp). */
export const FacturaDetail = FacturaListItem.extend({
  /** The draft to edit or clone; null for an invoice stamped before drafts were kept. */
  draft: FacturaDraft.nullable(),
  /** The draft's lines with product data and amounts; empty when `draft` is null. */
  partidas: z.array(PartidaDetail),
  /** Every datum of the CFDI; for a pre-invoice, the preview with the serie's next folio. */
  cfdi: CfdiDatos.nullable(),
  /** Why the preview could not be built (a pre-invoice whose client or product changed). */
  cfdi_errores: z.array(z.string()),
  fecha_timbrado: z.string().nullable(),
  motivo_cancelacion: z.string(),
  folio_sustitucion: z.string(),
  /** Why the PAC refused this attempt (status rechazada): its code and Spanish message. */
  rechazo: z.object({ codigo: z.string(), mensaje: z.string() }).nullable().optional(),
});
export type FacturaDetail = z.infer<typeof FacturaDetail>;

/** Answer of every stamping call: the invoice and the credits left. */
export const TimbrarFacturaResponse = z.object({
  factura: FacturaDetail,
  user_total_remaining_credits: z.number().int(),
});
export type TimbrarFacturaResponse = z.infer<typeof TimbrarFacturaResponse>;

// ------------------------------------------------------------------------------------ cancel

/** Body of POST /facturacion/V40/cancelar-factura (spec section 5: motives without 01 and 04 in the UI). */
export const CancelarFacturaRequest = z
  .object({
    factura_id: z.coerce.number({ error: 'La factura es obligatoria' }).int().positive(),
    motivo: z.enum(['01', '02', '03'], { error: MOTIVO_CANCELACION_MESSAGE }),
    /** UUID of the replacing invoice (stamped, relating this one with tipo 04); motivo 01 only. */
    folio_sustitucion: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || UUID_RE.test(v), FOLIO_SUSTITUCION_MESSAGE),
  })
  .superRefine((v, ctx) => {
    if (v.motivo === '01' && !v.folio_sustitucion) {
      ctx.addIssue({
        code: 'custom',
        path: ['folio_sustitucion'],
        message:
          'Con el motivo 01 indique el folio fiscal (UUID) de la factura que sustituye a ésta',
      });
    }
    if (v.motivo !== '01' && v.folio_sustitucion) {
      ctx.addIssue({
        code: 'custom',
        path: ['folio_sustitucion'],
        message: 'El folio de sustitución sólo se indica con el motivo 01',
      });
    }
  });
export type CancelarFacturaRequest = z.infer<typeof CancelarFacturaRequest>;

/**
 * Answer of cancelar-factura and of POST /facturacion/V40/facturas-ingreso/{id}/estado-cancelacion
 * (refresh): the SAT status as the PAC reports it. `status` becomes cancelled only once the SAT says
 * Cancelado; meanwhile estatus_cancelacion shows 'En proceso'.
 */
export const CancelacionResponse = z.object({
  factura_id: z.number().int(),
  status: FacturaStatus,
  view_status: z.string(),
  /** Vigente, Cancelado, No Encontrado. */
  estado: z.string(),
  /** Cancelable sin aceptación, Cancelable con aceptación, No cancelable. */
  es_cancelable: z.string(),
  estatus_cancelacion: z.string(),
  motivo_cancelacion: z.string(),
  folio_sustitucion: z.string(),
});
export type CancelacionResponse = z.infer<typeof CancelacionResponse>;

// ------------------------------------------------------------------------------------ PPD

/** A row of GET /facturacion/V40/{enterpriseId}/ppd-pending-payments (list in data.data). */
export const PpdPendingPayment = z.object({
  id: z.number().int(),
  serie: z.string(),
  folio: z.number().int().nullable(),
  uuid: z.string(),
  client_id: z.number().int().nullable(),
  client_name: z.string(),
  client_rfc: z.string(),
  fecha: z.string(),
  moneda: z.string(),
  tipo_cambio: z.string().nullable(),
  total: z.string(),
  /** Total minus the stamped payments. */
  PPD_pending_amount: z.string(),
  /** Σ of the stamped, not cancelled payments. */
  pagado: z.string(),
  /** Payment date of the latest stamped payment, `AAAA-MM-DDThh:mm:ss`; null when none. */
  fecha_ultimo_pago: z.string().nullable(),
  /** Whole days from the invoice date to today (the enterprise's time zone). */
  dias_desde_emision: z.number().int(),
});
export type PpdPendingPayment = z.infer<typeof PpdPendingPayment>;

// Compile-time check: what the request schemas produce is what the answers carry.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const draftMatches: Same<Omit<FacturaDraftRequest, 'idempotency_key'>, FacturaDraft> = true;
const partidaMatches: Same<PartidaRequest, Partida> = true;
void draftMatches;
void partidaMatches;
