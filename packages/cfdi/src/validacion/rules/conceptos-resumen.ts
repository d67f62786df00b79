import { Decimal } from '../../decimal.ts';
import type { Comprobante, Impuestos } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';
import type { SumasImpuestos } from './conceptos-impuestos.ts';
import { dec, num } from './util.ts';

/** Rounding to the currency's decimals, half up. */
type Redondeo = (x: Decimal) => Decimal;

/** The Impuestos summary (2.6), against the conceptos' taxes summed in `sumas`. */
export function reglasResumenImpuestos(
  c: Comprobante,
  d: number | undefined,
  e: Errores,
  sumas: SumasImpuestos,
): void {
  const tipo = c.TipoDeComprobante;
  const { sumT, sumR } = sumas;
  // Summary (2.6)
  const imp = c.Impuestos;
  if ((tipo === 'T' || tipo === 'P') && imp) {
    e.add(
      tipo === 'P' ? 'CRP20123' : 'CFDI40201',
      'Impuestos',
      'El nodo Impuestos no debe existir en este tipo de comprobante.',
      'CFDI40201',
    );
    return;
  }
  if (!imp) {
    if (sumT.size + sumR.size > 0)
      e.add(
        'CFDI40201',
        'Impuestos',
        'Falta el nodo Impuestos con el resumen de los impuestos de los conceptos.',
        'CFDI40201',
      );
    return;
  }
  if (d === undefined) return;
  const r2 = (x: Decimal) => x.toDecimalPlaces(d, Decimal.ROUND_HALF_UP);
  const totalR = reglasRetenciones(imp, sumR, r2, d, e);
  const totalT = reglasTraslados(imp, sumT, r2, d, e);
  reglasTotalRetenidos(imp, sumR, totalR, d, e);
  reglasTotalTrasladados(imp, sumas.hayTasa, totalT, d, e);
}

/** Impuestos.Retenciones: one per Impuesto, each the rounded sum of the conceptos'; their total. */
function reglasRetenciones(
  imp: Impuestos,
  sumR: SumasImpuestos['sumR'],
  r2: Redondeo,
  d: number,
  e: Errores,
): Decimal {
  const vistosR = new Set<string>();
  let totalR = new Decimal(0);
  (imp.Retenciones ?? []).forEach((r, i) => {
    const g = `Impuestos.Retenciones[${i}]`;
    if (vistosR.has(r.Impuesto))
      e.add(
        'CFDI40208',
        g,
        'Debe haber sólo un registro por cada tipo de impuesto retenido.',
        'CFDI40208',
      );
    vistosR.add(r.Impuesto);
    const v = num(r.Importe);
    if (!v || dec(r.Importe) > d) {
      e.add(
        'CFDI40210',
        `${g}.Importe`,
        'El valor del campo Importe excede la cantidad de decimales que soporta la moneda.',
        'CFDI40210',
      );
      return;
    }
    totalR = totalR.plus(v);
    if (!v.equals(r2(sumR.get(r.Impuesto) ?? new Decimal(0))))
      e.add(
        'CFDI40211',
        `${g}.Importe`,
        'El valor del campo Importe no es igual a la suma de los importes de los impuestos retenidos registrados en los conceptos donde el impuesto sea igual al campo impuesto de este elemento.',
        'CFDI40211',
      );
  });
  if (vistosR.size !== sumR.size)
    e.add(
      'CFDI40211',
      'Impuestos.Retenciones',
      'El resumen de retenciones no corresponde con las retenciones de los conceptos.',
      'CFDI40211',
    );
  return totalR;
}

/**
 * Impuestos.Traslados: one per key, Base and Importe the rounded sums of the conceptos'; their
 * total.
 */
function reglasTraslados(
  imp: Impuestos,
  sumT: SumasImpuestos['sumT'],
  r2: Redondeo,
  d: number,
  e: Errores,
): Decimal {
  const vistosT = new Set<string>();
  let totalT = new Decimal(0);
  (imp.Traslados ?? []).forEach((t, i) => {
    const g = `Impuestos.Traslados[${i}]`;
    const k = `${t.Impuesto}|${t.TipoFactor}|${t.TasaOCuota ?? ''}`;
    if (vistosT.has(k))
      e.add(
        'CFDI40218',
        g,
        'Debe haber sólo un registro con la misma combinación de impuesto, factor y tasa por cada traslado.',
        'CFDI40218',
      );
    vistosT.add(k);
    const base = num(t.Base);
    const s = sumT.get(k);
    if (!base || dec(t.Base) > d)
      e.add(
        'CFDI40214',
        `${g}.Base`,
        'El valor del campo Base excede la cantidad de decimales que soporta la moneda.',
        'CFDI40214',
      );
    else if (!s || !base.equals(r2(s.base)))
      e.add(
        'CFDI40215',
        `${g}.Base`,
        'El valor del campo Base no es igual al redondeo de la suma de los importes de las bases de los traslados registrados en los conceptos.',
        'CFDI40215',
      );
    if (t.TipoFactor !== 'Exento') {
      const v = num(t.Importe);
      if (!v || dec(t.Importe!) > d)
        e.add(
          'CFDI40220',
          `${g}.Importe`,
          'El valor del campo Importe excede la cantidad de decimales que soporta la moneda.',
          'CFDI40220',
        );
      else {
        totalT = totalT.plus(v);
        if (!s || !v.equals(r2(s.importe)))
          e.add(
            'CFDI40221',
            `${g}.Importe`,
            'El valor del campo Importe no es igual al redondeo de la suma de los importes de los impuestos trasladados registrados en los conceptos.',
            'CFDI40221',
          );
      }
    }
  });
  if (vistosT.size !== sumT.size)
    e.add(
      'CFDI40215',
      'Impuestos.Traslados',
      'El resumen de traslados no corresponde con los traslados de los conceptos.',
      'CFDI40215',
    );
  return totalT;
}

/** TotalImpuestosRetenidos: required with retenciones, forbidden without; equal to their total. */
function reglasTotalRetenidos(
  imp: Impuestos,
  sumR: SumasImpuestos['sumR'],
  totalR: Decimal,
  d: number,
  e: Errores,
): void {
  const tr = imp.TotalImpuestosRetenidos;
  if (sumR.size > 0 && tr === undefined)
    e.add(
      'CFDI40206',
      'Impuestos.TotalImpuestosRetenidos',
      'Debe existir el campo TotalImpuestosRetenidos.',
      'CFDI40206',
    );
  if (sumR.size === 0 && tr !== undefined)
    e.add(
      'CFDI40209',
      'Impuestos.TotalImpuestosRetenidos',
      'El campo TotalImpuestosRetenidos no debe existir.',
      'CFDI40209',
    );
  if (tr !== undefined) {
    const v = num(tr);
    if (!v || dec(tr) > d)
      e.add(
        'CFDI40202',
        'Impuestos.TotalImpuestosRetenidos',
        'El valor del campo TotalImpuestosRetenidos excede la cantidad de decimales que soporta la moneda.',
        'CFDI40202',
      );
    else if (!v.equals(totalR))
      e.add(
        'CFDI40203',
        'Impuestos.TotalImpuestosRetenidos',
        'El valor del campo TotalImpuestosRetenidos no es igual a la suma de los importes registrados en el elemento hijo Retencion.',
        'CFDI40203',
      );
  }
}

/** TotalImpuestosTrasladados: required when a traslado has a Tasa or Cuota; equal to its total. */
function reglasTotalTrasladados(
  imp: Impuestos,
  hayTasa: boolean,
  totalT: Decimal,
  d: number,
  e: Errores,
): void {
  const tt = imp.TotalImpuestosTrasladados;
  if (hayTasa && tt === undefined)
    e.add(
      'CFDI40212',
      'Impuestos.TotalImpuestosTrasladados',
      'Debe existir el campo TotalImpuestosTrasladados.',
      'CFDI40212',
    );
  if (tt !== undefined) {
    const v = num(tt);
    if (!v || dec(tt) > d)
      e.add(
        'CFDI40204',
        'Impuestos.TotalImpuestosTrasladados',
        'El valor del campo TotalImpuestosTrasladados excede la cantidad de decimales que soporta la moneda.',
        'CFDI40204',
      );
    else if (!v.equals(totalT))
      e.add(
        'CFDI40205',
        'Impuestos.TotalImpuestosTrasladados',
        'El valor del campo TotalImpuestosTrasladados no es igual a la suma de los importes registrados en el elemento hijo Traslado.',
        'CFDI40205',
      );
  }
}
