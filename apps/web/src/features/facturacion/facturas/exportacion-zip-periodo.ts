import { hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import type { ExportacionZip } from '@repo/contracts/exportacion-zip';
import type { FacturasFilters } from './facturas-query.ts';

/**
 * The period the ZIP dialog opens with: the list's date filters when set, otherwise (each missing
 * end) the current month so far: its first day to today. `ahora` is read in Tiempo del Centro, as
 * the CFDIs' dates are (hoy-del-emisor.ts), not in the browser's zone.
 */
export function periodoInicial(
  filters: Pick<FacturasFilters, 'from_date' | 'to_date'>,
  ahora: Date,
): { from_date: string; to_date: string } {
  const hoy = hoyDelEmisor(null, ahora);
  return {
    from_date: filters.from_date || `${hoy.slice(0, 8)}01`,
    to_date: filters.to_date || hoy,
  };
}

/** "Preparando n de N documentos…", the line under the progress bar. */
export function textoProgreso(e: Pick<ExportacionZip, 'hechos' | 'total'>): string {
  const n = e.hechos.toLocaleString('en-US');
  const total = e.total.toLocaleString('en-US');
  return `Preparando ${n} de ${total} ${e.total === 1 ? 'documento' : 'documentos'}…`;
}

/** A size in bytes as people read it: 850 KB, 12.4 MB. */
export function tamanoLegible(bytes: number): string {
  if (bytes < 1024 * 1024) return `${String(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
