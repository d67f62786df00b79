import { z } from 'zod';
import { Rol } from './equipo.ts';

export const RFC_INVALID_MESSAGE = 'el RFC ingresado no es válido';
export const RFC_TAKEN_MESSAGE = 'Ya existe una empresa registrada con este RFC';

/**
 * Spec section 5: 3 or 4 letters (Ñ and & included), 2-digit year, month 01-12, day 01-31,
 * 2 alphanumerics and a final digit or A. 12 characters is a persona moral, 13 a persona física.
 */
export const RFC_PATTERN =
  /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z0-9]{2}[0-9A]$/;

/** The generic RFCs (público en general XAXX010101000, extranjero XEXX010101000) end like this. */
export const GENERIC_RFC_SUFFIX = '010101000';

/** True when `rfc` (already upper case) matches the pattern; generic RFCs only when allowed. */
export function isValidRfc(rfc: string, options: { allowGeneric?: boolean } = {}): boolean {
  if (!RFC_PATTERN.test(rfc)) return false;
  return options.allowGeneric === true || !rfc.endsWith(GENERIC_RFC_SUFFIX);
}

/** An RFC: trimmed, upper-cased, checked against the pattern; generic RFCs rejected. */
export const Rfc = z
  .string({ error: RFC_INVALID_MESSAGE })
  .trim()
  .toUpperCase()
  .refine((v) => isValidRfc(v), RFC_INVALID_MESSAGE);

/** An RFC that may be left empty (registration: the tax data step of the wizard completes it). */
export const OptionalRfc = z
  .string({ error: RFC_INVALID_MESSAGE })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isValidRfc(v), RFC_INVALID_MESSAGE);

/** The enterprise as the session carries it (spec section 3, "Enterprise"). */
export const EnterpriseSummary = z.object({
  id: z.number().int(),
  rfc: z.string(),
  razon_social: z.string(),
  nombre_comercial: z.string(),
  settings_v40: z.object({ has_ppd_invoices: z.boolean() }),
  /** The signed-in user's role in this enterprise (issue 27). */
  rol: Rol,
  /**
   * The owner's switch: whether this enterprise's administrators may buy credits (issue 27). A
   * session stored before it existed carries none, which reads as true (the default).
   */
  administradores_compran: z.boolean(),
});
export type EnterpriseSummary = z.infer<typeof EnterpriseSummary>;

/**
 * GET /api/enterprises/unique-rfc/{rfc} (an empty RFC, i.e. /api/enterprises/unique-rfc/, skips the
 * check). Always HTTP 200 so the form's async validator reads `success`:
 * unique → `{ success: true, data: { unique: true } }`;
 * taken → `{ success: false, dataError: 'Ya existe una empresa registrada con este RFC' }`.
 * A malformed RFC is a 422 `{ dataError: { rfc: ['el RFC ingresado no es válido'] } }`.
 * With a valid Bearer token the caller's own enterprise is skipped (the tax data form may keep its RFC).
 */
export const UniqueRfcParams = z.object({ rfc: OptionalRfc.optional().default('') });

/** The answer of every uniqueness check (unique e-mail, unique RFC): HTTP 200 either way. */
export const UniqueCheckResponse = z.union([
  z.object({ success: z.literal(true), data: z.object({ unique: z.literal(true) }) }),
  z.object({ success: z.literal(false), dataError: z.string() }),
]);
export type UniqueCheckResponse = z.infer<typeof UniqueCheckResponse>;
