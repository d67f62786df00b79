/**
 * The product's decimal arithmetic (exported as `Decimal` by decimal.ts): the operations of
 * decimal.js the engine, the API and the SPA use (same names, same results), on a scaled BigInt
 * (value = n / 10^s) like the engine's amounts.
 * Sums, differences, products and roundings are exact, as with decimal.js at 80 digits for the
 * ≤ 18 + 6 digit amounts of a CFDI; a quotient keeps 80 significant digits rounded half up, as the
 * engine's decimal.js settings do. Never a binary float.
 */

type Operando = Exacto | string | number | { toFixed(): string };

const P10: bigint[] = [1n];
function p10(k: number): bigint {
  while (P10.length <= k) P10.push(P10[P10.length - 1]! * 10n);
  return P10[k]!;
}

const SIMPLE = /^\d+(?:\.\d+)?$/;
const TEXTO = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const PRECISION = 80;

function digitos(n: bigint): number {
  return (n < 0n ? -n : n).toString().length;
}

/** n / 10^k rounded to an integer by `modo` (the decimal.js rounding constants). */
function dividirPotencia(n: bigint, k: number, modo: number): bigint {
  if (k <= 0) return n * p10(-k);
  const q = p10(k);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  let r = abs / q;
  const resto = abs % q;
  if (resto !== 0n) {
    const lejos =
      modo === Exacto.ROUND_UP ||
      (modo === Exacto.ROUND_CEIL && !neg) ||
      (modo === Exacto.ROUND_FLOOR && neg) ||
      (modo === Exacto.ROUND_HALF_UP && resto * 2n >= q);
    if (lejos) r += 1n;
  }
  return neg ? -r : r;
}

/** 1/d = por / 10^corre for the divisors the rules use (2 in the half units, powers of ten). */
const DIVISORES_EXACTOS = new Map<bigint, { por: bigint; corre: number }>([
  [1n, { por: 1n, corre: 0 }],
  [2n, { por: 5n, corre: 1 }],
  [4n, { por: 25n, corre: 2 }],
  [5n, { por: 2n, corre: 1 }],
  [10n, { por: 1n, corre: 1 }],
  [100n, { por: 1n, corre: 2 }],
]);

export class Exacto {
  static readonly ROUND_UP = 0;
  static readonly ROUND_DOWN = 1;
  static readonly ROUND_CEIL = 2;
  static readonly ROUND_FLOOR = 3;
  static readonly ROUND_HALF_UP = 4;

  readonly n: bigint;
  readonly s: number;

  constructor(v: Operando | bigint, s?: number) {
    if (typeof v === 'bigint') {
      this.n = v;
      this.s = s ?? 0;
      return;
    }
    if (v instanceof Exacto) {
      this.n = v.n;
      this.s = v.s;
      return;
    }
    const t = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v.toFixed();
    if (SIMPLE.test(t)) {
      // The usual text (an attribute already checked as t_Importe): digits and at most one point.
      const punto = t.indexOf('.');
      this.n = BigInt(punto < 0 ? t : t.slice(0, punto) + t.slice(punto + 1));
      this.s = punto < 0 ? 0 : t.length - punto - 1;
      return;
    }
    const m = TEXTO.exec(t);
    if (!m || (m[2] === '' && (m[3] ?? '') === ''))
      throw new Error(`[DecimalError] Invalid argument: ${t}`);
    const frac = m[3] ?? '';
    let n = BigInt(`${m[2] || '0'}${frac}`);
    let escala = frac.length - Number(m[4] ?? 0);
    if (escala < 0) {
      n *= p10(-escala);
      escala = 0;
    }
    this.n = m[1] === '-' ? -n : n;
    this.s = escala;
  }

  private static de(v: Operando): Exacto {
    return v instanceof Exacto ? v : new Exacto(v);
  }

  private escalado(s: number): bigint {
    return s === this.s ? this.n : this.n * p10(s - this.s);
  }

  plus(v: Operando): Exacto {
    const o = Exacto.de(v);
    const s = Math.max(this.s, o.s);
    return new Exacto(this.escalado(s) + o.escalado(s), s);
  }

  minus(v: Operando): Exacto {
    const o = Exacto.de(v);
    const s = Math.max(this.s, o.s);
    return new Exacto(this.escalado(s) - o.escalado(s), s);
  }

  times(v: Operando): Exacto {
    const o = Exacto.de(v);
    return new Exacto(this.n * o.n, this.s + o.s);
  }

  /** 80 significant digits, half up (decimal.js with the engine's settings). */
  dividedBy(v: Operando): Exacto {
    const o = Exacto.de(v);
    if (o.n === 0n) throw new Error('[DecimalError] Division by zero');
    if (this.n === 0n) return new Exacto(0n, 0);
    // Dividing by 10^k, 2^k·10^j or 5^k·10^j is exact: a product and a shift of the point.
    const exacta = DIVISORES_EXACTOS.get(o.n < 0n ? -o.n : o.n);
    if (exacta) {
      const n = this.n * exacta.por;
      const escala = this.s - o.s + exacta.corre;
      const r = o.n < 0n ? -n : n;
      return escala < 0 ? new Exacto(r * p10(-escala), 0) : new Exacto(r, escala);
    }
    const neg = this.n < 0n !== o.n < 0n;
    const a = this.n < 0n ? -this.n : this.n;
    const b = o.n < 0n ? -o.n : o.n;
    // value = (a / b) · 10^(o.s − this.s); q = ⌊a · 10^k / b⌋ with at least 81 digits.
    const k = Math.max(0, PRECISION + 1 - (digitos(a) - digitos(b)));
    const num = a * p10(k);
    let q = num / b;
    const resto = num % b;
    const sobran = digitos(q) - PRECISION;
    let escala = k + this.s - o.s;
    if (sobran > 0) {
      const d = p10(sobran);
      const cola = q % d;
      q /= d;
      // Half up on the exact value: (cola + resto / b) ≥ d / 2.
      if ((cola * b + resto) * 2n >= d * b) q += 1n;
      escala -= sobran;
    }
    if (escala < 0) {
      q *= p10(-escala);
      escala = 0;
    }
    return new Exacto(neg ? -q : q, escala);
  }

  /** decimal.js's short names, so code written for it reads the same. */
  add(v: Operando): Exacto {
    return this.plus(v);
  }

  sub(v: Operando): Exacto {
    return this.minus(v);
  }

  mul(v: Operando): Exacto {
    return this.times(v);
  }

  div(v: Operando): Exacto {
    return this.dividedBy(v);
  }

  /** Integer powers (the rules use 10^−k). */
  pow(k: number): Exacto {
    if (this.n === 10n && this.s === 0 && Number.isInteger(k)) {
      return k < 0 ? new Exacto(1n, -k) : new Exacto(p10(k), 0);
    }
    let r = new Exacto(1n, 0);
    for (let i = 0; i < Math.abs(k); i++) r = r.times(this);
    return k < 0 ? new Exacto(1n, 0).dividedBy(r) : r;
  }

  comparedTo(v: Operando): number {
    const o = Exacto.de(v);
    const s = Math.max(this.s, o.s);
    const x = this.escalado(s);
    const y = o.escalado(s);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  equals(v: Operando): boolean {
    return this.comparedTo(v) === 0;
  }

  lessThan(v: Operando): boolean {
    return this.comparedTo(v) < 0;
  }

  lessThanOrEqualTo(v: Operando): boolean {
    return this.comparedTo(v) <= 0;
  }

  greaterThan(v: Operando): boolean {
    return this.comparedTo(v) > 0;
  }

  greaterThanOrEqualTo(v: Operando): boolean {
    return this.comparedTo(v) >= 0;
  }

  lt(v: Operando): boolean {
    return this.comparedTo(v) < 0;
  }

  lte(v: Operando): boolean {
    return this.comparedTo(v) <= 0;
  }

  gt(v: Operando): boolean {
    return this.comparedTo(v) > 0;
  }

  gte(v: Operando): boolean {
    return this.comparedTo(v) >= 0;
  }

  eq(v: Operando): boolean {
    return this.comparedTo(v) === 0;
  }

  static max(...vs: Operando[]): Exacto {
    return vs.map((v) => Exacto.de(v)).reduce((a, b) => (b.comparedTo(a) > 0 ? b : a));
  }

  static min(...vs: Operando[]): Exacto {
    return vs.map((v) => Exacto.de(v)).reduce((a, b) => (b.comparedTo(a) < 0 ? b : a));
  }

  isZero(): boolean {
    return this.n === 0n;
  }

  isNegative(): boolean {
    return this.n < 0n;
  }

  abs(): Exacto {
    return this.n < 0n ? new Exacto(-this.n, this.s) : this;
  }

  negated(): Exacto {
    return new Exacto(-this.n, this.s);
  }

  /** Significant decimals (trailing zeros do not count), as decimal.js. */
  decimalPlaces(): number {
    let n = this.n;
    let s = this.s;
    while (s > 0 && n % 10n === 0n) {
      n /= 10n;
      s--;
    }
    return s;
  }

  toDecimalPlaces(d: number, modo: number = Exacto.ROUND_HALF_UP): Exacto {
    if (this.s <= d) return this;
    return new Exacto(dividirPotencia(this.n, this.s - d, modo), d);
  }

  /** Normal notation: without `d`, every significant decimal and no trailing zero (as decimal.js). */
  toFixed(d?: number, modo: number = Exacto.ROUND_HALF_UP): string {
    let n: bigint;
    let s: number;
    if (d === undefined) {
      n = this.n;
      s = this.s;
      while (s > 0 && n % 10n === 0n) {
        n /= 10n;
        s--;
      }
    } else {
      n = this.s <= d ? this.escalado(d) : dividirPotencia(this.n, this.s - d, modo);
      s = d;
    }
    // decimal.js keeps the sign of a negative value that rounds to zero: (−0.1).toFixed(0) is "-0".
    const neg = d === undefined ? n < 0n : this.n < 0n;
    let t = (n < 0n ? -n : n).toString();
    if (s > 0) {
      t = t.padStart(s + 1, '0');
      t = `${t.slice(0, -s)}.${t.slice(-s)}`;
    }
    return neg ? `-${t}` : t;
  }

  toString(): string {
    return this.toFixed();
  }

  /** As decimal.js: the plain text in JSON and wherever a primitive is asked for. */
  toJSON(): string {
    return this.toFixed();
  }

  valueOf(): string {
    return this.toFixed();
  }
}
