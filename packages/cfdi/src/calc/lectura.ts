import { DECIMALES_MONEDA } from '../catalogos.ts';
import {
  decimalesEscritos,
  fijo,
  fijoTexto,
  isDecimalText,
  normalizarTextoDecimal,
  type Fijo,
} from '../decimal.ts';
import type { CalculoDraft, ErrorCalculo } from './types.ts';

/** How the engine reads the numbers a draft writes as text, with their Spanish errors. */

export const MAX_DECIMALES = 6;
const MAX_ENTEROS = 18;
export const POSITIVO_6 = { positivo: true, maxDecimales: MAX_DECIMALES };
export const CUALQUIERA_6 = { positivo: false, maxDecimales: MAX_DECIMALES };

interface NumeroLeido {
  texto: string;
  valor: Fijo;
  /** fijoTexto(valor, 6), once asked for. */
  seis?: string;
  decimales: number;
  enteros: number;
}

/**
 * Texts already read, by their trimmed text: tasas, cantidades and prices repeat from one concepto
 * and one invoice to the next, and reading one (two patterns, a BigInt) costs more than the lookup.
 * The values are never mutated (every Fijo operation answers a new one). Bounded: cleared when full.
 */
const LEIDOS = new Map<string, NumeroLeido | null>();
const MAX_LEIDOS = 4096;

function leerTexto(t: string): NumeroLeido | null {
  let p = LEIDOS.get(t);
  if (p !== undefined) return p;
  if (t === '' || !isDecimalText(t) || t.startsWith('-')) p = null;
  else {
    const texto = normalizarTextoDecimal(t);
    const punto = texto.indexOf('.');
    p = {
      texto,
      valor: fijo(texto),
      decimales: decimalesEscritos(texto),
      enteros: punto < 0 ? texto.length : punto,
    };
  }
  if (LEIDOS.size >= MAX_LEIDOS) LEIDOS.clear();
  LEIDOS.set(t, p);
  return p;
}

export function leerNumero(
  texto: string | undefined,
  field: string,
  etiqueta: string,
  errores: ErrorCalculo[],
  opciones: { positivo: boolean; maxDecimales: number },
): { texto: string; valor: Fijo } | undefined {
  const p = leerTexto((texto ?? '').trim());
  if (p === null) {
    errores.push({ field, message: `${etiqueta} debe ser un número mayor que cero.` });
    return undefined;
  }
  if (p.decimales > opciones.maxDecimales) {
    errores.push({
      field,
      message: `${etiqueta} admite como máximo ${opciones.maxDecimales} decimales.`,
    });
    return undefined;
  }
  if (p.enteros > MAX_ENTEROS) {
    errores.push({ field, message: `${etiqueta} admite como máximo ${MAX_ENTEROS} enteros.` });
    return undefined;
  }
  if (opciones.positivo && p.valor.n <= 0) {
    errores.push({ field, message: `${etiqueta} debe ser un número mayor que cero.` });
    return undefined;
  }
  return p;
}

export function decimalesDeMoneda(
  draft: CalculoDraft,
  errores: ErrorCalculo[],
): number | undefined {
  const d = draft.decimales ?? DECIMALES_MONEDA[draft.moneda];
  if (d === undefined || !Number.isInteger(d) || d < 0 || d > 6) {
    errores.push({
      field: 'moneda',
      message: `No se conocen los decimales de la moneda "${draft.moneda}".`,
    });
    return undefined;
  }
  return d;
}

/** TasaOCuota as written: six decimals (kept beside a text already read, tasas repeat). */
export function textoTasa(tasa: { valor: Fijo; seis?: string }): string {
  return (tasa.seis ??= fijoTexto(tasa.valor, MAX_DECIMALES));
}
