import { Decimal, redondear, redondearArriba } from '../decimal.ts';
import { claveGrupo, decimalesBase } from './impuestos-relacionados.ts';
import { decimalesDe, type DocumentoPagadoDraft } from './pagos20.ts';

/**
 * The smallest ImpPagado for this invoice, from the one asked up to its balance, whose share of at
 * least one of the invoice's tax groups is a base of one unit of MonedaDR (a cent), or null when
 * none is.
 *
 * A payment's ImpuestosDR are the invoice's tax groups in proportion to what was paid, by
 * cumulative rounding (rules 7.5): CumBase(P) = R_d(B × P / Total), BaseDR = CumBase(anterior +
 * pagado) − CumBase(anterior). A group whose BaseDR rounds to zero carries no line (the SAT refuses
 * BaseDR 0, CRP20249/CRP20255); when every group does, the DoctoRelacionado of an invoice with
 * taxes has no ImpuestosDR, which the SAT refuses as well (CRP20246). With half-up rounding,
 * CumBase grows past c = CumBase(anterior) exactly when B × (anterior + x) / Total ≥ c + u/2
 * (u = 10^-d), so a group needs x ≥ (c + u/2) × Total / B − anterior, rounded up to d decimals.
 * The base's own unit is that of its BaseDR (more decimals for the units of an IEPS cuota), and c is
 * what the payments in force already carried of the group when the draft says it.
 */
export function importeMinimoConImpuestos(doc: DocumentoPagadoDraft): Decimal | null {
  let minimo: Decimal | null = null;
  for (const g of doc.impuestos) {
    const x = importeMinimoDeGrupo(doc, g);
    if (x !== null && (minimo === null || x.lessThan(minimo))) minimo = x;
  }
  return minimo;
}

/** The same for one tax group: the least ImpPagado (up to the balance) that gives it a base. */
export function importeMinimoDeGrupo(
  doc: DocumentoPagadoDraft,
  g: DocumentoPagadoDraft['impuestos'][number],
): Decimal | null {
  const d = decimalesDe(doc.MonedaDR, doc.decimalesDR);
  const u = new Decimal(1).dividedBy(new Decimal(10).pow(d));
  const total = new Decimal(doc.totalDocumento);
  const anterior = new Decimal(doc.pagadoAnterior);
  const saldo = total.minus(anterior);
  const desde = Decimal.max(new Decimal(doc.ImpPagado), u);
  const base = new Decimal(g.Base);
  if (!base.greaterThan(0)) return null;
  const ub = new Decimal(1).dividedBy(new Decimal(10).pow(decimalesBase(g, d)));
  const previo = (doc.previos ?? []).find((p) => p.clave === claveGrupo(g));
  const c = doc.previos
    ? new Decimal(previo?.BaseDR ?? '0')
    : redondear(base.times(anterior).dividedBy(total), decimalesBase(g, d));
  const x = Decimal.max(
    redondearArriba(c.plus(ub.dividedBy(2)).times(total).dividedBy(base).minus(anterior), d),
    desde,
  );
  return x.lessThanOrEqualTo(saldo) ? x : null;
}
