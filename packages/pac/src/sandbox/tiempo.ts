/** Wall-clock times of Mexican zones ↔ instants, and business days (rules 1.4, 9.2). */
import { fechaLocal } from '@repo/cfdi/xml';

export const ZONA_CENTRO = 'America/Mexico_City';

/** Instant of a wall-clock `AAAA-MM-DDThh:mm:ss` in an IANA zone. */
export function instanteDeFechaLocal(fecha: string, zona: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(fecha);
  if (!m) throw new Error(`Fecha inválida: ${fecha}`);
  const comoUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  let t = comoUtc;
  for (let i = 0; i < 3; i++) {
    const visto = Date.parse(`${fechaLocal(new Date(t), zona)}Z`);
    const delta = visto - comoUtc;
    if (delta === 0) break;
    t -= delta;
  }
  return new Date(t);
}

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
