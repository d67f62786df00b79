import { Decimal } from '../../decimal.ts';
import { limitesTipoCambio, type ReferenciaTipoCambio } from '../../tipo-cambio/referencia.ts';
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
