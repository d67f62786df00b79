import {
  calcularComprobante,
  localesPorConcepto,
  type ConceptoDraft,
  type LocalDeConcepto,
  type ErrorCalculo,
  type LineaImpuesto,
  type TotalesCalculados,
} from '@repo/cfdi/calc';
import { IMPUESTO, TIPO_FACTOR } from '@repo/cfdi/catalogos';
import { Decimal, decimal, formatear, isDecimalText, redondear } from '@repo/cfdi/decimal';
import type { ImpuestosPartida } from './impuestos-de-partida.ts';

/** One partida as the form holds it: what the user typed plus its taxes. */
export interface PartidaCalculo {
  cantidad: string;
  precioUnitario: string;
  /** Percent, 0 to 100; non-numeric counts as 0 (spec section 5). What the API stores. */
  descuento: string;
  impuestos: ImpuestosPartida;
}

/** A tax as the screen shows it. `importe` is null for an exempt transfer. */
export interface ImpuestoMostrado {
  etiqueta: string;
  base: string;
  importe: string | null;
}

export type CampoPartida = 'cantidad' | 'precioUnitario' | 'descuento' | 'impuestos';

export interface ErrorPartida {
  campo: CampoPartida;
  message: string;
}

export interface PartidaCalculada {
  /** Cantidad × precio unitario (the CFDI's Concepto/@Importe). */
  subtotal: string;
  descuentoMonto: string;
  /** Subtotal − descuento: the base of every tax of the line. */
  importeBase: string;
  traslados: ImpuestoMostrado[];
  retenciones: ImpuestoMostrado[];
  localesTrasladados: ImpuestoMostrado[];
  localesRetenidos: ImpuestoMostrado[];
  total: string;
}

export interface TotalesFactura {
  subtotal: string;
  descuento: string;
  traslados: ImpuestoMostrado[];
  retenciones: ImpuestoMostrado[];
  localesTrasladados: ImpuestoMostrado[];
  localesRetenidos: ImpuestoMostrado[];
  total: string;
}

export interface FacturaCalculada {
  /** One entry per partida: its amounts, or the errors that keep it out of the totals. */
  partidas: ({ ok: true; calculo: PartidaCalculada } | { ok: false; errores: ErrorPartida[] })[];
  /** The totals of the partidas that are complete; every amount is the one the XML will carry. */
  totales: TotalesFactura;
  /** True when every partida is complete and the document as a whole is valid. */
  completa: boolean;
  /** Errors of the document as a whole (e.g. withholdings above the amount). */
  errores: string[];
}

const NOMBRE_IMPUESTO: Record<string, string> = {
  [IMPUESTO.ISR]: 'ISR',
  [IMPUESTO.IVA]: 'IVA',
  [IMPUESTO.IEPS]: 'IEPS',
};

/** A SAT TasaOCuota ("0.106667") as a percent with up to 6 decimals ("10.6667%"), spec section 9. */
export function porcentajeDeTasa(tasa: string): string {
  const p = decimal(tasa).times(100).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return `${p.toFixed()}%`;
}

function etiqueta(l: LineaImpuesto, retenido: boolean): string {
  const nombre = NOMBRE_IMPUESTO[l.Impuesto] ?? l.Impuesto;
  const sufijo = retenido ? ' retenido' : '';
  if (l.TipoFactor === TIPO_FACTOR.EXENTO) return `${nombre} exento`;
  if (l.TipoFactor === TIPO_FACTOR.CUOTA) return `${nombre}${sufijo} cuota $${l.TasaOCuota ?? ''}`;
  return `${nombre}${sufijo} ${porcentajeDeTasa(l.TasaOCuota ?? '0')}`;
}

function mostrar(l: LineaImpuesto, retenido: boolean): ImpuestoMostrado {
  return { etiqueta: etiqueta(l, retenido), base: l.Base, importe: l.Importe ?? null };
}

function campoDe(field: string): CampoPartida {
  if (field.endsWith('.cantidad')) return 'cantidad';
  if (field.endsWith('.valorUnitario')) return 'precioUnitario';
  if (field.endsWith('.descuento')) return 'descuento';
  return 'impuestos';
}

/** The engine's draft of one partida. */
export function conceptoDePartida(p: PartidaCalculo): ConceptoDraft {
  // ObjetoImp 02 exactly when the line carries federal taxes (the engine's default).
  return {
    cantidad: p.cantidad,
    valorUnitario: p.precioUnitario,
    descuento: { tipo: 'porcentaje', valor: p.descuento },
    impuestos: p.impuestos.impuestos,
    impuestosLocales: p.impuestos.impuestosLocales,
  };
}

const CERO_TOTALES = (d: number): TotalesFactura => {
  const cero = formatear(new Decimal(0), d);
  return {
    subtotal: cero,
    descuento: cero,
    traslados: [],
    retenciones: [],
    localesTrasladados: [],
    localesRetenidos: [],
    total: cero,
  };
};

/**
 * Each partida's share of the document's local taxes, as the API's line detail shows it: the
 * engine's one spread (localesPorConcepto, largest remainder), so the lines add up to the document.
 */
function localesPorPartida(
  conceptos: readonly ConceptoDraft[],
  totales: TotalesCalculados,
): { trasladados: ImpuestoMostrado[]; retenidos: ImpuestoMostrado[] }[] {
  return localesPorConcepto(conceptos, totales.conceptos).map((locales) => {
    const comoMostrado = (l: LocalDeConcepto): ImpuestoMostrado => ({
      etiqueta: `${l.nombre} ${decimal(l.tasa).toFixed()}%`,
      base: l.base,
      importe: l.importe,
    });
    return {
      trasladados: locales.filter((l) => l.tipo === 'traslado').map(comoMostrado),
      retenidos: locales.filter((l) => l.tipo === 'retencion').map(comoMostrado),
    };
  });
}

function sumar(valores: readonly (string | null)[]): Decimal {
  return valores.reduce((a, v) => (v === null ? a : a.plus(decimal(v))), new Decimal(0));
}

/**
 * The live calculation of the invoice form, with the CFDI engine the server stamps with: each
 * partida's subtotal, discount, base, taxes and total, and the document's totals. A partida with
 * errors is left out of the totals and reports them on its fields.
 */
export function calcularFactura(input: {
  moneda: string;
  decimales?: number;
  partidas: readonly PartidaCalculo[];
}): FacturaCalculada {
  const base = {
    moneda: input.moneda,
    ...(input.decimales === undefined ? {} : { decimales: input.decimales }),
  };
  const conceptos = input.partidas.map(conceptoDePartida);
  const porPartida = conceptos.map((c) => calcularComprobante({ ...base, conceptos: [c] }));
  const d = porPartida.find((r) => r.ok)?.totales.decimales ?? 2;

  const validas = porPartida.flatMap((r, i) => (r.ok ? [i] : []));
  const errores: string[] = [];
  let totales = CERO_TOTALES(d);
  const calculadas = new Map<number, PartidaCalculada>();

  if (validas.length > 0) {
    const conjunto = calcularComprobante({ ...base, conceptos: validas.map((i) => conceptos[i]!) });
    if (!conjunto.ok) {
      errores.push(...conjunto.errores.map((e: ErrorCalculo) => e.message));
    } else {
      const t = conjunto.totales;
      const locales = localesPorPartida(
        validas.map((i) => conceptos[i]!),
        t,
      );
      t.conceptos.forEach((c, j) => {
        const i = validas[j]!;
        const traslados = c.Traslados.map((l) => mostrar(l, false));
        const retenciones = c.Retenciones.map((l) => mostrar(l, true));
        const descuento = c.Descuento ?? formatear(new Decimal(0), t.decimales);
        const total = decimal(c.BaseLocal)
          .plus(sumar(traslados.map((x) => x.importe)))
          .minus(sumar(retenciones.map((x) => x.importe)))
          .plus(sumar(locales[j]!.trasladados.map((x) => x.importe)))
          .minus(sumar(locales[j]!.retenidos.map((x) => x.importe)));
        calculadas.set(i, {
          subtotal: c.Importe,
          descuentoMonto: descuento,
          importeBase: c.BaseLocal,
          traslados,
          retenciones,
          localesTrasladados: locales[j]!.trasladados,
          localesRetenidos: locales[j]!.retenidos,
          total: formatear(total, t.decimales),
        });
      });
      const loc = t.ImpuestosLocales;
      totales = {
        subtotal: t.SubTotal,
        descuento: t.Descuento ?? formatear(new Decimal(0), t.decimales),
        traslados: (t.Impuestos?.Traslados ?? []).map((l) => mostrar(l, false)),
        retenciones: (t.Impuestos?.Retenciones ?? []).map((r) => ({
          etiqueta: `${NOMBRE_IMPUESTO[r.Impuesto] ?? r.Impuesto} retenido`,
          base: '',
          importe: r.Importe,
        })),
        localesTrasladados: (loc?.TrasladosLocales ?? []).map((l) => ({
          etiqueta: `${l.nombre} ${decimal(l.tasa).toFixed()}%`,
          base: l.base,
          importe: l.importe,
        })),
        localesRetenidos: (loc?.RetencionesLocales ?? []).map((l) => ({
          etiqueta: `${l.nombre} ${decimal(l.tasa).toFixed()}%`,
          base: l.base,
          importe: l.importe,
        })),
        total: t.Total,
      };
    }
  }

  const partidas = porPartida.map((r, i) => {
    const calculo = calculadas.get(i);
    if (calculo) return { ok: true as const, calculo };
    return {
      ok: false as const,
      errores: r.ok ? [] : r.errores.map((e) => ({ campo: campoDe(e.field), message: e.message })),
    };
  });
  return {
    partidas,
    totales,
    completa: errores.length === 0 && partidas.length > 0 && partidas.every((p) => p.ok),
    errores,
  };
}

export const DESCUENTO_MONTO_MESSAGE =
  'El descuento debe ser un importe mayor o igual a cero y no mayor que el importe del concepto.';

/**
 * The percent (up to 6 decimals) for a discount typed as an amount: the API keeps the percent, so
 * the amount shown afterwards is the one the engine derives from it, the one the XML carries.
 */
export function porcentajeDeMonto(input: {
  monto: string;
  cantidad: string;
  precioUnitario: string;
  decimales: number;
}): { ok: true; porcentaje: string } | { ok: false; message: string } {
  const monto = input.monto.trim().replace(/[$,\s]/g, '');
  if (monto === '') return { ok: true, porcentaje: '0' };
  if (!isDecimalText(monto) || monto.startsWith('-'))
    return { ok: false, message: DESCUENTO_MONTO_MESSAGE };
  if (!isDecimalText(input.cantidad) || !isDecimalText(input.precioUnitario))
    return { ok: false, message: 'Indique primero la cantidad y el precio unitario.' };
  const importe = redondear(
    decimal(input.cantidad).times(decimal(input.precioUnitario)),
    input.decimales,
  );
  if (importe.lte(0))
    return { ok: false, message: 'Indique primero la cantidad y el precio unitario.' };
  const m = decimal(monto);
  if (m.gt(importe)) return { ok: false, message: DESCUENTO_MONTO_MESSAGE };
  const p = m.times(100).dividedBy(importe).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return { ok: true, porcentaje: p.toFixed() };
}
