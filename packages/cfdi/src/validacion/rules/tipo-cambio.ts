import { Decimal } from '../../decimal.ts';
import type { FuenteTipoCambio, ReferenciaTipoCambio } from '../../tipo-cambio/referencia.ts';
import {
  bandaTipoCambio,
  dentroDeBanda,
  referenciaCruzada,
  type BandaTipoCambio,
} from '../../tipo-cambio/banda.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { explicacionTipoCambio } from './tipo-cambio-mensajes.ts';
import { num } from './util.ts';

/**
 * Answers the newest reference rate (MXN per unit) of a currency published on or before a day,
 * however old (the band weighs its age), or undefined when none is known.
 */
export type TipoCambioReferencia = (
  moneda: string,
  dia: string,
) => ReferenciaTipoCambio | undefined;

/** The product's code for an EquivalenciaDR far from the exchange rate (no SAT code: see below). */
export const EQUIVALENCIA_DR_FUERA_DE_RANGO = 'EQUIVALENCIA_DR_FUERA_DE_RANGO';

const dia = (fecha: string | undefined) => (fecha ?? '').slice(0, 10);

/** The band of a currency for a day from its newest reference; undefined without one. */
function bandaDe(
  moneda: string,
  fecha: string | undefined,
  cat: CatalogosLookup,
  referencia: TipoCambioReferencia,
): BandaTipoCambio | undefined {
  const porcentaje = cat.moneda(moneda)?.porcentajeVariacion;
  const ref = referencia(moneda, dia(fecha));
  return porcentaje === undefined || !ref
    ? undefined
    : bandaTipoCambio(ref, dia(fecha), porcentaje);
}

/**
 * CFDI40118 / CFDI40127 (rules 1.3; Anexo 20, Comprobante@TipoCambio): TipoCambio within c_Moneda's
 * `porcentaje_variacion` around the reference rate; a Confirmacion only when something is out of
 * range. With a stale reference the band is widened for its age (bandaTipoCambio): what lies
 * outside it is outside the SAT's band whatever the day's rate is. No reference at all: not decided.
 */
export function reglasTipoCambio(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  referencia: TipoCambioReferencia | undefined,
): void {
  if (c.Moneda === 'MXN' || c.Moneda === 'XXX' || !referencia) return;
  const tc = num(c.TipoCambio);
  const b = bandaDe(c.Moneda, c.Fecha, cat, referencia);
  if (!tc || !b) return;
  const fuera = !dentroDeBanda(tc.toFixed(), b);
  if (fuera && c.Confirmacion === undefined)
    e.add(
      'CFDI40118',
      'TipoCambio',
      `Cuando el valor del campo TipoCambio se encuentre fuera de los límites establecidos, debe existir el campo Confirmacion. ${explicacionTipoCambio('El tipo de cambio', c.TipoCambio!, `pesos por ${c.Moneda}`, b)}`,
      'CFDI40118; c_Moneda porcentaje_variacion',
    );
  // Whether a rate is within the SAT's band is only known with the day's reference.
  if (!fuera && b.vigente && c.Confirmacion !== undefined)
    e.add(
      'CFDI40127',
      'Confirmacion',
      'El campo Confirmacion no debe existir cuando el TipoCambio y el Total están dentro de los límites permitidos.',
      'CFDI40127',
    );
}

/**
 * CRP20216 (rules 7.2; Pagos 2.0, Pago@TipoCambioP): each Pago's TipoCambioP within c_Moneda's
 * variation around the reference of its FechaPago's day, widened for a stale reference as in
 * reglasTipoCambio (the product never sends Confirmacion).
 */
export function reglasTipoCambioPagos(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  referencia: TipoCambioReferencia | undefined,
): void {
  if (!referencia) return;
  (c.Complemento?.Pagos?.Pago ?? []).forEach((p, i) => {
    if (p.MonedaP === 'MXN' || p.MonedaP === 'XXX') return;
    const tc = num(p.TipoCambioP);
    const b = bandaDe(p.MonedaP, p.FechaPago, cat, referencia);
    if (!tc || !b || dentroDeBanda(tc.toFixed(), b) || c.Confirmacion !== undefined) return;
    e.add(
      'CRP20216',
      `Complemento.Pagos.Pago[${i}].TipoCambioP`,
      explicacionTipoCambio(
        'El tipo de cambio del pago',
        p.TipoCambioP!,
        `pesos por ${p.MonedaP}`,
        b,
      ),
      'CRP20216; c_Moneda porcentaje_variacion',
    );
  });
}

/**
 * EquivalenciaDR (rules 7.4): units of MonedaDR per unit of MonedaP, so 1 / EquivalenciaDR is the
 * exchange rate the payment applies to the invoice; a dollar invoice paid in pesos carries its rate
 * only here (TipoCambioP is 1). The Pagos 2.0 matrix has no variation rule on it (CRP20237/CRP20238
 * are its presence and the 1 of one currency; CRP20275/CRP20276 the rounding of ImpPagado), so this
 * is the product's rule: the same c_Moneda band as TipoCambioP around Banxico's cross rate, because
 * an equivalence of 1 between pesos and dollars would record a payment of 17 times what was paid.
 * The sandbox PAC runs it too, as it runs the product's other rules.
 */
export function reglasEquivalenciaDR(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  referencia: TipoCambioReferencia | undefined,
): void {
  if (!referencia) return;
  (c.Complemento?.Pagos?.Pago ?? []).forEach((p, i) => {
    const d = dia(p.FechaPago);
    const enPesos = (moneda: string) =>
      moneda === 'MXN' ? { fecha: d, valor: '1', serie: 'MXN' } : referencia(moneda, d);
    (p.DoctoRelacionado ?? []).forEach((dr, j) => {
      if (dr.MonedaDR === p.MonedaP || !dr.MonedaDR || !p.MonedaP) return;
      const eq = /^\d{1,18}(\.\d{1,10})?$/.test(dr.EquivalenciaDR ?? '')
        ? new Decimal(dr.EquivalenciaDR!)
        : undefined;
      const porcentaje = cat.moneda(
        dr.MonedaDR === 'MXN' ? p.MonedaP : dr.MonedaDR,
      )?.porcentajeVariacion;
      const [refDR, refP] = [enPesos(dr.MonedaDR), enPesos(p.MonedaP)];
      if (!eq || eq.isZero() || porcentaje === undefined || !refDR || !refP) return;
      const b = bandaTipoCambio(referenciaCruzada(refDR, refP), d, porcentaje);
      const implicito = new Decimal(1).dividedBy(eq).toDecimalPlaces(6);
      if (dentroDeBanda(implicito.toFixed(), b)) return;
      const unidad = `${p.MonedaP === 'MXN' ? 'pesos' : p.MonedaP} por ${dr.MonedaDR}`;
      e.add(
        EQUIVALENCIA_DR_FUERA_DE_RANGO,
        `Complemento.Pagos.Pago[${i}].DoctoRelacionado[${j}].EquivalenciaDR`,
        explicacionTipoCambio(
          `El tipo de cambio del pago (EquivalenciaDR ${dr.EquivalenciaDR})`,
          new Decimal(implicito.toFixed()).toFixed(),
          unidad,
          b,
        ),
        'EquivalenciaDR (Pagos 2.0); c_Moneda porcentaje_variacion; regla del producto',
      );
    });
  });
}

/**
 * The reference rates a document needs (its Moneda on its Fecha; each Pago's MonedaP and its
 * documents' MonedaDR on its FechaPago), fetched from the source before validating, as
 * validateComprobante is synchronous.
 */
export async function referenciasDelComprobante(
  c: Comprobante,
  fuente: FuenteTipoCambio | undefined,
): Promise<TipoCambioReferencia> {
  const pares = new Map<string, [string, string]>();
  const pedir = (moneda: string | undefined, fecha: string | undefined) => {
    if (!moneda || moneda === 'MXN' || moneda === 'XXX' || !fecha) return;
    pares.set(`${moneda}|${dia(fecha)}`, [moneda, dia(fecha)]);
  };
  pedir(c.Moneda, c.Fecha);
  for (const p of c.Complemento?.Pagos?.Pago ?? []) {
    pedir(p.MonedaP, p.FechaPago);
    for (const dr of p.DoctoRelacionado ?? []) pedir(dr.MonedaDR, p.FechaPago);
  }
  const conocidas = new Map<string, ReferenciaTipoCambio | undefined>();
  if (fuente)
    for (const [k, [moneda, d]] of pares) conocidas.set(k, await fuente.referencia(moneda, d));
  return (moneda, d) => conocidas.get(`${moneda}|${d}`);
}
