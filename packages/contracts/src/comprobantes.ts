import { SustitucionEstado } from './emision.ts';
import { z } from 'zod';
import { CLAVES_COMPROBANTE, porClave, TIPOS_COMPROBANTE } from './tipos-comprobante/registro.ts';
import { enumerar } from './tipos-comprobante/tipo-comprobante.ts';

// Delivery of stamped CFDIs (spec section 7, "Comprobantes"): PDF and XML downloads, share links with a
// public page, e-mail sending, and the record of both. Every authenticated path is
// /api/comprobantes/v40/{id}/..., where {id} is the comprobante's id.
//
// Files: GET .../get-invoice-pdf (application/pdf) and GET .../get-invoice-xml (application/xml), sent
// as attachments with a file name `<RFC emisor>_<serie>-<folio>_<UUID>.pdf|xml`. A pre_factura (or any
// document without a stamped XML) answers 409 with COMPROBANTE_SIN_TIMBRAR_MESSAGE.

export const COMPROBANTE_SIN_TIMBRAR_MESSAGE =
  'El comprobante no está timbrado: no tiene XML ni PDF. Timbre la factura para poder descargarla, compartirla o enviarla.';
export const COMPROBANTE_NOT_FOUND_MESSAGE = 'No encontramos el comprobante.';
export const SHARE_LINK_REVOKED_MESSAGE =
  'Quien le compartió este comprobante revocó el enlace. Si todavía lo necesita, pídale uno nuevo.';
export const SHARE_LINK_UNKNOWN_MESSAGE = 'El enlace no existe para este comprobante.';
export const SHARE_LINK_NOT_FOUND_MESSAGE =
  'El enlace para consultar esta factura no existe o ya expiró. Pida a quien se lo compartió un enlace nuevo.';

/** Path params of every authenticated call. */
export const ComprobanteIdParams = z.object({
  id: z.coerce.number({ error: COMPROBANTE_NOT_FOUND_MESSAGE }).int().positive(),
});

/** Kind of comprobante, as the SAT and the e-mail wording need it: the registered types' keys. */
export const ComprobanteType = z.enum(CLAVES_COMPROBANTE, {
  error: `El tipo de comprobante debe ser ${enumerar(CLAVES_COMPROBANTE)}`,
});
export type ComprobanteType = z.infer<typeof ComprobanteType>;

/** "Factura", "Factura global", "Complemento de pago": each type's declared name. */
export const COMPROBANTE_TYPE_LABEL: Record<ComprobanteType, string> = porClave(
  TIPOS_COMPROBANTE,
  (t) => t.nombre,
);

/** Status of a deliverable comprobante (stamped; cancelled ones can still be delivered). */
export const ComprobanteDeliverableStatus = z.enum(['timbrada', 'cancelada']);

// ---------------------------------------------------------------------------------------------------
// Share links

/** How the user shares: copying the link, through WhatsApp, or pasting it into their own e-mail. */
export const ShareMethod = z.enum(['link', 'whatsapp', 'email'], {
  error: 'El medio para compartir debe ser link, whatsapp o email',
});
export type ShareMethod = z.infer<typeof ShareMethod>;

export const SHARE_METHOD_LABEL: Record<ShareMethod, string> = {
  link: 'Enlace',
  whatsapp: 'WhatsApp',
  email: 'Correo electrónico',
};

/** POST /api/comprobantes/v40/{id}/create-share-invoice-link */
export const CreateShareLinkRequest = z.object({ share_method: ShareMethod });
export type CreateShareLinkRequest = z.infer<typeof CreateShareLinkRequest>;

/** Who did something (an e-mail sending, a share link). */
export const ComprobanteActor = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
});
export type ComprobanteActor = z.infer<typeof ComprobanteActor>;

/**
 * 201 `data`: the new link. `url` is the public page of the SPA (/compartir/{token}); `token` is shown
 * only now (the server keeps only its hash). `expires_at` is null when links do not expire.
 */
export const CreateShareLinkResponse = z.object({
  id: z.number().int(),
  share_method: ShareMethod,
  token: z.string(),
  url: z.string(),
  /** For share_method 'whatsapp': a wa.me address with the message and link ready to send. */
  whatsapp_url: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type CreateShareLinkResponse = z.infer<typeof CreateShareLinkResponse>;

/** GET /api/comprobantes/v40/{id}/get-sharing-invoice-sent-information → `data: ShareLinkInfo[]`, newest first. */
export const ShareLinkInfo = z.object({
  id: z.number().int(),
  share_method: ShareMethod,
  shared_by: ComprobanteActor.nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  /** Times the public page was opened. */
  views: z.number().int(),
  last_viewed_at: z.string().nullable(),
  /** Downloads of the PDF or XML through the link. */
  downloads: z.number().int(),
  /** When the user revoked the link (it opens nothing since); null while it works. */
  revoked_at: z.string().nullable(),
});
export type ShareLinkInfo = z.infer<typeof ShareLinkInfo>;

/** Path params of POST comprobantes/v40/{id}/share-links/{linkId}/revoke. */
export const ShareLinkParams = ComprobanteIdParams.extend({
  linkId: z.coerce.number({ error: SHARE_LINK_UNKNOWN_MESSAGE }).int().positive(),
});
export const SharingSentInformationResponse = z.array(ShareLinkInfo);

// ---------------------------------------------------------------------------------------------------
// E-mail sending

export const EMAILS_REQUIRED_MESSAGE = 'Escriba al menos un correo electrónico';
export const EMAILS_MAX = 10;
export const EMAILS_MAX_MESSAGE = `Puede enviar la factura a ${String(EMAILS_MAX)} correos como máximo`;
export const EMAIL_INVALID_MESSAGE = 'El correo electrónico no es válido';
export const COMPROBANTE_TYPE_MISMATCH_MESSAGE =
  'El tipo de comprobante no corresponde al comprobante que desea enviar';

/**
 * POST /api/comprobantes/v40/{id}/send-by-email — one e-mail to all addresses, PDF and XML attached.
 * A bad address answers 422 `dataError: { "emails.<n>": [EMAIL_INVALID_MESSAGE] }`.
 */
export const SendByEmailRequest = z.object({
  emails: z
    .array(
      z
        .string({ error: EMAIL_INVALID_MESSAGE })
        .trim()
        .regex(z.regexes.email, EMAIL_INVALID_MESSAGE),
      {
        error: EMAILS_REQUIRED_MESSAGE,
      },
    )
    .min(1, EMAILS_REQUIRED_MESSAGE)
    .max(EMAILS_MAX, EMAILS_MAX_MESSAGE),
  comprobante_type: ComprobanteType,
});
export type SendByEmailRequest = z.infer<typeof SendByEmailRequest>;

/** 'enviado': the mail server accepted it (or it was written to the outbox); 'fallido': it did not. */
export const EmailSendingOutcome = z.enum(['enviado', 'fallido']);
export type EmailSendingOutcome = z.infer<typeof EmailSendingOutcome>;

/** One recorded sending. */
export const EmailSendingInfo = z.object({
  id: z.number().int(),
  emails: z.array(z.string()),
  comprobante_type: ComprobanteType,
  sent_by: ComprobanteActor.nullable(),
  sent_at: z.string(),
  outcome: EmailSendingOutcome,
  /** Why it failed, in Spanish; empty when sent. */
  error_message: z.string(),
});
export type EmailSendingInfo = z.infer<typeof EmailSendingInfo>;

/**
 * 200 `data`: the recorded sending. When the mail server refuses, the answer is 502 with a Spanish
 * message, and the failed sending is still recorded.
 */
/** @alias: sending answers the sending it recorded. */
export const SendByEmailResponse = EmailSendingInfo;

/** GET /api/comprobantes/v40/{id}/get-invoice-sent-information → `data: EmailSendingInfo[]`, newest first. */
export const InvoiceSentInformationResponse = z.array(EmailSendingInfo);

// ---------------------------------------------------------------------------------------------------
// Public (unauthenticated) access through a share token:
//   GET /api/comprobantes/v40/compartidos/{token}      → `data: SharedComprobanteSummary`
//   GET /api/comprobantes/v40/compartidos/{token}/pdf  → the PDF
//   GET /api/comprobantes/v40/compartidos/{token}/xml  → the stamped XML
// Unknown or expired tokens answer 404 with SHARE_LINK_NOT_FOUND_MESSAGE.

export const ShareTokenParams = z.object({ token: z.string().min(1).max(200) });

export const SharedComprobanteSummary = z.object({
  comprobante_type: ComprobanteType,
  emisor: z.object({ rfc: z.string(), nombre: z.string() }),
  receptor: z.object({ rfc: z.string(), nombre: z.string() }),
  serie: z.string(),
  folio: z.string(),
  /** "A-12", or just the folio / empty when the CFDI has no serie. */
  serie_folio: z.string(),
  /** As in the XML, e.g. "1200.00". */
  total: z.string(),
  moneda: z.string(),
  /** Fecha of the CFDI, as in the XML (local time of the issuer, no zone). */
  fecha: z.string(),
  fecha_timbrado: z.string(),
  uuid: z.string(),
  status: ComprobanteDeliverableStatus,
  /** When this link stops working; null when it does not expire. */
  expires_at: z.string().nullable(),
});
export type SharedComprobanteSummary = z.infer<typeof SharedComprobanteSummary>;

/**
 * GET /comprobantes/v40/{id}/cancelacion: what cancelling this stamped comprobante will do, said
 * before the user confirms (issue 25): whether the SAT asks the receiver to accept it (regla
 * 2.7.1.35 RMF, @repo/cfdi/cancelacion), the last day to cancel it (CFF 29-A), what must be
 * cancelled first (the payment complements in force of a PPD invoice), and its substitution.
 */
export const AvisoCancelacion = z.object({
  aceptacion: z.object({
    es_cancelable: z.enum(['Cancelable sin aceptación', 'Cancelable con aceptación']),
    motivo: z.string(),
    /** The dialog's sentence (explicarAceptacion). */
    explicacion: z.string(),
    /** With acceptance: the end of the receiver's third business day, ISO. */
    plazo_receptor: z.string().nullable(),
  }),
  /** The last instant to cancel it (ISO). */
  plazo_cancelacion: z.string(),
  /** Documents in force that keep it from being cancelled, to cancel first (newest first). */
  cancelar_primero: z.array(
    z.object({
      id: z.number().int(),
      /** c_TipoDeComprobante of that document: P for a payment complement. */
      tipo: z.string(),
      nombre: z.string(),
      uuid: z.string().nullable(),
      /** The invoice whose payments screen lists it (a payment complement). */
      factura_id: z.number().int(),
    }),
  ),
  sustitucion: SustitucionEstado.nullable(),
});
export type AvisoCancelacion = z.infer<typeof AvisoCancelacion>;
