import type { TipoCambioResponse } from '@repo/contracts/tipos-de-cambio';
import { request } from '#src/shared/http/api-client.ts';

/** Banxico's reference rate (FIX) of a currency for a day; null when none is known. */
export function getTipoDeCambio(moneda: string, fecha: string): Promise<TipoCambioResponse | null> {
  const q = fecha ? `?fecha=${encodeURIComponent(fecha)}` : '';
  return request(`tipos-de-cambio/${encodeURIComponent(moneda)}${q}`);
}
