import { Decimal, redondear, truncarAbajo } from '../decimal.ts';

/**
 * Rounds each exact amount to the floor or the ceiling at `decimales` so that the parts add up to
 * the rounding of the exact total (largest-remainder method; ties keep document order). Every part
 * stays inside its SAT window, and the group total equals R_d(Σ exact).
 */
export function repartirPorResiduoMayor(exactos: readonly Decimal[], decimales: number): Decimal[] {
  const u = new Decimal(1).dividedBy(new Decimal(10).pow(decimales));
  const pisos = exactos.map((e) => truncarAbajo(e, decimales));
  let sumaExacta = new Decimal(0);
  let sumaPisos = new Decimal(0);
  for (let i = 0; i < exactos.length; i++) {
    sumaExacta = sumaExacta.plus(exactos[i]!);
    sumaPisos = sumaPisos.plus(pisos[i]!);
  }
  let k = redondear(sumaExacta, decimales).minus(sumaPisos).dividedBy(u).toNumber();
  if (k <= 0) return pisos;
  const orden = exactos
    .map((e, i) => ({ i, r: e.minus(pisos[i]!) }))
    .filter((x) => x.r.greaterThan(0))
    .sort((a, b) => b.r.comparedTo(a.r) || a.i - b.i);
  const resultado = pisos.slice();
  for (const { i } of orden) {
    if (k <= 0) break;
    resultado[i] = resultado[i]!.plus(u);
    k--;
  }
  return resultado;
}

/**
 * Spreads an invoice-level discount over the conceptos in proportion to their Importe, so that the
 * parts add up exactly to the discount (rules 3.3).
 */
export function repartirDescuento(
  importes: readonly string[],
  descuento: string,
  decimales: number,
): string[] {
  const imps = importes.map((x) => new Decimal(x));
  const total = imps.reduce((a, b) => a.plus(b), new Decimal(0));
  if (total.isZero()) return importes.map(() => new Decimal(0).toFixed(decimales));
  const d = new Decimal(descuento);
  const exactos = imps.map((x) => x.times(d).dividedBy(total));
  return repartirPorResiduoMayor(exactos, decimales).map((x) => x.toFixed(decimales));
}
