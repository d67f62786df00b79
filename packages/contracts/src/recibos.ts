import { z } from 'zod';
import { ClientRequest } from './clients.ts';
import { EmailList } from './clients.ts';
import { FORMA_PAGO_REQUIRED_MESSAGE } from './facturas-mensajes.ts';
import { PartidaRequest } from './facturas-borrador.ts';
import { FechaDia } from './emision.ts';

/**
 * Sales receipts (recibos / notas de venta, issue 28) and the self-invoicing portal: a point of sale
 * records a sale; its customer invoices it on the enterprise's portal with the code and total
 * printed on the ticket.
 */

export const RECIBO_MENSAJES = {
  partidas: 'Agregue al menos una partida al recibo.',
  maxPartidas: 'Un recibo admite como máximo 200 partidas.',
  formaPago99:
    'Un recibo es una venta pagada: indique la forma de pago con la que se pagó (no 99).',
  noExiste: 'El recibo no existe.',
  soloAbierto: 'Solo se puede cancelar un recibo abierto: uno facturado se cancela con su factura.',
  fechaFutura: 'La fecha del recibo no puede ser posterior a hoy.',
  fechaAntigua: 'La fecha del recibo no puede tener más de un año de antigüedad.',
  sinSerie:
    'Antes de recibir ventas, agregue una serie de facturas de ingreso en Configuraciones → Series y folios.',
} as const;

/** A line of a receipt: a product, quantity, price with its transferred taxes (no withholdings). */
export const ReciboPartidaRequest = PartidaRequest.pick({
  product_service_id: true,
  descripcion: true,
  cantidad: true,
  precio_unitario: true,
  descuento: true,
  impuestos_trasladados: true,
});
export type ReciboPartidaRequest = z.infer<typeof ReciboPartidaRequest>;

/** POST /recibos/{enterpriseId}: a sale a point of sale or the screen records. */
export const ReciboRequest = z.object({
  /** The point of sale's own ticket number: sending it again answers the same receipt. */
  referencia: z
    .string()
    .trim()
    .max(100, 'La referencia admite hasta 100 caracteres.')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** c_FormaPago of the payment received; 99 (Por definir) is not a payment. */
  forma_pago: z
    .string({ error: FORMA_PAGO_REQUIRED_MESSAGE })
    .trim()
    .regex(/^\d{2}$/, FORMA_PAGO_REQUIRED_MESSAGE)
    .refine((v) => v !== '99', RECIBO_MENSAJES.formaPago99),
  /** The sale's day (AAAA-MM-DD, the emisor's calendar); none: now. Never after today. */
  fecha: FechaDia.nullish().transform((v) => v ?? null),
  partidas: z
    .array(ReciboPartidaRequest, { error: RECIBO_MENSAJES.partidas })
    .min(1, RECIBO_MENSAJES.partidas)
    .max(200, RECIBO_MENSAJES.maxPartidas),
});
export type ReciboRequest = z.infer<typeof ReciboRequest>;
export type ReciboRequestInput = z.input<typeof ReciboRequest>;

export const EstadoRecibo = z.enum(['abierto', 'facturado', 'cancelado']);
export type EstadoRecibo = z.infer<typeof EstadoRecibo>;
export const ESTADO_RECIBO_TEXTO: Record<EstadoRecibo, string> = {
  abierto: 'Abierto',
  facturado: 'Facturado',
  cancelado: 'Cancelado',
};

export const ReciboResponse = z.object({
  id: z.number().int(),
  folio: z.number().int(),
  codigo: z.string(),
  referencia: z.string().nullable(),
  fecha: z.string(),
  forma_pago: z.string(),
  subtotal: z.string(),
  descuento: z.string(),
  impuestos: z.string(),
  total: z.string(),
  estado: EstadoRecibo,
  /** The invoice its customer stamped on the portal. */
  factura: z
    .object({ id: z.number().int(), uuid: z.string().nullable(), serie_folio: z.string() })
    .nullable(),
  /**
   * The stamped global invoice it is a sale of (then its customer's invoice needs the SAT's
   * procedure, motive 04: POST .../facturas-globales/{id}/venta-nominativa).
   */
  global: z.object({ id: z.number().int(), serie_folio: z.string() }).nullable(),
  /** The last day (AAAA-MM-DD) its customer may invoice it on the portal. */
  facturable_hasta: z.string(),
  /** The portal's address with the code filled in: the ticket's QR. */
  url_portal: z.string(),
  /** That address as a QR code (SVG), in the answer of one receipt only. */
  qr_svg: z.string().optional(),
});
export type ReciboResponse = z.infer<typeof ReciboResponse>;

export const ReciboListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  estado: EstadoRecibo.optional(),
});

// ------------------------------------------------------------------------------------- portal

export const PORTAL_MENSAJES = {
  noEncontrado:
    'No encontramos un ticket con ese código y ese total. Revise ambos datos en su ticket.',
  yaFacturado: 'Este ticket ya fue facturado. Si no recibió su factura, pídala a la empresa.',
  cancelado: 'Este ticket fue cancelado por la empresa.',
  enProceso:
    'Este ticket se está facturando en este momento. Si fue usted, revise su correo en unos minutos; si no, inténtelo de nuevo más tarde.',
  enFacturaGlobal:
    'Este ticket ya está incluido en la factura global de las ventas al público en general del periodo, por lo que ya no puede facturarse aquí. Pida su factura directamente a la empresa: ella puede retirarlo de la factura global y emitirla a su nombre.',
  fueraDePlazo: (hasta: string) =>
    `El plazo para facturar este ticket terminó el ${hasta}. Pida su factura directamente a la empresa.`,
  noDisponible: 'Este portal de facturación no está disponible.',
  datosDistintos:
    'Los datos no coinciden con los que la empresa tiene registrados para ese RFC. Escriba su nombre, código postal y régimen tal como aparecen en su constancia de situación fiscal, o comuníquese con la empresa.',
  empresaNoPuede:
    'La empresa no puede emitir facturas en este momento. Inténtelo más tarde o comuníquese con ella.',
  rfcGenerico: 'Escriba su RFC: el RFC genérico no sirve para facturar a su nombre.',
} as const;

export const PortalConfigRequest = z.object({
  activo: z.boolean(),
  /** null: until the end of the sale's month; 1 to 31: that many days after the sale (same month). */
  dias: z
    .number()
    .int('Los días deben ser un número entero entre 1 y 31.')
    .min(1, 'Los días deben ser un número entero entre 1 y 31.')
    .max(31, 'Los días deben ser un número entero entre 1 y 31.')
    .nullable(),
});
export const PortalConfigResponse = PortalConfigRequest.extend({
  slug: z.string(),
  url: z.string(),
});
export type PortalConfigResponse = z.infer<typeof PortalConfigResponse>;

/** The portal's head: who invoices (no other data of the enterprise). */
export const PortalInfoResponse = z.object({
  nombre: z.string(),
  tiene_logo: z.boolean(),
});

const Codigo = z
  .string({ error: 'Escriba el código de facturación de su ticket.' })
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[0-9A-Z]{12}$/, 'El código de facturación tiene 12 letras y números.'));
const TotalTicket = z
  .string({ error: 'Escriba el total de su ticket.' })
  .trim()
  .transform((v) => v.replace(/[$,\s]/g, ''))
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'Escriba el total como aparece en su ticket.'));

/** POST /portal/{slug}/ticket: the customer's ticket, found only with its code AND its total. */
export const PortalTicketRequest = z.object({ codigo: Codigo, total: TotalTicket });
export type PortalTicketRequest = z.input<typeof PortalTicketRequest>;

export const PortalTicketResponse = z.object({
  folio: z.number().int(),
  fecha: z.string(),
  total: z.string(),
  conceptos: z.array(
    z.object({ descripcion: z.string(), cantidad: z.string(), importe: z.string() }),
  ),
  facturable_hasta: z.string(),
});
export type PortalTicketResponse = z.infer<typeof PortalTicketResponse>;

/** POST /portal/{slug}/facturar: the customer's fiscal data, checked as the client form checks it. */
export const PortalFacturarRequest = PortalTicketRequest.extend({
  rfc: ClientRequest.shape.rfc.refine(
    (r) => r !== 'XAXX010101000' && r !== 'XEXX010101000',
    PORTAL_MENSAJES.rfcGenerico,
  ),
  nombre: ClientRequest.shape.name_razon_social,
  codigo_postal: z
    .string({ error: 'El código postal debe tener 5 dígitos' })
    .trim()
    .regex(/^[0-9]{5}$/, 'El código postal debe tener 5 dígitos'),
  regimen_fiscal: ClientRequest.shape.regimenFiscal,
  uso_cfdi: ClientRequest.shape.usoCfdi,
  email: EmailList.pipe(z.array(z.string()).min(1, 'Escriba su correo electrónico.')),
});
export type PortalFacturarRequest = z.input<typeof PortalFacturarRequest>;

export const PortalFacturaResponse = z.object({
  uuid: z.string(),
  serie_folio: z.string(),
  total: z.string(),
  fecha: z.string(),
  /** A link to see and download its PDF and XML. */
  url: z.string(),
  emails: z.array(z.string()),
  pruebas: z.boolean(),
});
export type PortalFacturaResponse = z.infer<typeof PortalFacturaResponse>;
