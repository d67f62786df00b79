import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.ts';

/**
 * Payment complements (CFDI de pago, Pagos 2.0), spec sections 3, 4, 5 and 7: the form's data, the
 * list of an invoice's payments and the PPD receivables. A payment's id is its comprobante's id.
 * Amounts are exact decimal strings in answers; the form sends payment_amount as a number (spec 5).
 */

export const FACTURA_REQUIRED_MESSAGE = 'La factura pagada es obligatoria';
export const SERIE_PAGO_REQUIRED_MESSAGE = 'La serie es obligatoria';
export const FORMA_PAGO_PAGO_MESSAGE =
  'La forma de pago es obligatoria y no puede ser 99 (Por definir)';
export const FECHA_PAGO_MESSAGE = 'La fecha de pago debe tener el formato AAAA-MM-DD HH:mm:ss';
export const MONTO_PAGO_MESSAGE = 'El monto del pago debe ser mayor a 0 con hasta 2 decimales';
export const TIPO_CAMBIO_PAGO_MESSAGE =
  'El tipo de cambio debe ser un número mayor a 0 con hasta 6 decimales';
export const MOTIVO_CANCELACION_PAGO_MESSAGE =
  'El motivo de cancelación debe ser 01, 02 o 03 (02: comprobante emitido con errores sin relación)';

const texto = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** An amount the form sends as a number (or text); at most 2 decimals, above 0. */
const monto = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^[0-9]{1,15}(\.[0-9]{1,2})?$/.test(v) && !/^0+(\.0+)?$/.test(v), message)
    .transform((v) => {
      const [entero = '0', fraccion = ''] = v.split('.');
      return `${entero.replace(/^0+(?=\d)/, '')}.${fraccion.padEnd(2, '0')}`;
    });

/** One more invoice the same payment settles (several DoctoRelacionado), from the pending view. */
export const DocumentoPagoRequest = z.object({
  factura_id: z.coerce.number({ error: FACTURA_REQUIRED_MESSAGE }).int().positive(),
  /** What is applied to this invoice, in the payment's currency. */
  importe_pagado: monto(MONTO_PAGO_MESSAGE),
});
export type DocumentoPagoRequest = z.infer<typeof DocumentoPagoRequest>;

/** An exchange rate: MXN per unit of a currency, up to 6 decimals, above zero; null when absent. */
function tipoCambio() {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim()))
    .refine((v) => v === null || /^[0-9]{1,12}(\.[0-9]{1,6})?$/.test(v), TIPO_CAMBIO_PAGO_MESSAGE)
    .refine((v) => v === null || !/^0+(\.0+)?$/.test(v), TIPO_CAMBIO_PAGO_MESSAGE);
}

/** Body of POST /facturacion/V40/complemento-pago (spec section 3, "Payment complement form"). */
export const ComplementoPagoRequest = z.object({
  factura_id: z.coerce.number({ error: FACTURA_REQUIRED_MESSAGE }).int().positive(),
  serie_id: z.coerce
    .number({ error: SERIE_PAGO_REQUIRED_MESSAGE })
    .int(SERIE_PAGO_REQUIRED_MESSAGE)
    .positive(SERIE_PAGO_REQUIRED_MESSAGE),
  /** Sent by the form; the signed-in enterprise and the invoice's client are what count. */
  enterprise_id: z.coerce.number().int().nullish(),
  client_id: z.coerce.number().int().nullish(),
  creation_date: z.string().nullish(),
  forma_pago: z
    .string({ error: FORMA_PAGO_PAGO_MESSAGE })
    .trim()
    .regex(/^\d{2}$/, FORMA_PAGO_PAGO_MESSAGE)
    .refine((v) => v !== '99', FORMA_PAGO_PAGO_MESSAGE),
  /** Spec section 5: the chosen date with the current time, `YYYY-MM-DD HH:mm:ss`. */
  payment_date: z
    .string({ error: FECHA_PAGO_MESSAGE })
    .trim()
    .regex(
      /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
      FECHA_PAGO_MESSAGE,
    ),
  /** The amount received, in the payment's currency. */
  payment_amount: monto(MONTO_PAGO_MESSAGE),
  num_operacion: texto(100, 'El número de operación no puede tener más de 100 caracteres'),
  rfc_emisor_cta_ordenante: texto(13, 'El RFC del banco ordenante no es válido').transform(
    (v) => v?.toUpperCase() ?? null,
  ),
  nom_banco_ordenante_ext: texto(300, 'El nombre del banco no puede tener más de 300 caracteres'),
  cta_ordenante: texto(50, 'La cuenta ordenante no puede tener más de 50 caracteres'),
  rfc_emisor_cta_ben: texto(13, 'El RFC del banco beneficiario no es válido').transform(
    (v) => v?.toUpperCase() ?? null,
  ),
  cta_beneficiario: texto(50, 'La cuenta beneficiaria no puede tener más de 50 caracteres'),
  tipo_cadena_pago: texto(2, 'El tipo de cadena de pago solo puede ser 01 (SPEI)'),
  cert_pago: texto(20000, 'El certificado del pago es demasiado largo'),
  cad_pago: texto(20000, 'La cadena del pago es demasiado larga'),
  sello_pago: texto(20000, 'El sello del pago es demasiado largo'),
  /**
   * Currency of the payment: the invoice's (default) or MXN for an invoice in another currency
   * (then EquivalenciaDR converts it).
   */
  moneda_p: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'La moneda del pago debe ser una clave de 3 letras')
    .nullish()
    .transform((v) => v || null),
  /** MXN per unit of the invoice's currency on the payment date; required when it is not MXN. */
  tipo_cambio: tipoCambio(),
  /**
   * A payment in MXN of invoices in several currencies (Pagos 2.0, EquivalenciaDR per
   * DoctoRelacionado): MXN per unit of each invoice currency other than MXN, by its code. The
   * invoice's own currency may come in tipo_cambio instead.
   */
  tipos_cambio: z
    .record(
      z.string().regex(/^[A-Z]{3}$/, 'La moneda debe ser una clave de 3 letras'),
      tipoCambio(),
    )
    .nullish()
    .transform((v) => v ?? null),
  /**
   * One payment that settles several invoices of the same client: every invoice with what is
   * applied to it (factura_id's own share included). Absent: payment_amount goes to factura_id.
   */
  documentos: z.array(DocumentoPagoRequest).max(50).nullish(),
  /** Same key = same complement: a repeated request never stamps twice. */
  idempotency_key: z.string().trim().min(8).max(100).nullish(),
});
export type ComplementoPagoRequest = z.infer<typeof ComplementoPagoRequest>;
export type ComplementoPagoRequestInput = z.input<typeof ComplementoPagoRequest>;

/**
 * A payment's status: stamped, cancelled, or a stamping attempt that did not end stamped (sealed and
 * waiting for the PAC, its folio and credit reserved; or rejected by the PAC, with its reason).
 */
export const ComplementoStatus = z.enum(['timbrada', 'cancelled', 'pendiente_pac', 'rechazada']);

/** What one payment applied to one invoice (a DoctoRelacionado). */
export const DocumentoRelacionado = z.object({
  factura_id: z.number().int(),
  serie: z.string(),
  folio: z.number().int().nullable(),
  uuid: z.string(),
  moneda: z.string(),
  equivalencia: z.string(),
  num_parcialidad: z.number().int(),
  importe_saldo_anterior: z.string(),
  importe_pagado: z.string(),
  importe_saldo_insoluto: z.string(),
});
export type DocumentoRelacionado = z.infer<typeof DocumentoRelacionado>;

/** One payment of an invoice (spec: comprobante with status, documento_relacionado with importe_pagado). */
export const PagoItem = z.object({
  id: z.number().int(),
  comprobante: z.object({
    id: z.number().int(),
    status: ComplementoStatus,
    view_status: z.string(),
    serie: z.string(),
    folio: z.number().int().nullable(),
    uuid: z.string(),
    fecha: z.string(),
    fecha_timbrado: z.string().nullable(),
    estatus_cancelacion: z.string(),
    motivo_cancelacion: z.string(),
    /** The PAC's code and reason when it rejected this attempt. */
    rechazo: z.object({ codigo: z.string(), mensaje: z.string() }).nullable(),
  }),
  /** The part of this payment applied to the invoice asked for. */
  documento_relacionado: DocumentoRelacionado,
  /** Every invoice this payment settles (one unless paid from the pending view). */
  documentos: z.array(DocumentoRelacionado),
  client_id: z.number().int(),
  client_name: z.string(),
  client_rfc: z.string(),
  fecha_pago: z.string(),
  forma_pago: z.string(),
  moneda_p: z.string(),
  tipo_cambio_p: z.string(),
  monto: z.string(),
  num_operacion: z.string(),
});
export type PagoItem = z.infer<typeof PagoItem>;

/** The invoice's balance as its payments leave it. */
export const SaldoFactura = z.object({
  factura_id: z.number().int(),
  moneda: z.string(),
  total: z.string(),
  /** Σ of the payments whose complement is stamped and not cancelled. */
  pagado: z.string(),
  /** Σ of the credit notes in force that relate it (what they took off its Total). */
  acreditado: z.string(),
  /** Total − pagado − acreditado. */
  saldo: z.string(),
  /** Number the next payment will carry (NumParcialidad). */
  siguiente_parcialidad: z.number().int(),
});
export type SaldoFactura = z.infer<typeof SaldoFactura>;

/** Answer of GET /facturacion/V40/complemento-pago/{facturaId}: the list in data.data. */
export const PagosDeFacturaResponse = z.object({
  data: z.array(PagoItem),
  saldo: SaldoFactura,
});
export type PagosDeFacturaResponse = z.infer<typeof PagosDeFacturaResponse>;

/** Answer of POST /facturacion/V40/complemento-pago: the stamped payment in data.data. */
export const ComplementoPagoResponse = z.object({
  data: PagoItem,
  saldo: SaldoFactura,
  /** The serie's next folio after this stamp (spec: folio + 1). */
  serie: z.object({ id: z.number().int(), serie: z.string(), folio: z.number().int() }),
  user_total_remaining_credits: z.number().int(),
  /**
   * What the user should know of the stamped payment: each tax group of an invoice it does not carry
   * (its share rounds to no base; the next payment carries it) and the least amount that would.
   */
  avisos: z.array(z.string()).optional(),
});
export type ComplementoPagoResponse = z.infer<typeof ComplementoPagoResponse>;

/** Body of POST /facturacion/V40/complemento-pago/{id}/cancelar. */
export const CancelarPagoRequest = z.object({
  motivo: z.enum(['01', '02', '03'], { error: MOTIVO_CANCELACION_PAGO_MESSAGE }),
  folio_sustitucion: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
});
export type CancelarPagoRequest = z.infer<typeof CancelarPagoRequest>;

/** Answer of the cancellation: the payment as it stands and the invoice's balance. */
export const CancelarPagoResponse = z.object({
  data: PagoItem,
  saldo: SaldoFactura,
  estado: z.string(),
});
export type CancelarPagoResponse = z.infer<typeof CancelarPagoResponse>;

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
    message: 'El tamaño de página debe ser 30, 50 o 100',
  });

const fechaFiltro = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD')
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);

/** Query of GET facturacion/V40/{enterpriseId}/ppd-pending-payments: filters by client and dates. */
export const PpdPendingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
  client_id: z.coerce.number().int().positive().nullish(),
  from_date: fechaFiltro,
  to_date: fechaFiltro,
});
export type PpdPendingQuery = z.infer<typeof PpdPendingQuery>;
