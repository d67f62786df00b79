import { fechaLocal } from '@repo/cfdi/fecha';

/**
 * Tiempo del Centro until the issuer's tax data say otherwise: the zone the API falls back to for an
 * issuer without a postal code.
 */
export const ZONA_PREDETERMINADA = 'America/Mexico_City';

/**
 * The date and time where the issuer is (its postal code's zone), not where the browser is: the API
 * checks a CFDI's dates in that zone, so a browser set to another zone (a trip, a server in UTC) would
 * otherwise propose "tomorrow" after 18:00 in Mexico City and see it refused.
 */
export function ahoraDelEmisor(
  zona: string | null | undefined,
  ahora: Date = new Date(),
): { dia: string; hora: string } {
  const local = fechaLocal(ahora, zona || ZONA_PREDETERMINADA);
  return { dia: local.slice(0, 10), hora: local.slice(11, 19) };
}

/** AAAA-MM-DD of today where the issuer is. */
export function hoyDelEmisor(zona: string | null | undefined, ahora: Date = new Date()): string {
  return ahoraDelEmisor(zona, ahora).dia;
}

/** AAAA-MM-DD `dias` days before `dia` (calendar days, no time zone involved). */
export function diasAntes(dia: string, dias: number): string {
  return new Date(Date.parse(`${dia}T00:00:00Z`) - dias * 86_400_000).toISOString().slice(0, 10);
}
