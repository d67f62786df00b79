import { Decimal } from '../decimal.ts';
import type { TasaOCuotaRow } from './catalogos-lookup.ts';

const NOMBRE: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

export interface ConsultaTasa {
  /** c_Impuesto key (001 ISR, 002 IVA, 003 IEPS). */
  impuesto: string;
  factor: 'Tasa' | 'Cuota';
  /** Fraction for a Tasa ("0.106667"), pesos per unit for a Cuota ("6.4555"). */
  valor: string;
  traslado: boolean;
}

/** The c_TasaOCuota rows of an impuesto, factor and direction (IVA includes the 8 % stimulus row). */
export function filasDe(rows: readonly TasaOCuotaRow[], q: Omit<ConsultaTasa, 'valor'>) {
  const nombre = NOMBRE[q.impuesto];
  return rows.filter(
    (r) =>
      nombre !== undefined &&
      (r.impuesto === nombre || r.impuesto.startsWith(`${nombre} `)) &&
      r.factor === q.factor &&
      (q.traslado ? r.traslado : r.retencion),
  );
}

/** Whether c_TasaOCuota admits the value (a fixed value or inside a range). */
export function tasaPermitida(rows: readonly TasaOCuotaRow[], q: ConsultaTasa): boolean {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(q.valor)) return false;
  const v = new Decimal(q.valor);
  return filasDe(rows, q).some((r) =>
    r.tipo === 'Fijo'
      ? v.equals(r.valorMaximo)
      : v.greaterThanOrEqualTo(r.valorMinimo) && v.lessThanOrEqualTo(r.valorMaximo),
  );
}

const pct = (v: string) => `${new Decimal(v).times(100).toDecimalPlaces(6).toFixed()}%`;

/**
 * A rate an enterprise wants to add (spec section 7, "Taxes"): the value written with 6 decimals
 * when c_TasaOCuota admits it, or a Spanish message that says what the SAT admits.
 */
export function revisarTasaOCuota(
  rows: readonly TasaOCuotaRow[],
  q: ConsultaTasa,
): { ok: true; valor: string } | { ok: false; message: string } {
  const nombre = NOMBRE[q.impuesto] ?? q.impuesto;
  const dir = q.traslado ? 'trasladado' : 'retenido';
  const etiqueta = `${nombre}${q.factor === 'Cuota' ? ' cuota' : ''} ${dir}`;
  const filas = filasDe(rows, q);
  if (filas.length === 0)
    return { ok: false, message: `El SAT no admite ${etiqueta} (catálogo c_TasaOCuota).` };
  const t = q.valor.trim();
  if (!/^[0-9]+(\.[0-9]{1,6})?$/.test(t))
    return {
      ok: false,
      message:
        q.factor === 'Cuota'
          ? 'La cuota debe ser un importe por unidad con hasta 6 decimales (por ejemplo 6.455500).'
          : 'La tasa debe escribirse como fracción con hasta 6 decimales (por ejemplo 0.106667 para 10.6667%).',
    };
  if (tasaPermitida(rows, { ...q, valor: t }))
    return { ok: true, valor: new Decimal(t).toFixed(6) };
  const fijos = filas.filter((r) => r.tipo === 'Fijo').map((r) => r.valorMaximo);
  const rangos = filas.filter((r) => r.tipo === 'Rango');
  const partes = [
    ...rangos.map((r) =>
      q.factor === 'Cuota'
        ? `de $ ${r.valorMinimo} a $ ${r.valorMaximo} por unidad`
        : `de ${pct(r.valorMinimo)} a ${pct(r.valorMaximo)}`,
    ),
    ...(fijos.length ? [`uno de estos valores: ${fijos.map(pct).join(', ')}`] : []),
  ];
  return {
    ok: false,
    message: `El catálogo c_TasaOCuota del SAT admite para ${etiqueta} ${partes.join(' o ')}.`,
  };
}
