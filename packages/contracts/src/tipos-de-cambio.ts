import { z } from 'zod';

/**
 * GET /api/tipos-de-cambio/:moneda?fecha=AAAA-MM-DD: the newest reference rate known for that day,
 * which the invoice and payment forms propose when it is the day's (`vigente`) and otherwise name
 * as stale; null when none is known for the currency.
 */
export const TipoCambioQuery = z.object({
  fecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD.')
    .optional(),
});

export const TipoCambioResponse = z.object({
  moneda: z.string(),
  /** The invoice day the rate was asked for. */
  fecha: z.string(),
  /** Pesos per unit, as Banxico publishes it ("17.4520"). */
  valor: z.string(),
  /** Day Banxico determined the rate (the FIX of that day). */
  fecha_publicacion: z.string(),
  serie: z.string(),
  /** c_Moneda porcentaje_variacion: how far the invoice's rate may be from this one. */
  porcentaje_variacion: z.number(),
  /**
   * At most 6 days old: the limits are the SAT's band. Otherwise the limits are the widest range
   * the day's rate could be in (what stamping refuses outside of), and the form asks to verify it.
   */
  vigente: z.boolean(),
  /** Calendar days from `fecha_publicacion` to `fecha`. */
  dias_antiguedad: z.number(),
  limite_inferior: z.string(),
  limite_superior: z.string(),
});
export type TipoCambioResponse = z.infer<typeof TipoCambioResponse>;

export const SIN_TIPO_DE_CAMBIO =
  'No hay un tipo de cambio de referencia de Banxico para esa moneda y fecha; capture el tipo de cambio del día.';
