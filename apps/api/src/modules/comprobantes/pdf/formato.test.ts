import { describe, expect, it } from 'vitest';
import { formatCantidad, formatFecha, formatMoney, formatTasa } from './formato.ts';

describe('formatos de la representación impresa', () => {
  it.each([
    ['0', '$ 0.00'],
    ['0.00', '$ 0.00'],
    ['1234.5', '$ 1,234.50'],
    ['1234567.89', '$ 1,234,567.89'],
    ['999.999999', '$ 999.999999'],
    ['100', '$ 100.00'],
  ])('money %s → %s', (v, s) => expect(formatMoney(v)).toBe(s));

  it.each([
    ['1', '1'],
    ['1.000000', '1'],
    ['2.50', '2.5'],
    ['12000', '12,000'],
  ])('cantidad %s → %s', (v, s) => expect(formatCantidad(v)).toBe(s));

  it.each([
    ['0.160000', '16%'],
    ['0.080000', '8%'],
    ['0.000000', '0%'],
    ['0.106667', '10.6667%'],
    ['0.012500', '1.25%'],
    ['1.600000', '160%'],
    ['0.03', '3%'],
  ])('tasa %s → %s', (v, s) => expect(formatTasa(v)).toBe(s));

  it('fecha in day/month/year as Mexican documents write it', () => {
    expect(formatFecha('2026-11-23T09:05:07')).toBe('23/11/2026 09:05:07');
  });
});
