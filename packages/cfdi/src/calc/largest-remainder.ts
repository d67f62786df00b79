import {
  Decimal,
  decimalDe,
  FIJO_CERO,
  fijoComparar,
  fijoDe,
  fijoMas,
  fijoMenos,
  fijoPiso,
  fijoRedondear,
  type Fijo,
} from '../decimal.ts';

/**
 * The product's one largest-remainder rounding (rules 2.9 step 5): rounds each exact amount to the
 * floor or the ceiling at `d` decimals so that the parts add up to the rounding of the exact total
 * (ties keep document order). Every part stays inside its SAT window, and the group total equals
 * R_d(Σ exact). Used by the tax lines, the discounts spread over conceptos and the local taxes
 * spread over an invoice's lines.
 */
export function residuoMayor(exactos: readonly Fijo[], d: number): Fijo[] {
  const u: Fijo = { n: 1, s: d };
  const pisos = exactos.map((e) => fijoPiso(e, d));
  let sumaExacta: Fijo = FIJO_CERO;
  let sumaPisos: Fijo = FIJO_CERO;
  for (let i = 0; i < exactos.length; i++) {
    sumaExacta = fijoMas(sumaExacta, exactos[i]!);
    sumaPisos = fijoMas(sumaPisos, pisos[i]!);
  }
  let k = fijoRedondear(fijoMenos(fijoRedondear(sumaExacta, d), sumaPisos), d).n;
  if (k <= 0) return pisos;
  const orden = exactos
    .map((e, i) => ({ i, r: fijoMenos(e, pisos[i]!) }))
    .filter((x) => x.r.n > 0)
    .sort((a, b) => fijoComparar(b.r, a.r) || a.i - b.i);
  const resultado = pisos.slice();
  for (const { i } of orden) {
    if (k <= 0) break;
    resultado[i] = fijoMas(resultado[i]!, u);
    k--;
  }
  return resultado;
}

/** residuoMayor on Decimal values (same function, the value's other form). */
export function repartirPorResiduoMayor(exactos: readonly Decimal[], decimales: number): Decimal[] {
  return residuoMayor(exactos.map(fijoDe), decimales).map(decimalDe);
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
