import type { TipoCambioResponse } from '@repo/contracts/tipos-de-cambio';
import { request } from '#src/shared/http/api-client.ts';

/**
 * Banxico's newest reference rate of a currency for a day; null when none is known. `vigente` says
 * whether it is the day's (then the forms propose it) or an older one (then they ask to verify).
 */
export function getTipoDeCambio(moneda: string, fecha: string): Promise<TipoCambioResponse | null> {
  const q = fecha ? `?fecha=${encodeURIComponent(fecha)}` : '';
  return request(`tipos-de-cambio/${encodeURIComponent(moneda)}${q}`);
}

const dma = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The help under an exchange-rate field (invoice and payment forms): the day's reference and the
 * band the SAT admits; a stale reference with its date, asking to verify the day's rate (CFDI40118,
 * CRP20216: stamping refuses only what no day's rate could make acceptable); or that there is none.
 */
export function ayudaTipoCambio(ref: TipoCambioResponse | null | undefined): {
  texto: string;
  antigua: boolean;
} {
  if (ref === undefined) return { texto: '', antigua: false };
  if (ref === null)
    return {
      texto:
        'No hay tipo de cambio de referencia de Banxico para esta fecha; capture el publicado en el Diario Oficial.',
      antigua: false,
    };
  const fuente = ref.serie === 'SF43718' ? 'FIX de Banxico' : 'tipo de cambio de Banxico';
  if (ref.vigente)
    return {
      texto: `${fuente[0]!.toUpperCase()}${fuente.slice(1)} del ${dma(ref.fecha_publicacion)}: ${ref.valor}; el SAT admite de ${ref.limite_inferior} a ${ref.limite_superior}.`,
      antigua: false,
    };
  return {
    texto: `El tipo de cambio de referencia más reciente es del ${dma(ref.fecha_publicacion)} (${fuente}: ${ref.valor}); verifique el tipo de cambio del día.`,
    antigua: true,
  };
}
