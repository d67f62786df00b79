import { DECIMALES_MONEDA } from '../catalogos.ts';
import { Decimal, formatear, redondear } from '../decimal.ts';

/**
 * A payment in MonedaP of an invoice in MonedaDR, where MonedaP is the invoice's currency or MXN
 * (what the product offers). `tipoCambio` is MXN per unit of the invoice's currency.
 */
export interface MonedasPago {
  monedaP: string;
  monedaDR: string;
  tipoCambio: string;
}

/** EquivalenciaDR (rules 7.4): units of MonedaDR per unit of MonedaP, 10 decimals. */
export function equivalenciaDR(m: MonedasPago): string {
  if (m.monedaP === m.monedaDR) return '1';
  return redondear(new Decimal(1).dividedBy(m.tipoCambio), 10).toFixed();
}

/** ImpPagado in the invoice's currency of `importeP` received in MonedaP. */
export function importePagadoDR(importeP: string | number, m: MonedasPago): string {
  const d = DECIMALES_MONEDA[m.monedaDR] ?? 2;
  const importe = new Decimal(importeP);
  if (m.monedaP === m.monedaDR) return formatear(importe, d);
  return formatear(redondear(importe.times(equivalenciaDR(m)), d), d);
}

/**
 * The amount in MonedaP that settles `saldoDR` (the invoice's balance in its currency): the amount
 * whose ImpPagado is the balance, never more (a payment above the balance is refused). Null when the
 * exchange rate is not a positive number.
 */
export function importePagoDeSaldo(saldoDR: string, m: MonedasPago): string | null {
  const dP = DECIMALES_MONEDA[m.monedaP] ?? 2;
  if (m.monedaP === m.monedaDR) return formatear(new Decimal(saldoDR), dP);
  if (!/^\d+(\.\d+)?$/.test(m.tipoCambio.trim()) || new Decimal(m.tipoCambio).lte(0)) return null;
  const saldo = new Decimal(saldoDR);
  const paso = new Decimal(1).dividedBy(10 ** dP);
  let importe = redondear(saldo.times(m.tipoCambio), dP);
  // The conversion back rounds: step down while it would pay more than the balance, up while less.
  while (importe.gt(0) && new Decimal(importePagadoDR(importe.toFixed(), m)).gt(saldo))
    importe = importe.minus(paso);
  while (
    new Decimal(importePagadoDR(importe.plus(paso).toFixed(), m)).lte(saldo) &&
    new Decimal(importePagadoDR(importe.toFixed(), m)).lt(saldo)
  )
    importe = importe.plus(paso);
  return formatear(importe, dP);
}
