import { Exacto } from './exacto.ts';

/**
 * The only money arithmetic of the product (engine, API, SPA, sandbox PAC): exact decimals on a
 * scaled integer (exacto.ts) with decimal.js's method names and the SAT's commercial rounding, half
 * away from zero. Never a binary float, and no decimal library in the SPA's screens.
 */
export const Decimal = Exacto;
export type Decimal = Exacto;

/** Plain decimal text as the XSD accepts it: digits, optional point and digits, optional minus. */
const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text.trim());
}

export function decimal(value: string | Decimal | bigint): Decimal {
  if (typeof value === 'string') {
    const t = value.trim();
    if (!DECIMAL_TEXT.test(t)) throw new Error(`No es un número decimal válido: "${value}"`);
    return new Decimal(t);
  }
  if (typeof value === 'bigint') return new Decimal(value.toString());
  return value;
}

/** R_n: round half away from zero (same as half up for the non-negative amounts of a CFDI). */
export function redondear(x: Decimal, decimales: number): Decimal {
  return x.toDecimalPlaces(decimales, Decimal.ROUND_HALF_UP);
}

/** F_n: floor to n decimals. */
export function truncarAbajo(x: Decimal, decimales: number): Decimal {
  return x.toDecimalPlaces(decimales, Decimal.ROUND_FLOOR);
}

/** C_n: ceiling to n decimals. */
export function redondearArriba(x: Decimal, decimales: number): Decimal {
  return x.toDecimalPlaces(decimales, Decimal.ROUND_CEIL);
}

/** Text with exactly `decimales` digits after the point (none and no point when 0). */
export function formatear(x: Decimal, decimales: number): string {
  return x.toFixed(decimales, Decimal.ROUND_HALF_UP);
}

/** Decimal text with thousands separators, as a Mexican user reads money: "1234.50" → "1,234.50". */
export function conMiles(text: string): string {
  const [entero = '0', decimales] = text.split('.');
  return `${entero.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimales !== undefined ? `.${decimales}` : ''}`;
}

/** Number of digits written after the decimal point: "3" → 0, "3.000000" → 6. */
export function decimalesEscritos(text: string): number {
  const i = text.indexOf('.');
  return i < 0 ? 0 : text.length - i - 1;
}

/**
 * Normalises a user's number text for the XML: trims, drops a leading "+", leading zeros and a
 * trailing point, keeps the decimals the user wrote ("1.50" stays "1.50").
 */
const YA_NORMAL = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

export function normalizarTextoDecimal(text: string): string {
  if (YA_NORMAL.test(text)) return text;
  let t = text.trim();
  if (t.startsWith('+')) t = t.slice(1);
  if (t.startsWith('.')) t = `0${t}`;
  if (t.endsWith('.')) t = t.slice(0, -1);
  const [ent = '0', frac] = t.split('.');
  const entero = ent.replace(/^0+(?=\d)/, '');
  return frac === undefined ? entero : `${entero}.${frac}`;
}

/**
 * Exact decimal as a scaled integer (value = n / 10^s): the fast path of calc. Sums and products of
 * the ≤ 6-decimal texts of a CFDI are exact; rounding is half away from zero, as `redondear`.
 * `n` is a plain number while it is a safe integer (every amount of an ordinary invoice: no
 * allocation, no BigInt) and a bigint past 2^53; every operation checks and moves to BigInt when
 * an exact result would not fit, so both forms give the same values.
 */
export interface Fijo {
  n: number | bigint;
  s: number;
}

type Entero = number | bigint;

const MAX = Number.MAX_SAFE_INTEGER;
const MAX_BIG = BigInt(MAX);
const P10: bigint[] = Array.from({ length: 64 }, (_, i) => 10n ** BigInt(i));
/** 10^k as a bigint, for any k (a quotient of the engine's Decimal may carry 80 and more decimals). */
function p10(k: number): bigint {
  while (P10.length <= k) P10.push(P10[P10.length - 1]! * 10n);
  return P10[k]!;
}
/** 10^0 … 10^15, exact doubles. */
const P10N: number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);

function big(n: Entero): bigint {
  return typeof n === 'bigint' ? n : BigInt(n);
}

/** A bigint that fits back as a safe integer becomes a number again. */
function corto(n: bigint): Entero {
  return n >= -MAX_BIG && n <= MAX_BIG ? Number(n) : n;
}

/** A result of + − × on safe integers is exact iff it is itself safe (rounding is monotonic). */
function seguro(x: number): boolean {
  return x <= MAX && x >= -MAX;
}

function sumar(x: Entero, y: Entero): Entero {
  if (typeof x === 'number' && typeof y === 'number') {
    const r = x + y;
    if (seguro(r)) return r;
  }
  return corto(big(x) + big(y));
}

function restar(x: Entero, y: Entero): Entero {
  if (typeof x === 'number' && typeof y === 'number') {
    const r = x - y;
    if (seguro(r)) return r;
  }
  return corto(big(x) - big(y));
}

function multiplicar(x: Entero, y: Entero): Entero {
  if (typeof x === 'number' && typeof y === 'number') {
    const r = x * y;
    if (seguro(r)) return r;
  }
  return corto(big(x) * big(y));
}

/** Parses decimal text already checked with isDecimalText. */
export function fijo(text: string): Fijo {
  let t = text.trim();
  let neg = false;
  if (t[0] === '-') {
    neg = true;
    t = t.slice(1);
  } else if (t[0] === '+') t = t.slice(1);
  const i = t.indexOf('.');
  const ent = i < 0 ? t : t.slice(0, i);
  const frac = i < 0 ? '' : t.slice(i + 1);
  const digitos = `${ent === '' ? '0' : ent}${frac}`;
  // Up to 15 digits a number is exact; longer texts go through BigInt (and back when they fit).
  const n = digitos.length <= 15 ? Number(digitos) : corto(BigInt(digitos));
  return { n: neg ? restar(0, n) : n, s: frac.length };
}

export const FIJO_CERO: Fijo = { n: 0, s: 0 };

function escalar(a: Fijo, s: number): Entero {
  if (s === a.s) return a.n;
  const k = s - a.s;
  return k < 16 ? multiplicar(a.n, P10N[k]!) : corto(big(a.n) * p10(k));
}

export function fijoMas(a: Fijo, b: Fijo): Fijo {
  const s = Math.max(a.s, b.s);
  return { n: sumar(escalar(a, s), escalar(b, s)), s };
}

export function fijoMenos(a: Fijo, b: Fijo): Fijo {
  const s = Math.max(a.s, b.s);
  return { n: restar(escalar(a, s), escalar(b, s)), s };
}

export function fijoPor(a: Fijo, b: Fijo): Fijo {
  return { n: multiplicar(a.n, b.n), s: a.s + b.s };
}

/** a / 10^k, exact (percentages: × p / 100 is fijoPor then fijoEntre10(…, 2)). */
export function fijoEntre10(a: Fijo, k: number): Fijo {
  return { n: a.n, s: a.s + k };
}

export function fijoComparar(a: Fijo, b: Fijo): number {
  const s = Math.max(a.s, b.s);
  const x = escalar(a, s);
  const y = escalar(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** R_d, half away from zero. */
export function fijoRedondear(a: Fijo, d: number): Fijo {
  if (a.s <= d) return { n: escalar(a, d), s: d };
  const k = a.s - d;
  if (typeof a.n === 'number' && k < 16) {
    const q = P10N[k]!;
    const t = Math.abs(a.n) + q / 2;
    if (t <= MAX) {
      // t and t mod q are exact, so is their difference, a multiple of q: the quotient is exact.
      const r = (t - (t % q)) / q;
      return { n: a.n < 0 && r !== 0 ? -r : r, s: d };
    }
  }
  const q = p10(k);
  const n = big(a.n);
  const abs = n < 0n ? -n : n;
  const r = (abs + q / 2n) / q;
  return { n: corto(n < 0n ? -r : r), s: d };
}

/** F_d, floor. */
export function fijoPiso(a: Fijo, d: number): Fijo {
  if (a.s <= d) return { n: escalar(a, d), s: d };
  const k = a.s - d;
  if (typeof a.n === 'number' && k < 16) {
    const q = P10N[k]!;
    const resto = a.n % q;
    const r = (a.n - resto) / q;
    return { n: resto < 0 ? r - 1 : r === 0 ? 0 : r, s: d };
  }
  const q = p10(k);
  const n = big(a.n);
  return { n: corto(n >= 0n ? n / q : -((-n + q - 1n) / q)), s: d };
}

/** Text with exactly d decimals (rounding half away from zero when needed). */
export function fijoTexto(a: Fijo, d: number): string {
  const r = fijoRedondear(a, d);
  const neg = r.n < 0;
  let t = (neg ? -r.n : r.n).toString();
  if (d > 0) {
    t = t.padStart(d + 1, '0');
    t = `${t.slice(0, -d)}.${t.slice(-d)}`;
  }
  return neg ? `-${t}` : t;
}

/** The same exact value in the fast form of calc (no rounding: n / 10^s both ways). */
export function fijoDe(x: Decimal): Fijo {
  return { n: corto(x.n), s: x.s };
}

export function decimalDe(a: Fijo): Decimal {
  return new Decimal(big(a.n), a.s);
}
