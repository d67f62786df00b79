import { fechaDma, type BandaTipoCambio } from '../../tipo-cambio/banda.ts';

/** Where a reference comes from, as the user knows it. */
function fuente(b: BandaTipoCambio): string {
  return b.referencia.serie === 'SF43718' ? 'FIX de Banxico' : 'tipo de cambio de Banxico';
}

/**
 * Why a rate is refused, with the reference and its date (dd/mm/aaaa) and the range: the SAT's band
 * with the day's reference; with a stale one, the widest range the day's rate could be in, and a
 * request to verify the day's rate.
 */
export function explicacionTipoCambio(
  que: string,
  valor: string,
  /** What the rate counts: "pesos por USD". */
  unidad: string,
  b: BandaTipoCambio,
): string {
  const ref = `${fuente(b)} del ${fechaDma(b.referencia.fecha)}: ${b.referencia.valor} ${unidad}`;
  const rango = `de ${b.li.toFixed()} a ${b.ls.toFixed()}`;
  if (b.vigente)
    return `${que} ${valor} se aleja más del ${b.porcentaje}% del tipo de cambio de referencia (${ref}); el SAT admite ${rango}.`;
  const hace = b.dias === 1 ? 'de hace 1 día' : `de hace ${b.dias} días`;
  return `${que} ${valor} queda fuera de lo que el SAT puede admitir: el tipo de cambio de referencia más reciente es del ${fechaDma(b.referencia.fecha)} (${ref}), ${hace}, y con esa antigüedad el tipo de cambio del día, más el ${b.porcentaje}% que admite el SAT, solo puede estar ${rango}. Verifique el tipo de cambio del día.`;
}
