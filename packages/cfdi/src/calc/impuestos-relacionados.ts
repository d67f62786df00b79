import { TIPO_FACTOR, type Impuesto, type TipoFactor } from '../catalogos.ts';
import {
  Decimal,
  decimalesEscritos,
  redondear,
  redondearArriba,
  truncarAbajo,
} from '../decimal.ts';
import type { LineaImpuesto } from './types.ts';

// Shared by the types that take a share of a related invoice's taxes (issue 25): a payment's
// ImpuestosDR (Pagos 2.0, rules 7.5), and what a credit note or an advance's application lowers of
// each tax group of the invoices it relates (saldos_reducciones). No type owns it.

/** One tax group of the paid invoice: concept lines with the same key, their bases added up. */
export interface ImpuestoDocumento {
  tipo: 'traslado' | 'retencion';
  Impuesto: Impuesto;
  TipoFactor: TipoFactor;
  TasaOCuota?: string;
  /** Σ Base of the invoice's concept lines of this group (B_g of rules 7.5). */
  Base: string;
  /**
   * Σ Importe of the invoice's concept lines of this group: what the invoice says of this tax, and
   * what its payments add up to once it is paid. Absent for Exento (and for drafts that predate it:
   * then R_d(B_g × TasaOCuota)).
   */
  Importe?: string;
}

/** What the earlier payments still in force carried of one tax group of this invoice. */
export interface ImpuestoPrevio {
  /** claveGrupo of the group. */
  clave: string;
  /** Σ BaseDR of those payments for the group. */
  BaseDR: string;
  /** Σ ImporteDR (0 for Exento). */
  ImporteDR: string;
}

/** The key that tells one tax group from another: direction, impuesto, factor and rate. */
export function claveGrupo(g: {
  tipo: 'traslado' | 'retencion';
  Impuesto: string;
  TipoFactor: string;
  TasaOCuota?: string;
}): string {
  return `${g.tipo}|${g.Impuesto}|${g.TipoFactor}|${g.TasaOCuota ?? ''}`;
}

/**
 * Decimals of a group's BaseDR: the currency's, or more when the invoice's base has more (the units
 * of an IEPS cuota, up to 6): rounding 10.333 litres to 10.33 would make the payments of the invoice
 * add up to 10.33 × cuota, not to the invoice's tax.
 */
export function decimalesBase(g: ImpuestoDocumento, d: number): number {
  return Math.min(6, Math.max(d, decimalesEscritos(g.Base)));
}

export interface ParteDeGrupo {
  BaseDR: Decimal;
  /** 0 for Exento. */
  ImporteDR: Decimal;
  /** Decimals BaseDR is written with. */
  decimalesBase: number;
}

/**
 * One payment's share of one tax group (rules 7.5), cumulative so that the payments in force add up
 * to the invoice: CumBase(P) = R(B × P / Total) and CumImp(P) = R_d(CumBase × t), and once the
 * invoice is paid (P = Total) CumBase = B and CumImp = the invoice's own Importe of the group. What
 * this payment carries is CumX(anterior + pagado) minus what the payments in force already carried
 * (`previo`, read from their stamped XML; without it CumX(anterior)): after a payment in the middle
 * is cancelled, its replacement takes up exactly what is missing, and the last payment closes every
 * tax of the invoice to the cent. ImporteDR is kept inside the window the SAT checks for its BaseDR
 * (CRP20254 retención, CRP20261 traslado; rules 2.4), which it always is when the invoice's lines
 * were rounded by largest remainder (rules 2.9). Null when the share rounds to no base: the SAT
 * refuses BaseDR 0 (CRP20249, CRP20255); the next payment then carries it.
 */
export function parteDeGrupo(
  g: ImpuestoDocumento,
  d: number,
  pago: { total: Decimal; anterior: Decimal; pagado: Decimal },
  previo: ImpuestoPrevio | undefined,
  conPrevios: boolean,
): ParteDeGrupo | null {
  const db = decimalesBase(g, d);
  const bg = new Decimal(g.Base);
  const acumulado = pago.anterior.plus(pago.pagado);
  const cierra = acumulado.greaterThanOrEqualTo(pago.total);
  const cumBase = (p: Decimal) => redondear(bg.times(p).dividedBy(pago.total), db);
  const cb1 = cierra ? bg : cumBase(acumulado);
  const cb0 = conPrevios ? new Decimal(previo?.BaseDR ?? '0') : cumBase(pago.anterior);
  const baseDR = cb1.minus(cb0);
  if (!baseDR.greaterThan(0)) return null;
  if (g.TipoFactor === TIPO_FACTOR.EXENTO)
    return { BaseDR: baseDR, ImporteDR: new Decimal(0), decimalesBase: db };
  const t = new Decimal(g.TasaOCuota!);
  const ci1 =
    cierra && g.Importe !== undefined ? new Decimal(g.Importe) : redondear(cb1.times(t), d);
  const ci0 = conPrevios ? new Decimal(previo?.ImporteDR ?? '0') : redondear(cb0.times(t), d);
  // The window of ImporteDR for this BaseDR (rules 2.4 with dec(BaseDR) = db).
  const medio = new Decimal(1).dividedBy(new Decimal(10).pow(db)).dividedBy(2);
  const li = truncarAbajo(baseDR.minus(medio).times(t), d);
  const ls = redondearArriba(baseDR.plus(medio).times(t), d);
  const importeDR = Decimal.min(Decimal.max(ci1.minus(ci0), li), ls);
  return { BaseDR: baseDR, ImporteDR: importeDR, decimalesBase: db };
}

interface LineaEscrita {
  BaseDR: string;
  ImpuestoDR: string;
  TipoFactorDR: string;
  TasaOCuotaDR?: string;
  ImporteDR?: string;
}

/**
 * What some payments carried of each tax group of one invoice: their DoctoRelacionado's ImpuestosDR
 * added up per group (the `previos` of the next payment when they are the ones in force).
 */
export function impuestosPagados(
  drs: readonly {
    ImpuestosDR?: {
      RetencionesDR?: readonly LineaEscrita[];
      TrasladosDR?: readonly LineaEscrita[];
    };
  }[],
): ImpuestoPrevio[] {
  const out = new Map<string, { base: Decimal; imp: Decimal }>();
  for (const dr of drs) {
    const lineas = [
      ...(dr.ImpuestosDR?.TrasladosDR ?? []).map((l) => ({ tipo: 'traslado' as const, l })),
      ...(dr.ImpuestosDR?.RetencionesDR ?? []).map((l) => ({ tipo: 'retencion' as const, l })),
    ];
    for (const { tipo, l } of lineas) {
      const k = claveGrupo({
        tipo,
        Impuesto: l.ImpuestoDR,
        TipoFactor: l.TipoFactorDR,
        ...(l.TasaOCuotaDR !== undefined ? { TasaOCuota: l.TasaOCuotaDR } : {}),
      });
      const s = out.get(k) ?? { base: new Decimal(0), imp: new Decimal(0) };
      out.set(k, { base: s.base.plus(l.BaseDR), imp: s.imp.plus(l.ImporteDR ?? '0') });
    }
  }
  return [...out]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([clave, s]) => ({ clave, BaseDR: s.base.toFixed(), ImporteDR: s.imp.toFixed() }));
}

/** Groups the concept tax lines of an invoice into the groups a payment carries (rules 7.5). */
export function impuestosDeDocumento(
  conceptos: readonly {
    Traslados?: readonly LineaImpuesto[];
    Retenciones?: readonly LineaImpuesto[];
  }[],
): ImpuestoDocumento[] {
  const grupos = new Map<string, ImpuestoDocumento & { suma: Decimal; importe: Decimal | null }>();
  const add = (tipo: 'traslado' | 'retencion', l: LineaImpuesto) => {
    const k = claveGrupo({ tipo, ...l });
    const g = grupos.get(k);
    const importe = l.Importe !== undefined ? new Decimal(l.Importe) : null;
    if (g) {
      g.suma = g.suma.plus(l.Base);
      g.importe = g.importe && importe ? g.importe.plus(importe) : null;
    } else
      grupos.set(k, {
        tipo,
        Impuesto: l.Impuesto,
        TipoFactor: l.TipoFactor,
        ...(l.TasaOCuota !== undefined ? { TasaOCuota: l.TasaOCuota } : {}),
        Base: l.Base,
        suma: new Decimal(l.Base),
        importe,
      });
  };
  for (const c of conceptos) {
    for (const t of c.Traslados ?? []) add('traslado', t);
    for (const r of c.Retenciones ?? []) add('retencion', r);
  }
  return [...grupos.values()].map(({ suma, importe, ...g }) => ({
    ...g,
    Base: suma.toFixed(),
    ...(importe ? { Importe: importe.toFixed() } : {}),
  }));
}

/** Two lists of what documents carried of each group, added up per group (a payment's previos). */
export function sumarImpuestosPrevios(
  a: readonly ImpuestoPrevio[],
  b: readonly ImpuestoPrevio[],
): ImpuestoPrevio[] {
  const out = new Map<string, { base: Decimal; imp: Decimal }>();
  for (const p of [...a, ...b]) {
    const s = out.get(p.clave) ?? { base: new Decimal(0), imp: new Decimal(0) };
    out.set(p.clave, { base: s.base.plus(p.BaseDR), imp: s.imp.plus(p.ImporteDR) });
  }
  return [...out]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([clave, s]) => ({ clave, BaseDR: s.base.toFixed(), ImporteDR: s.imp.toFixed() }));
}
