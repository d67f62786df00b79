import { Exacto as Decimal } from '../exacto.ts';
import {
  limitesTipoCambio,
  type FuenteTipoCambio,
  type ReferenciaTipoCambio,
} from '../../tipo-cambio/referencia.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { num } from './util.ts';

/** Answers the reference rate (MXN per unit) of a currency for a day, or undefined when unknown. */
export type TipoCambioReferencia = (
  moneda: string,
  dia: string,
) => ReferenciaTipoCambio | undefined;

/**
 * CFDI40118 / CFDI40127 (rules 1.3): TipoCambio within c_Moneda's `porcentaje_variacion` around the
 * reference rate; a Confirmacion only when something is out of range. Decided only when the caller
 * knows the reference rate of the day.
 */
export function reglasTipoCambio(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  referencia: TipoCambioReferencia | undefined,
): void {
  if (c.Moneda === 'MXN' || c.Moneda === 'XXX' || !referencia) return;
  const tc = num(c.TipoCambio);
  const porcentaje = cat.moneda(c.Moneda)?.porcentajeVariacion;
  const ref = referencia(c.Moneda, (c.Fecha ?? '').slice(0, 10));
  if (!tc || porcentaje === undefined || !ref) return;
  const { li, ls } = limitesTipoCambio(ref.valor, porcentaje);
  const fuera = tc.lessThan(li) || tc.greaterThan(ls);
  if (fuera && c.Confirmacion === undefined)
    e.add(
      'CFDI40118',
      'TipoCambio',
      `Cuando el valor del campo TipoCambio se encuentre fuera de los límites establecidos, debe existir el campo Confirmacion. El tipo de cambio ${c.TipoCambio} se aleja más del ${porcentaje}% del tipo de cambio de referencia (FIX de Banxico del ${ref.fecha}: ${new Decimal(ref.valor).toFixed()}); el rango permitido es de ${li.toFixed()} a ${ls.toFixed()}.`,
      'CFDI40118; c_Moneda porcentaje_variacion',
    );
  if (!fuera && c.Confirmacion !== undefined)
    e.add(
      'CFDI40127',
      'Confirmacion',
      'El campo Confirmacion no debe existir cuando el TipoCambio y el Total están dentro de los límites permitidos.',
      'CFDI40127',
    );
}

/**
 * CRP20216 (rules 7.2): each Pago's TipoCambioP within c_Moneda's variation around the reference
 * rate of its FechaPago's day (the product never sends Confirmacion). Decided only when the caller
 * knows that day's reference.
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
    const porcentaje = cat.moneda(p.MonedaP)?.porcentajeVariacion;
    const ref = referencia(p.MonedaP, (p.FechaPago ?? '').slice(0, 10));
    if (!tc || porcentaje === undefined || !ref) return;
    const { li, ls } = limitesTipoCambio(ref.valor, porcentaje);
    if ((tc.lessThan(li) || tc.greaterThan(ls)) && c.Confirmacion === undefined)
      e.add(
        'CRP20216',
        `Complemento.Pagos.Pago[${i}].TipoCambioP`,
        `El tipo de cambio del pago ${p.TipoCambioP} se aleja más del ${porcentaje}% del tipo de cambio de referencia del día del pago (FIX de Banxico del ${ref.fecha}: ${new Decimal(ref.valor).toFixed()}); el rango permitido es de ${li.toFixed()} a ${ls.toFixed()}.`,
        'CRP20216; c_Moneda porcentaje_variacion',
      );
  });
}

/**
 * The reference rates a document needs (its Moneda on its Fecha, each Pago's MonedaP on its
 * FechaPago), fetched from the source before validating, as validateComprobante is synchronous.
 */
export async function referenciasDelComprobante(
  c: Comprobante,
  fuente: FuenteTipoCambio | undefined,
): Promise<TipoCambioReferencia> {
  const pares = new Map<string, [string, string]>();
  const pedir = (moneda: string | undefined, fecha: string | undefined) => {
    if (!moneda || moneda === 'MXN' || moneda === 'XXX' || !fecha) return;
    pares.set(`${moneda}|${fecha.slice(0, 10)}`, [moneda, fecha.slice(0, 10)]);
  };
  pedir(c.Moneda, c.Fecha);
  for (const p of c.Complemento?.Pagos?.Pago ?? []) pedir(p.MonedaP, p.FechaPago);
  const conocidas = new Map<string, ReferenciaTipoCambio | undefined>();
  if (fuente)
    for (const [k, [moneda, dia]] of pares) conocidas.set(k, await fuente.referencia(moneda, dia));
  return (moneda, dia) => conocidas.get(`${moneda}|${dia}`);
}
