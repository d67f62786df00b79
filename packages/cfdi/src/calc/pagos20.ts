import {
  DECIMALES_MONEDA,
  IMPUESTO,
  TIPO_FACTOR,
  type Impuesto,
  type TipoFactor,
} from '../catalogos.ts';
import { Decimal, formatear, redondear, redondearArriba } from '../decimal.ts';

import {
  claveGrupo,
  parteDeGrupo,
  type ImpuestoDocumento,
  type ImpuestoPrevio,
} from './impuestos-relacionados.ts';

export {
  claveGrupo,
  impuestosDeDocumento,
  impuestosPagados,
  sumarImpuestosPrevios,
  type ImpuestoDocumento,
  type ImpuestoPrevio,
} from './impuestos-relacionados.ts';

export interface DocumentoPagadoDraft {
  IdDocumento: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  decimalesDR?: number;
  /** Units of MonedaDR per unit of MonedaP; '1' when they are equal. */
  EquivalenciaDR?: string;
  NumParcialidad: number;
  /** Invoice Total. */
  totalDocumento: string;
  /** Σ ImpPagado of the earlier payments still vigentes (0 for the first). */
  pagadoAnterior: string;
  /**
   * What the payment in force numbered just before this one left (its ImpSaldoInsoluto), when this
   * one takes the number of a cancelled payment followed by others in force: total less what the
   * payments in force numbered before it paid. Absent: totalDocumento − pagadoAnterior.
   */
  saldoAnterior?: string;
  ImpPagado: string;
  /** Tax groups of the invoice; empty when no concepto was objeto de impuesto. */
  impuestos: readonly ImpuestoDocumento[];
  /**
   * What the earlier payments in force carried of each group (from their stamped XML). Absent: the
   * formula's CumBase(pagadoAnterior), right only while no payment in the middle was cancelled.
   */
  previos?: readonly ImpuestoPrevio[];
}

export interface PagoDraft {
  MonedaP: string;
  decimalesP?: number;
  /** MXN per unit of MonedaP ('1' for MXN). */
  TipoCambioP?: string;
  /**
   * The amount received, in MonedaP, when known (a payment in another currency than the invoice's):
   * it must not be below T_dP(Σ ImpPagado / EquivalenciaDR) (rules 7.6). Absent: that minimum,
   * rounded up.
   */
  Monto?: string;
  documentos: readonly DocumentoPagadoDraft[];
}

export interface LineaDR {
  BaseDR: string;
  ImpuestoDR: Impuesto;
  TipoFactorDR: TipoFactor;
  TasaOCuotaDR?: string;
  ImporteDR?: string;
}

export interface DoctoCalculado {
  IdDocumento: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  EquivalenciaDR: string;
  NumParcialidad: string;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
  ObjetoImpDR: '01' | '02';
  RetencionesDR: LineaDR[];
  TrasladosDR: LineaDR[];
}

export interface TrasladoP {
  BaseP: string;
  ImpuestoP: Impuesto;
  TipoFactorP: TipoFactor;
  TasaOCuotaP?: string;
  ImporteP?: string;
}

export interface TotalesPago {
  TotalRetencionesIVA?: string;
  TotalRetencionesISR?: string;
  TotalRetencionesIEPS?: string;
  TotalTrasladosBaseIVA16?: string;
  TotalTrasladosImpuestoIVA16?: string;
  TotalTrasladosBaseIVA8?: string;
  TotalTrasladosImpuestoIVA8?: string;
  TotalTrasladosBaseIVA0?: string;
  TotalTrasladosImpuestoIVA0?: string;
  TotalTrasladosBaseIVAExento?: string;
  MontoTotalPagos: string;
}

export interface PagoCalculado {
  /** Σ ImpPagado / EquivalenciaDR truncated to MonedaP's decimals: Monto may not be below it. */
  MontoMinimo: string;
  MonedaP: string;
  TipoCambioP: string;
  Monto: string;
  doctos: DoctoCalculado[];
  RetencionesP: { ImpuestoP: Impuesto; ImporteP: string }[];
  TrasladosP: TrasladoP[];
  Totales: TotalesPago;
}

export function decimalesDe(moneda: string, explicito: number | undefined): number {
  const d = explicito ?? DECIMALES_MONEDA[moneda];
  if (d === undefined) throw new Error(`No se conocen los decimales de la moneda "${moneda}".`);
  return d;
}

/**
 * Amounts of one Pago of the Pagos 2.0 complement (rules 7.4–7.6): balances, ImpuestosDR by
 * cumulative proportional rounding (always inside the SAT windows), ImpuestosP and Totales.
 */
export function calcularPago20(pago: PagoDraft): PagoCalculado {
  const dP = decimalesDe(pago.MonedaP, pago.decimalesP);
  const tipoCambioP = pago.TipoCambioP ?? '1';
  const tc = new Decimal(tipoCambioP);
  let montoExacto = new Decimal(0);
  const trasladosP = new Map<string, { l: LineaDR; base: Decimal; importe: Decimal }>();
  const retencionesP = new Map<Impuesto, Decimal>();

  const doctos = pago.documentos.map((doc): DoctoCalculado => {
    const d = decimalesDe(doc.MonedaDR, doc.decimalesDR);
    const equiv = doc.EquivalenciaDR ?? '1';
    const eq = new Decimal(equiv);
    const total = new Decimal(doc.totalDocumento);
    const anterior = new Decimal(doc.pagadoAnterior);
    const pagado = new Decimal(doc.ImpPagado);
    const saldoAnt =
      doc.saldoAnterior !== undefined ? new Decimal(doc.saldoAnterior) : total.minus(anterior);
    montoExacto = montoExacto.plus(pagado.dividedBy(eq));
    const out: DoctoCalculado = {
      IdDocumento: doc.IdDocumento,
      ...(doc.Serie !== undefined ? { Serie: doc.Serie } : {}),
      ...(doc.Folio !== undefined ? { Folio: doc.Folio } : {}),
      MonedaDR: doc.MonedaDR,
      EquivalenciaDR: equiv,
      NumParcialidad: String(doc.NumParcialidad),
      ImpSaldoAnt: formatear(saldoAnt, d),
      ImpPagado: formatear(pagado, d),
      ImpSaldoInsoluto: formatear(saldoAnt.minus(pagado), d),
      ObjetoImpDR: doc.impuestos.length > 0 ? '02' : '01',
      RetencionesDR: [],
      TrasladosDR: [],
    };
    const previos = new Map((doc.previos ?? []).map((p) => [p.clave, p]));
    for (const g of doc.impuestos) {
      const parte = parteDeGrupo(
        g,
        d,
        { total, anterior, pagado },
        previos.get(claveGrupo(g)),
        doc.previos !== undefined,
      );
      // A share that rounds to no base carries no tax line (CRP20249, CRP20255): the next payment
      // carries it (parteDeGrupo).
      if (!parte) continue;
      const baseDR = parte.BaseDR;
      const importeDR = parte.ImporteDR;
      const linea: LineaDR = {
        BaseDR: formatear(baseDR, parte.decimalesBase),
        ImpuestoDR: g.Impuesto,
        TipoFactorDR: g.TipoFactor,
      };
      if (g.TipoFactor !== TIPO_FACTOR.EXENTO) {
        linea.TasaOCuotaDR = g.TasaOCuota!;
        linea.ImporteDR = formatear(importeDR, d);
      }
      if (g.tipo === 'retencion') {
        out.RetencionesDR.push(linea);
        retencionesP.set(
          g.Impuesto,
          (retencionesP.get(g.Impuesto) ?? new Decimal(0)).plus(importeDR.dividedBy(eq)),
        );
      } else {
        out.TrasladosDR.push(linea);
        const k = `${g.Impuesto}|${g.TipoFactor}|${g.TasaOCuota ?? ''}`;
        const prev = trasladosP.get(k);
        if (prev) {
          prev.base = prev.base.plus(baseDR.dividedBy(eq));
          prev.importe = prev.importe.plus(importeDR.dividedBy(eq));
        } else {
          trasladosP.set(k, {
            l: linea,
            base: baseDR.dividedBy(eq),
            importe: importeDR.dividedBy(eq),
          });
        }
      }
    }
    return out;
  });

  const monto =
    pago.Monto !== undefined ? new Decimal(pago.Monto) : redondearArriba(montoExacto, dP);
  // BaseP/ImporteP: R_6 of the sums; written with MonedaP decimals when exact at that precision.
  const textoP = (x: Decimal) => {
    const r = redondear(x, 6);
    return r.decimalPlaces() <= dP ? formatear(r, dP) : r.toFixed();
  };
  const TrasladosP: TrasladoP[] = [...trasladosP.values()].map(({ l, base, importe }) => ({
    BaseP: textoP(base),
    ImpuestoP: l.ImpuestoDR,
    TipoFactorP: l.TipoFactorDR,
    ...(l.TipoFactorDR !== TIPO_FACTOR.EXENTO
      ? { TasaOCuotaP: l.TasaOCuotaDR!, ImporteP: textoP(importe) }
      : {}),
  }));
  const RetencionesP = [...retencionesP].map(([ImpuestoP, imp]) => ({
    ImpuestoP,
    ImporteP: textoP(imp),
  }));

  const mx = (x: Decimal) => formatear(redondear(x.times(tc), 2), 2);
  const Totales: TotalesPago = { MontoTotalPagos: mx(monto) };
  for (const r of RetencionesP) {
    const v = mx(new Decimal(r.ImporteP));
    if (r.ImpuestoP === IMPUESTO.IVA) Totales.TotalRetencionesIVA = v;
    else if (r.ImpuestoP === IMPUESTO.ISR) Totales.TotalRetencionesISR = v;
    else Totales.TotalRetencionesIEPS = v;
  }
  for (const t of TrasladosP) {
    if (t.ImpuestoP !== IMPUESTO.IVA) continue;
    if (t.TipoFactorP === TIPO_FACTOR.EXENTO) {
      Totales.TotalTrasladosBaseIVAExento = mx(new Decimal(t.BaseP));
      continue;
    }
    const base = mx(new Decimal(t.BaseP));
    const imp = mx(new Decimal(t.ImporteP!));
    if (t.TasaOCuotaP === '0.160000') {
      Totales.TotalTrasladosBaseIVA16 = base;
      Totales.TotalTrasladosImpuestoIVA16 = imp;
    } else if (t.TasaOCuotaP === '0.080000') {
      Totales.TotalTrasladosBaseIVA8 = base;
      Totales.TotalTrasladosImpuestoIVA8 = imp;
    } else if (t.TasaOCuotaP === '0.000000') {
      Totales.TotalTrasladosBaseIVA0 = base;
      Totales.TotalTrasladosImpuestoIVA0 = imp;
    }
  }
  return {
    MontoMinimo: formatear(montoExacto.toDecimalPlaces(dP, Decimal.ROUND_DOWN), dP),
    MonedaP: pago.MonedaP,
    TipoCambioP: tipoCambioP,
    Monto: formatear(monto, dP),
    doctos,
    RetencionesP,
    TrasladosP,
    Totales,
  };
}
