import { z } from 'zod';

/**
 * Webhooks (issue 28): the events an enterprise's endpoints may want, as each delivery's `evento`
 * names them. Migration 0043 writes them (triggers on comprobantes and credit_balances).
 */
export const EVENTOS_WEBHOOK = [
  'documento.timbrado',
  'documento.cancelado',
  'documento.estado_cancelacion',
  'pago.registrado',
  'creditos.por_agotarse',
] as const;
export const EventoWebhook = z.enum(EVENTOS_WEBHOOK);
export type EventoWebhook = z.infer<typeof EventoWebhook>;

/** A test delivery asked from the screen ("Enviar prueba"); never written by a trigger. */
export const EVENTO_PRUEBA = 'webhook.prueba';

/** What each event means, as the screen lists them. */
export const EVENTOS_WEBHOOK_TEXTO: Record<EventoWebhook, string> = {
  'documento.timbrado':
    'Documento timbrado (facturas, notas de crédito, pagos y facturas globales)',
  'documento.cancelado': 'Documento cancelado ante el SAT',
  'documento.estado_cancelacion': 'Cambio en el estado de una cancelación (en proceso, rechazada…)',
  'pago.registrado': 'Complemento de pago timbrado',
  'creditos.por_agotarse': 'Sus créditos bajaron de 10',
};

/** creditos.por_agotarse is sent when the balance falls below this (migration 0043). */
export const UMBRAL_CREDITOS = 10;

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const FIRMA_HEADER = 'x-facturacion-firma';
export const EVENTO_HEADER = 'x-facturacion-evento';
export const ENTREGA_HEADER = 'x-facturacion-entrega';

export const WEBHOOK_MENSAJES = {
  urlInvalida:
    'Escriba una dirección completa, por ejemplo https://su-tienda.mx/webhooks/facturacion',
  soloHttps:
    'La dirección debe empezar con https:// para que los datos de sus facturas viajen cifrados.',
  redPrivada:
    'La dirección apunta a una red privada o a este mismo servidor; use una dirección pública de su sistema.',
  eventosVacios: 'Elija al menos un evento.',
  noExiste: 'El webhook no existe.',
  entregaNoExiste: 'La entrega no existe.',
  maximo: 'Puede registrar hasta 10 webhooks por empresa.',
} as const;

export const MAX_WEBHOOKS = 10;

export const WebhookRequest = z.object({
  url: z
    .string({ error: WEBHOOK_MENSAJES.urlInvalida })
    .trim()
    .max(2000, WEBHOOK_MENSAJES.urlInvalida)
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), {
      message: WEBHOOK_MENSAJES.urlInvalida,
    }),
  descripcion: z
    .string()
    .trim()
    .max(200, 'La descripción admite hasta 200 caracteres.')
    .default(''),
  eventos: z
    .array(EventoWebhook, { error: WEBHOOK_MENSAJES.eventosVacios })
    .min(1, WEBHOOK_MENSAJES.eventosVacios)
    .transform((e) => [...new Set(e)]),
  activo: z.boolean().default(true),
});
export type WebhookRequest = z.input<typeof WebhookRequest>;

export const WebhookResponse = z.object({
  id: z.number().int(),
  url: z.string(),
  descripcion: z.string(),
  eventos: z.array(EventoWebhook),
  activo: z.boolean(),
  created_at: z.string(),
  /** Deliveries still trying, and those that gave up in the last 7 days. */
  pendientes: z.number().int(),
  fallidas: z.number().int(),
});
export type WebhookResponse = z.infer<typeof WebhookResponse>;

/** At creation and when rotated: the signing secret, shown this once. */
export const WebhookConSecretoResponse = WebhookResponse.extend({ secreto: z.string() });
export type WebhookConSecretoResponse = z.infer<typeof WebhookConSecretoResponse>;

export const EstadoEntrega = z.enum(['pendiente', 'entregada', 'fallida']);
export type EstadoEntrega = z.infer<typeof EstadoEntrega>;

export const ESTADO_ENTREGA_TEXTO: Record<EstadoEntrega, string> = {
  pendiente: 'Pendiente',
  entregada: 'Entregada',
  fallida: 'Fallida',
};

export const EntregaResponse = z.object({
  id: z.number().int(),
  evento: z.string(),
  estado: EstadoEntrega,
  intentos: z.number().int(),
  ultimo_codigo: z.number().int().nullable(),
  ultimo_error: z.string(),
  siguiente_intento: z.string().nullable(),
  created_at: z.string(),
  entregada_at: z.string().nullable(),
});
export type EntregaResponse = z.infer<typeof EntregaResponse>;

export const IntentoResponse = z.object({
  id: z.number().int(),
  enviado_at: z.string(),
  duracion_ms: z.number().int(),
  codigo: z.number().int().nullable(),
  respuesta: z.string(),
  error: z.string(),
});

/** One delivery as sent (its body and headers) with every attempt's answer. */
export const EntregaDetalleResponse = EntregaResponse.extend({
  cuerpo: z.string(),
  encabezados: z.record(z.string(), z.string()),
  intentos_detalle: z.array(IntentoResponse),
});
export type EntregaDetalleResponse = z.infer<typeof EntregaDetalleResponse>;
