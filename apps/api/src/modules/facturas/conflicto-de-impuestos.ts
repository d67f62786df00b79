import type { ImpuestoFederal } from './factura-builder.ts';

export const IMPUESTOS_REPETIDOS =
  'Un concepto no puede llevar el mismo impuesto dos veces (por ejemplo IVA al 16% e IVA al 8%): deje solo uno de cada tipo.';
export const IMPUESTO_EXENTO_CON_OTROS =
  'Un impuesto exento no puede combinarse con otra tasa o cuota del mismo impuesto en un concepto.';

/**
 * The taxes of one concepto make sense together: one transferred rate per impuesto and factor (IEPS
 * may carry a Tasa and a Cuota together, as tobacco does), Exento alone for its impuesto, one
 * withholding per impuesto. The SAT's validation lets a concepto carry IVA 16% and IVA 8% at once;
 * no real sale does, so we refuse it before the user pays for a stamp. Answers the list at fault and
 * the message, or null.
 */
export function conflictoDeImpuestos(
  impuestos: readonly ImpuestoFederal[],
): { campo: 'impuestos_trasladados' | 'impuestos_retenidos'; mensaje: string } | null {
  for (const tipo of ['trasladado', 'retenido'] as const) {
    const porImpuesto = new Map<string, string[]>();
    for (const i of impuestos.filter((x) => x.tipo === tipo)) {
      porImpuesto.set(i.tax_type, [...(porImpuesto.get(i.tax_type) ?? []), i.tipo_factor]);
    }
    const campo = tipo === 'trasladado' ? 'impuestos_trasladados' : 'impuestos_retenidos';
    for (const factores of porImpuesto.values()) {
      if (factores.length < 2) continue;
      if (factores.includes('Exento')) return { campo, mensaje: IMPUESTO_EXENTO_CON_OTROS };
      if (tipo === 'retenido' || new Set(factores).size < factores.length) {
        return { campo, mensaje: IMPUESTOS_REPETIDOS };
      }
    }
  }
  return null;
}
