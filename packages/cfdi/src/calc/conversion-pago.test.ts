import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equivalenciaDR, importePagadoDR, importePagoDeSaldo } from './conversion-pago.ts';

describe('a payment in pesos of an invoice in another currency', () => {
  const usd = { monedaP: 'MXN', monedaDR: 'USD', tipoCambio: '17.2345' };

  it('converts with EquivalenciaDR of 10 decimals', () => {
    expect(equivalenciaDR(usd)).toBe('0.0580231512');
    expect(importePagadoDR('1723.45', usd)).toBe('100.00');
    expect(equivalenciaDR({ ...usd, monedaP: 'USD' })).toBe('1');
    expect(importePagadoDR(100, { ...usd, monedaP: 'USD' })).toBe('100.00');
  });

  it('proposes the pesos that settle a balance exactly', () => {
    expect(importePagoDeSaldo('100.00', usd)).toBe('1723.45');
    expect(importePagoDeSaldo('1160.00', { ...usd, tipoCambio: '20.5' })).toBe('23780.00');
    expect(importePagoDeSaldo('100.00', { ...usd, monedaP: 'USD' })).toBe('100.00');
  });

  it('proposes nothing without a valid exchange rate', () => {
    expect(importePagoDeSaldo('100.00', { ...usd, tipoCambio: '' })).toBeNull();
    expect(importePagoDeSaldo('100.00', { ...usd, tipoCambio: '0' })).toBeNull();
    expect(importePagoDeSaldo('100.00', { ...usd, tipoCambio: 'abc' })).toBeNull();
  });

  it('never proposes more than the balance, and pays it whole whenever some amount can', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 40_000_000 }),
        fc.constantFrom('USD', 'EUR', 'JPY'),
        (centavos, tc6, monedaDR) => {
          const decimales = monedaDR === 'JPY' ? 0 : 2;
          const saldo = (centavos / 100).toFixed(decimales);
          const m = { monedaP: 'MXN', monedaDR, tipoCambio: (tc6 / 1_000_000).toFixed(6) };
          const propuesto = importePagoDeSaldo(saldo, m);
          expect(propuesto).not.toBeNull();
          const pagado = Number(importePagadoDR(propuesto!, m));
          expect(pagado).toBeLessThanOrEqual(Number(saldo));
          const siguiente = Number(importePagadoDR((Number(propuesto) + 0.01).toFixed(2), m));
          // One more cent would pay more than the balance, or the balance is already paid whole.
          expect(pagado === Number(saldo) || siguiente > Number(saldo)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
