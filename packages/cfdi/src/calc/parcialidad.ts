import { Decimal } from '../decimal.ts';

/** A payment in force of one invoice, as its DoctoRelacionado says. */
export interface ParcialidadEnVigor {
  NumParcialidad: number;
  ImpSaldoAnt: string;
  ImpPagado: string;
}

/**
 * NumParcialidad and ImpSaldoAnt of an invoice's next payment, from its payments in force only.
 *
 * Pagos 2.0 (Anexo 20, Pagos20.xsd annotations): NumParcialidad is "el número de parcialidad que
 * corresponde al pago" and ImpSaldoAnt "el monto del saldo insoluto de la parcialidad anterior" (the
 * invoice's total for the first). The Guía de llenado lets a payment CFDI with errors be cancelled
 * "siempre que se sustituya por otro con los datos correctos". So:
 * - when a cancelled payment left a number free that payments in force follow, and this payment fits
 *   its place (from the balance the payment in force before it left, it leaves exactly the balance
 *   the next one in force started from), it is its replacement: it takes that number and the chain
 *   of balances stays whole;
 * - otherwise it follows the highest number in force, from the balance the payments in force leave.
 * A number a CFDI in force has is never given twice, and the balance is always the total less what
 * the payments in force paid, so they add up to what was received.
 */
export function lugarDelPago(
  total: string,
  enVigor: readonly ParcialidadEnVigor[],
  pagado: string,
): { NumParcialidad: number; ImpSaldoAnt: string } {
  const orden = [...enVigor].sort((a, b) => a.NumParcialidad - b.NumParcialidad);
  const usados = new Set(orden.map((p) => p.NumParcialidad));
  const max = orden.at(-1)?.NumParcialidad ?? 0;
  const pagadoAntes = (n: number) =>
    orden.filter((p) => p.NumParcialidad < n).reduce((s, p) => s.plus(p.ImpPagado), new Decimal(0));
  for (let g = 1; g < max; g++) {
    if (usados.has(g)) continue;
    const saldoAnt = new Decimal(total).minus(pagadoAntes(g));
    const siguiente = orden.find((p) => p.NumParcialidad > g)!;
    if (saldoAnt.minus(pagado).equals(siguiente.ImpSaldoAnt))
      return { NumParcialidad: g, ImpSaldoAnt: saldoAnt.toFixed() };
  }
  return {
    NumParcialidad: max + 1,
    ImpSaldoAnt: new Decimal(total).minus(pagadoAntes(max + 1)).toFixed(),
  };
}
