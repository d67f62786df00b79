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
