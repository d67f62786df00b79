import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalJsOraculo as Decimal } from '../test/decimal-js.ts';
import { Exacto } from './exacto.ts';

/** Texts as the rules read them: up to 18 integer digits and 10 decimals, some negative. */
const texto = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[1-9][0-9]{0,17}$|^0$/),
    fc.stringMatching(/^[0-9]{0,10}$/),
  )
  .map(([neg, ent, frac]) => `${neg ? '-' : ''}${ent}${frac ? `.${frac}` : ''}`);

const MODOS = [
  Decimal.ROUND_UP,
  Decimal.ROUND_DOWN,
  Decimal.ROUND_CEIL,
  Decimal.ROUND_FLOOR,
  Decimal.ROUND_HALF_UP,
] as const;

describe('Exacto: the validation arithmetic gives what decimal.js gave', () => {
  it('in sums, products, quotients, roundings, comparisons and texts', () => {
    fc.assert(
      fc.property(
        texto,
        texto,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(...MODOS),
        (a, b, d, modo) => {
          const [x, y] = [new Exacto(a), new Exacto(b)];
          const [X, Y] = [new Decimal(a), new Decimal(b)];
          expect(x.plus(y).toFixed()).toBe(X.plus(Y).toFixed());
          expect(x.minus(y).toFixed()).toBe(X.minus(Y).toFixed());
          expect(x.times(y).toFixed()).toBe(X.times(Y).toFixed());
          if (!Y.isZero()) expect(x.dividedBy(y).toFixed()).toBe(X.dividedBy(Y).toFixed());
          for (const div of ['2', '0.5', '-4', '5', '0.01', '100', '10']) {
            expect(x.dividedBy(div).toFixed()).toBe(X.dividedBy(div).toFixed());
          }
          expect(new Exacto(10).pow(-d).toFixed()).toBe(new Decimal(10).pow(-d).toFixed());
          expect(new Exacto(10).pow(d).toFixed()).toBe(new Decimal(10).pow(d).toFixed());
          expect(x.times(y).toDecimalPlaces(d, modo).toFixed()).toBe(
            X.times(Y).toDecimalPlaces(d, modo).toFixed(),
          );
          expect(x.toFixed(d)).toBe(X.toFixed(d));
          expect(x.comparedTo(y)).toBe(X.comparedTo(Y));
          expect(x.equals(y)).toBe(X.equals(Y));
          expect(x.isZero()).toBe(X.isZero());
        },
      ),
      { numRuns: 3000, seed: 16 },
    );
  });

  it('reads what the rules write: exponents, numbers and half units', () => {
    expect(new Exacto('1e-12').toFixed()).toBe('0.000000000001');
    expect(new Exacto(10).pow(-3).dividedBy(2).toFixed()).toBe('0.0005');
    expect(new Exacto('1').dividedBy('3').toFixed()).toBe(new Decimal(1).dividedBy(3).toFixed());
    expect(new Exacto('2').dividedBy('3').toFixed()).toBe(new Decimal(2).dividedBy(3).toFixed());
    expect(new Exacto('17.5').plus(new Decimal('0.25')).toFixed()).toBe('17.75');
    expect(() => new Exacto('abc')).toThrow();
  });
});
