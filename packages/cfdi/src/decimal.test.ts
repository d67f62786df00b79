import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalJsOraculo } from '../test/decimal-js.ts';
import { fijo, fijoComparar, fijoMas, fijoMenos, fijoPiso, fijoPor, fijoTexto } from './decimal.ts';

/** Decimal texts from 1 to 18 integer digits and 0 to 6 decimals, some negative. */
const texto = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[1-9][0-9]{0,17}$|^0$/),
    fc.stringMatching(/^[0-9]{0,6}$/),
  )
  .map(([neg, ent, frac]) => `${neg ? '-' : ''}${ent}${frac ? `.${frac}` : ''}`);

/** decimal.js writes a negative amount that rounds to zero as "-0.00"; the engine writes "0.00". */
const sinCeroNegativo = (t: string) => t.replace(/^-(0(?:\.0*)?)$/, '$1');

describe('exact amounts (Fijo): numbers while they fit, BigInt past 2^53', () => {
  it('sum, subtract, multiply, round and floor exactly as decimal.js at every size', () => {
    fc.assert(
      fc.property(texto, texto, fc.integer({ min: 0, max: 6 }), (a, b, d) => {
        const [x, y] = [fijo(a), fijo(b)];
        const [X, Y] = [new DecimalJsOraculo(a), new DecimalJsOraculo(b)];
        expect(fijoTexto(fijoMas(x, y), d)).toBe(sinCeroNegativo(X.plus(Y).toFixed(d)));
        expect(fijoTexto(fijoMenos(x, y), d)).toBe(sinCeroNegativo(X.minus(Y).toFixed(d)));
        expect(fijoTexto(fijoPor(x, y), d)).toBe(sinCeroNegativo(X.times(Y).toFixed(d)));
        expect(fijoTexto(fijoPiso(fijoPor(x, y), d), d)).toBe(
          sinCeroNegativo(X.times(Y).toDecimalPlaces(d, DecimalJsOraculo.ROUND_FLOOR).toFixed(d)),
        );
        expect(fijoComparar(x, y)).toBe(X.comparedTo(Y));
      }),
      { numRuns: 2000, seed: 16 },
    );
  });

  it('round half away from zero on both sides of 2^53', () => {
    expect(fijoTexto(fijo('9007199254740991.5'), 0)).toBe('9007199254740992');
    expect(fijoTexto(fijo('-9007199254740992.5'), 0)).toBe('-9007199254740993');
    expect(fijoTexto(fijo('-0.005'), 2)).toBe('-0.01');
    expect(fijoTexto(fijo('-0.004'), 2)).toBe('0.00');
    expect(fijoTexto(fijoPiso(fijo('-0.001'), 2), 2)).toBe('-0.01');
  });
});
