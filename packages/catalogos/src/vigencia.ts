import type { Vigencia } from './types.ts';

/**
 * The day of `fecha` as `AAAA-MM-DD`. A string is taken as written (a CFDI Fecha is local time
 * without offset, so its first ten characters are its day); a Date is read in UTC.
 */
export function fechaIso(fecha: string | Date): string {
  if (typeof fecha === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}/.test(fecha)) throw new Error(`Fecha no válida: ${fecha}`);
    return fecha.slice(0, 10);
  }
  return fecha.toISOString().slice(0, 10);
}

/** In force on `dia` (`AAAA-MM-DD`): from vigenciaDesde to vigenciaHasta, both inclusive. */
export function vigenteEn(row: Partial<Vigencia>, dia: string): boolean {
  const desde = row.vigenciaDesde ?? '';
  const hasta = row.vigenciaHasta ?? '';
  return (desde === '' || desde <= dia) && (hasta === '' || dia <= hasta);
}
