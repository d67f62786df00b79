import { decimalesEscritos } from '../../decimal.ts';
import { Decimal } from '../../decimal.ts';
import type { FilaVigencia } from '../catalogos-lookup.ts';

const IMPORTE = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;

/** The decimal value of an attribute written as t_Importe, or undefined. */
export function num(v: string | undefined): Decimal | undefined {
  return v !== undefined && IMPORTE.test(v) ? new Decimal(v) : undefined;
}

export function dec(v: string): number {
  return decimalesEscritos(v);
}

export function vigente(row: FilaVigencia | undefined, fecha: string | undefined): boolean {
  if (!row) return false;
  if (!fecha) return true;
  const dia = fecha.slice(0, 10);
  if (row.vigenciaDesde && dia < row.vigenciaDesde) return false;
  if (row.vigenciaHasta && dia > row.vigenciaHasta) return false;
  return true;
}

const EPS = new Decimal('1e-12');

/** LI/LS of Anexo 20 for a product a × b written with dec(a), dec(b) decimals, at d decimals. */
export function limitesProducto(a: string, b: string, d: number): { li: Decimal; ls: Decimal } {
  const ha = new Decimal(10).pow(-dec(a)).dividedBy(2);
  const hb = new Decimal(10).pow(-dec(b)).dividedBy(2);
  const A = new Decimal(a);
  const B = new Decimal(b);
  const li = A.minus(ha).times(B.minus(hb)).toDecimalPlaces(d, Decimal.ROUND_DOWN);
  const ls = A.plus(ha)
    .minus(EPS)
    .times(B.plus(hb).minus(EPS))
    .toDecimalPlaces(d, Decimal.ROUND_UP);
  return { li, ls };
}

/** LI/LS of a tax Importe: (Base ± half unit of Base) × TasaOCuota at d decimals. */
export function limitesImpuesto(
  base: string,
  tasa: string,
  d: number,
): { li: Decimal; ls: Decimal } {
  const hb = new Decimal(10).pow(-dec(base)).dividedBy(2);
  const B = new Decimal(base);
  const T = new Decimal(tasa);
  return {
    li: B.minus(hb).times(T).toDecimalPlaces(d, Decimal.ROUND_DOWN),
    ls: B.plus(hb).minus(EPS).times(T).toDecimalPlaces(d, Decimal.ROUND_UP),
  };
}

/** EquivalenciaDR (up to 10 decimals, not a t_Importe); 1 when absent or not a number. */
export function equivalenciaDR(v: string | undefined): Decimal {
  return v !== undefined && /^[0-9]+(\.[0-9]+)?$/.test(v) && Number(v) > 0
    ? new Decimal(v)
    : new Decimal(1);
}
