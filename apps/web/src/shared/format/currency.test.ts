import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency.ts';

describe('formatCurrency', () => {
  it('shows $ with thousands separators and 2 decimals', () => {
    expect(formatCurrency(1234.56)).toBe('$ 1,234.56');
    expect(formatCurrency(1234567.5)).toBe('$ 1,234,567.50');
    expect(formatCurrency(7)).toBe('$ 7.00');
  });

  it('shows zero, empty and unreadable values as $ 0.00', () => {
    expect(formatCurrency(0)).toBe('$ 0.00');
    expect(formatCurrency(-0)).toBe('$ 0.00');
    expect(formatCurrency(null)).toBe('$ 0.00');
    expect(formatCurrency(undefined)).toBe('$ 0.00');
    expect(formatCurrency('')).toBe('$ 0.00');
    expect(formatCurrency('abc')).toBe('$ 0.00');
    expect(formatCurrency(0.001)).toBe('$ 0.00');
  });

  it('reads the decimal strings the API sends', () => {
    expect(formatCurrency('1160.00')).toBe('$ 1,160.00');
    expect(formatCurrency('$ 2,500.4')).toBe('$ 2,500.40');
  });

  it('rounds half up to 2 decimals', () => {
    expect(formatCurrency(2.675)).toBe('$ 2.68');
    expect(formatCurrency(0.005)).toBe('$ 0.01');
  });

  it('puts the sign before the $ for negatives', () => {
    expect(formatCurrency(-1500)).toBe('-$ 1,500.00');
  });
});
