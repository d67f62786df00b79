import { z } from 'zod';

/** What the emission requests of every document type share (decision 012). */

export const FECHA_MESSAGE = 'La fecha debe tener el formato AAAA-MM-DD';

/** A calendar date AAAA-MM-DD. */
export const FechaDia = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, FECHA_MESSAGE);

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

/**
 * `?sustituye=<id>` on a stamping POST of any type: the document stamped replaces that stamped
 * comprobante of the same type ("Sustituir", issue 25): it carries CfdiRelacionados 04 with the
 * original's UUID and, once stamped, the original is cancelled with motivo 01 and this document's
 * UUID as FolioSustitucion. When that cancellation fails it stays pending and is retried.
 */
export const SustituyeQuery = z.object({
  sustituye: z.coerce
    .number({ error: 'El comprobante a sustituir no es válido.' })
    .int('El comprobante a sustituir no es válido.')
    .positive('El comprobante a sustituir no es válido.')
    .optional()
    .describe('Id del comprobante timbrado que este documento sustituye (relación 04, motivo 01).'),
});
export type SustituyeQuery = z.infer<typeof SustituyeQuery>;

/** What the screens read of a substitution (GET /comprobantes/v40/{id}/cancelacion). */
export const SustitucionEstado = z.object({
  /** This comprobante's part: the substitute, or the original being replaced. */
  rol: z.enum(['sustituto', 'original']),
  /** pendiente: the original's cancellation (motivo 01) has not been requested yet. */
  estado: z.enum(['pendiente', 'solicitada', 'abandonada']),
  ultimo_error: z.string(),
  intentos: z.number().int(),
  sustituto: z.object({ id: z.number().int(), nombre: z.string(), uuid: z.string().nullable() }),
  original: z.object({ id: z.number().int(), nombre: z.string(), uuid: z.string().nullable() }),
});
export type SustitucionEstado = z.infer<typeof SustitucionEstado>;
