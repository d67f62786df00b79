import { Decimal } from '../decimal.ts';
import {
  DIAS_VIGENCIA_REFERENCIA,
  limitesTipoCambio,
  type ReferenciaTipoCambio,
} from './referencia.ts';

/**
 * The range a TipoCambio may take given the newest reference rate we know and its age.
 *
 * Anexo 20, Comprobante@TipoCambio (CFDI40118) and Pagos 2.0, Pago@TipoCambioP (CRP20216): a rate
 * outside c_Moneda's `porcentaje_variacion` around the published rate needs a Confirmacion, which the
 * product never obtains, so a real PAC refuses it. The PAC compares with the rate of the document's
 * day; with a reference at most DIAS_VIGENCIA_REFERENCIA days old, that is the band applied here.
 *
 * Without one (no Banxico token and a committed history that ended months ago) the rate of the day is
 * unknown, but not unbounded: it lies within how far the peso can move since the newest reference.
 * The band is then widened by DERIVA_POR_DIA per day of age, up to DERIVA_MAXIMA: a rate outside it
 * is outside the SAT's band whatever the day's rate is, and is refused; a rate inside it may still
 * be refused by a real PAC, which the form says (the reference is stale; verify the day's rate).
 * 2 % a day covers the fastest moves of the peso in the FIX history (about +30 % in the three weeks to
 * 23/03/2020 and in October 2008); after 50 days the band is the reference's half to double, so a
 * rate of 1 or 1,000 pesos per dollar is always refused and no plausible rate is.
 */
export const DERIVA_POR_DIA = 0.02;
export const DERIVA_MAXIMA = 1;

export interface BandaTipoCambio {
  referencia: ReferenciaTipoCambio;
  /** Calendar days from the reference's day to the document's day. */
  dias: number;
  /** At most DIAS_VIGENCIA_REFERENCIA days old: the SAT's band exactly. Otherwise widened. */
  vigente: boolean;
  /** c_Moneda porcentaje_variacion. */
  porcentaje: number;
  li: Decimal;
  ls: Decimal;
}

/** Calendar days from `desde` to `hasta` (AAAA-MM-DD). */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round(
    (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000,
  );
}

/** AAAA-MM-DD → dd/mm/aaaa, as the messages show a date. */
export function fechaDma(iso: string): string {
  const [a, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}

/** The band for a document dated `dia` (AAAA-MM-DD) from a reference determined on or before it. */
export function bandaTipoCambio(
  referencia: ReferenciaTipoCambio,
  dia: string,
  porcentaje: number,
): BandaTipoCambio {
  const dias = Math.max(0, diasEntre(referencia.fecha, dia));
  const vigente = dias <= DIAS_VIGENCIA_REFERENCIA;
  const exacta = limitesTipoCambio(referencia.valor, porcentaje);
  if (vigente) return { referencia, dias, vigente, porcentaje, ...exacta };
  const deriva = new Decimal(1).plus(
    Decimal.min(DERIVA_MAXIMA, new Decimal(DERIVA_POR_DIA).times(dias)),
  );
  return {
    referencia,
    dias,
    vigente,
    porcentaje,
    li: exacta.li.dividedBy(deriva).toDecimalPlaces(6, Decimal.ROUND_UP),
    ls: exacta.ls.times(deriva).toDecimalPlaces(6, Decimal.ROUND_DOWN),
  };
}

/** Whether a rate (text, MXN per unit) lies within the band, limits included. */
export function dentroDeBanda(valor: string | Decimal, banda: BandaTipoCambio): boolean {
  const v = new Decimal(valor);
  return v.gte(banda.li) && v.lte(banda.ls);
}

/**
 * The reference of MonedaDR in MonedaP (units of MonedaP per unit of MonedaDR), the cross rate of
 * Banxico's two rates in pesos (MXN being serie 'MXN', 1 of the day): what 1 / EquivalenciaDR
 * should be near. Its
 * day is the older of the two, so its age is the staler one's.
 */
export function referenciaCruzada(
  dr: ReferenciaTipoCambio,
  p: ReferenciaTipoCambio,
): ReferenciaTipoCambio {
  if (p.serie === 'MXN') return dr;
  const valor = new Decimal(dr.valor).dividedBy(p.valor).toDecimalPlaces(10).toFixed();
  return {
    fecha: dr.fecha < p.fecha ? dr.fecha : p.fecha,
    valor,
    serie: `${dr.serie}/${p.serie}`,
  };
}
