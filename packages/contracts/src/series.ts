import { z } from 'zod';
import { KINDS_DE_SERIE } from './tipos-comprobante/registro.ts';

/** The kinds of series, as the API paths name them (spec section 7, "Series"): one per type. */
export const SerieKind = z.enum(KINDS_DE_SERIE);
export type SerieKind = z.infer<typeof SerieKind>;

export const SERIE_LETTERS_MESSAGE =
  'La serie no puede contener números, caracteres especiales o espacios en blanco';
export const SERIE_REQUIRED_MESSAGE = 'La serie es obligatoria';
export const SERIE_MAX_MESSAGE = 'La serie no puede tener más de 25 caracteres';
export const FOLIO_MESSAGE = 'El folio debe ser un número entero mayor o igual a 1';

/** Spec section 5: letters only (CFDI Serie: at most 25 characters). */
export const Serie = z
  .string({ error: SERIE_REQUIRED_MESSAGE })
  .min(1, SERIE_REQUIRED_MESSAGE)
  .max(25, SERIE_MAX_MESSAGE)
  .regex(/^[A-Za-zÑñ]+$/, SERIE_LETTERS_MESSAGE);

/** The starting folio (a number or its digits as text). */
export const Folio = z.coerce
  .number({ error: FOLIO_MESSAGE })
  .int(FOLIO_MESSAGE)
  .min(1, FOLIO_MESSAGE)
  .max(2_000_000_000, FOLIO_MESSAGE);

export const SerieCreateRequest = z.object({ kind: SerieKind, serie: Serie, folio: Folio });
export type SerieCreateRequest = z.infer<typeof SerieCreateRequest>;

export const SerieUpdateRequest = z.object({ serie: Serie, folio: Folio });
export type SerieUpdateRequest = z.infer<typeof SerieUpdateRequest>;

/** A serie: `folio` is the folio the next document takes. */
export const SerieResponse = z.object({
  id: z.number().int(),
  kind: SerieKind,
  serie: z.string(),
  folio: z.number().int(),
  folio_inicial: z.number().int(),
});
export type SerieResponse = z.infer<typeof SerieResponse>;
