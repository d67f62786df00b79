/** Wall-clock times of Mexican zones ↔ instants, and business days (rules 1.4, 9.2). */
import { fechaLocal, instanteDeFechaLocal } from '@repo/cfdi/xml';

export const ZONA_CENTRO = 'America/Mexico_City';

/** Instant of a wall-clock `AAAA-MM-DDThh:mm:ss` in an IANA zone (from the engine). */
export { instanteDeFechaLocal };

function siguienteDia(dia: string): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function esHabil(dia: string, feriados: ReadonlySet<string>): boolean {
  const wd = new Date(`${dia}T12:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6 && !feriados.has(dia);
}

/**
 * The first instant after the end (Zona Centro) of the `n`-th business day following `desde`'s day:
 * Monday–Friday minus `feriados` (AAAA-MM-DD).
 */
export function finDeDiasHabiles(desde: Date, n: number, feriados: ReadonlySet<string>): Date {
  let dia = fechaLocal(desde, ZONA_CENTRO).slice(0, 10);
  let cuenta = 0;
  while (cuenta < n) {
    dia = siguienteDia(dia);
    if (esHabil(dia, feriados)) cuenta++;
  }
  return instanteDeFechaLocal(`${siguienteDia(dia)}T00:00:00`, ZONA_CENTRO);
}
