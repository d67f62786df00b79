import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.ts';

/**
 * Credit notes (CFDI de egreso, issue 25): the form's data (a discount or bonus, relation 01, as an
 * amount before taxes or a percentage of the invoices; or a return, relation 03, of lines and
 * quantities), the list and the detail. A note's id is its comprobante's id; amounts are exact
 * decimal strings.
 */

export const FACTURAS_NOTA_MESSAGE = 'Elija al menos una factura timbrada';
export const SERIE_NOTA_MESSAGE = 'La serie es obligatoria';
export const IMPORTE_NOTA_MESSAGE = 'El importe debe ser mayor a 0 con hasta 2 decimales';
export const PORCENTAJE_NOTA_MESSAGE =
  'El porcentaje debe ser mayor a 0 y hasta 100, con hasta 4 decimales';
export const CANTIDAD_NOTA_MESSAGE =
  'La cantidad devuelta debe ser mayor a 0 con hasta 6 decimales';
export const AJUSTE_NOTA_MESSAGE =
  'Indique el importe o el porcentaje del descuento, o los conceptos devueltos';
export const MOTIVO_CANCELACION_NOTA_MESSAGE =
  'El motivo de cancelación debe ser 01, 02 o 03 (02: comprobante emitido con errores sin relación)';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const decimalTexto = (re: RegExp, message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => re.test(v) && !/^0+(\.0+)?$/.test(v), message);

/** A line of an invoice returned (relation 03): its position in the invoice and the quantity. */
export const PartidaDevuelta = z.object({
  factura_id: id(FACTURAS_NOTA_MESSAGE),
  /** The concept's position in the invoice (0 the first). */
  linea: z.coerce.number().int().min(0),
  cantidad: decimalTexto(/^\d{1,12}(\.\d{1,6})?$/, CANTIDAD_NOTA_MESSAGE),
});

/** Body of POST /facturacion/V40/nota-credito. */
export const NotaCreditoRequest = z
  .object({
    serie_id: id(SERIE_NOTA_MESSAGE),
    /** The invoices it credits, all of one client and one currency. */
    facturas: z.array(id(FACTURAS_NOTA_MESSAGE)).min(1, FACTURAS_NOTA_MESSAGE).max(50),
    tipo: z.enum(['descuento', 'devolucion'], { error: AJUSTE_NOTA_MESSAGE }),
    /** Discount or bonus before taxes, in the invoices' currency. */
    importe: decimalTexto(/^\d{1,15}(\.\d{1,2})?$/, IMPORTE_NOTA_MESSAGE).nullish(),
    porcentaje: decimalTexto(/^\d{1,3}(\.\d{1,4})?$/, PORCENTAJE_NOTA_MESSAGE)
      .refine((v) => Number(v) <= 100, PORCENTAJE_NOTA_MESSAGE)
      .nullish(),
    partidas: z.array(PartidaDevuelta).max(500).nullish(),
    /** The invoices' currency, when the form names one: another one is refused. */
    moneda: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/)
      .nullish(),
    /** c_FormaPago; the first invoice's when absent (15 condonación, 17 compensación…). */
    forma_pago: z
      .string()
      .trim()
      .regex(/^\d{2}$/)
      .nullish(),
    /** Why: shown on the PDF with each concept (at most 200 characters). */
    motivo: z.string().trim().max(200).nullish(),
    idempotency_key: z.string().trim().min(1).max(200).nullish(),
  })
  .refine(
    (r) =>
      r.tipo === 'devolucion'
        ? (r.partidas?.length ?? 0) > 0
        : (r.importe ? 1 : 0) + (r.porcentaje ? 1 : 0) === 1,
    { message: AJUSTE_NOTA_MESSAGE, path: ['tipo'] },
  );
export type NotaCreditoRequest = z.infer<typeof NotaCreditoRequest>;

/**
 * Answer of POST /facturacion/V40/nota-credito/vista-previa: the amounts the note would have, from
 * the same engine that stamps it, without stamping (the form shows them as they are typed).
 */
export const NotaCreditoVistaPrevia = z.object({
  moneda: z.string(),
  subtotal: z.string(),
  descuento: z.string().nullable(),
  traslados: z.array(
    z.object({
      impuesto: z.string(),
      tipo_factor: z.string(),
      tasa_o_cuota: z.string().nullable(),
      base: z.string(),
      importe: z.string().nullable(),
    }),
  ),
  retenciones: z.array(z.object({ impuesto: z.string(), importe: z.string() })),
  /** Local taxes (implocal): those of the invoice, at its rates ("3.50" per cent). */
  locales: z.array(
    z.object({
      tipo: z.enum(['traslado', 'retencion']),
      nombre: z.string(),
      tasa: z.string(),
      importe: z.string(),
    }),
  ),
  total: z.string(),
  /** Each invoice: what the note takes off it and what would remain of it. */
  facturas: z.array(
    z.object({ factura_id: z.number().int(), aplicado: z.string(), restante: z.string() }),
  ),
});
export type NotaCreditoVistaPrevia = z.infer<typeof NotaCreditoVistaPrevia>;

/** What the note takes off one invoice. */
export const FacturaAcreditadaItem = z.object({
  factura_id: z.number().int(),
  serie_folio: z.string(),
  uuid: z.string(),
  importe: z.string(),
});

/** A credit note as the list and the detail show it. */
export const NotaCreditoItem = z.object({
  id: z.number().int(),
  serie: z.string(),
  folio: z.number().int().nullable(),
  uuid: z.string().nullable(),
  status: z.string(),
  fecha: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  client_rfc: z.string(),
  tipo_relacion: z.enum(['01', '03', '07']),
  motivo: z.string(),
  moneda: z.string(),
  subtotal: z.string(),
  total: z.string(),
  facturas: z.array(FacturaAcreditadaItem),
});
export type NotaCreditoItem = z.infer<typeof NotaCreditoItem>;

export const NotaCreditoResponse = z.object({
  data: NotaCreditoItem,
  user_total_remaining_credits: z.number().int(),
});
export type NotaCreditoResponse = z.infer<typeof NotaCreditoResponse>;

const fechaFiltro = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD')
  .nullish();

/** Query of GET /facturacion/V40/nota-credito: filters and page. */
export const NotasCreditoQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: 'El tamaño de página debe ser 30, 50 o 100',
    })
    .default(DEFAULT_PAGE_SIZE),
  status: z.enum(['timbrada', 'cancelada', 'sellada', 'rechazada']).nullish(),
  client_id: z.coerce.number().int().positive().nullish(),
  factura_id: z.coerce.number().int().positive().nullish(),
  desde: fechaFiltro,
  hasta: fechaFiltro,
});
export type NotasCreditoQuery = z.infer<typeof NotasCreditoQuery>;

export const NotasCreditoResponse = z.object({
  data: z.array(NotaCreditoItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NotasCreditoResponse = z.infer<typeof NotasCreditoResponse>;

/** Body of POST /facturacion/V40/nota-credito/{id}/cancelar. */
export const CancelarNotaCreditoRequest = z.object({
  motivo: z.enum(['01', '02', '03'], { error: MOTIVO_CANCELACION_NOTA_MESSAGE }),
  folio_sustitucion: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
});
export type CancelarNotaCreditoRequest = z.infer<typeof CancelarNotaCreditoRequest>;

export const CancelarNotaCreditoResponse = z.object({
  data: NotaCreditoItem,
  estado: z.string(),
});
export type CancelarNotaCreditoResponse = z.infer<typeof CancelarNotaCreditoResponse>;
