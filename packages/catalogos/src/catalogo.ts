import { fechaIso, vigenteEn } from './vigencia.ts';
import type { Vigencia } from './types.ts';

/** A SAT catalog keyed by `clave`: ordered rows, lookup by key, validity by date. */
export interface Catalogo<T> {
  /** Every row, in the SAT order, expired ones included. */
  readonly rows: readonly T[];
  /** The row of this key, expired or not; undefined when the key does not exist. */
  get(clave: string): T | undefined;
  /** The key exists in the catalog (in force or not). */
  has(clave: string): boolean;
  /** The key exists and is in force on `fecha` (`AAAA-MM-DD`, an ISO date-time or a Date). */
  vigente(clave: string, fecha: string | Date): boolean;
  /** The rows in force on `fecha`. */
  vigentes(fecha: string | Date): readonly T[];
}

/** Builds a keyed catalog over rows; rows without a validity window are always in force. */
export function catalogo<T extends { clave: string }>(rows: readonly T[]): Catalogo<T> {
  const byKey = new Map<string, T>();
  for (const row of rows) if (!byKey.has(row.clave)) byKey.set(row.clave, row);
  return {
    rows,
    get: (clave) => byKey.get(clave),
    has: (clave) => byKey.has(clave),
    vigente(clave, fecha) {
      const row = byKey.get(clave);
      return row !== undefined && vigenteEn(row as Partial<Vigencia>, fechaIso(fecha));
    },
    vigentes(fecha) {
      const dia = fechaIso(fecha);
      return rows.filter((r) => vigenteEn(r as Partial<Vigencia>, dia));
    },
  };
}
