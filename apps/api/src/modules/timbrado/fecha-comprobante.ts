import { fechaLocal } from '@repo/cfdi/xml';

/** AAAA-MM-DD of an instant in a zone. */
export function diaLocal(instante: Date, zona: string): string {
  return fechaLocal(instante, zona).slice(0, 10);
}

/**
 * Comprobante/@Fecha: the moment of stamping in the zone of LugarExpedicion; on an earlier chosen
 * day (at most two back, checked by the caller), that day at the same time.
 */
export function fechaComprobante(dia: string | null, instante: Date, zona: string): string {
  const ahora = fechaLocal(instante, zona);
  if (!dia || dia >= ahora.slice(0, 10)) return ahora;
  return `${dia}${ahora.slice(10)}`;
}

/** Days between two AAAA-MM-DD dates (b − a). */
export function diasEntre(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
