import { describe, expect, it } from 'vitest';
import {
  byTaxOrder,
  fractionToPercent,
  localTaxRate,
  percentToFraction,
  taxLabel,
} from './tax-format.ts';

describe('fractionToPercent', () => {
  it('shows the SAT fractions as percentages with up to 6 decimals', () => {
    expect(fractionToPercent('0.160000')).toBe('16');
    expect(fractionToPercent('0.080000')).toBe('8');
    expect(fractionToPercent('0.000000')).toBe('0');
    expect(fractionToPercent('0.106667')).toBe('10.6667');
    expect(fractionToPercent('0.012500')).toBe('1.25');
    expect(fractionToPercent('1.600000')).toBe('160');
    expect(fractionToPercent('0.123456789')).toBe('12.345678');
  });
});

describe('taxLabel', () => {
  it('names rates, quotas and exemptions', () => {
    expect(taxLabel({ tax_type: 'IVA', tipo_factor: 'Tasa', value: '0.160000' })).toBe('IVA 16%');
    expect(taxLabel({ tax_type: 'ISR', tipo_factor: 'Tasa', value: '0.012500' })).toBe('ISR 1.25%');
    expect(taxLabel({ tax_type: 'IVA', tipo_factor: 'Exento', value: null })).toBe('IVA Exento');
    expect(taxLabel({ tax_type: 'IEPS', tipo_factor: 'Cuota', value: '0.350000' })).toBe(
      'IEPS cuota $ 0.35',
    );
    expect(localTaxRate('3.50')).toBe('3.5%');
    expect(localTaxRate('5.00')).toBe('5%');
  });

  it('orders taxes IEPS, IVA, ISR', () => {
    const taxes = [{ tax_type: 'ISR' }, { tax_type: 'IVA' }, { tax_type: 'IEPS' }] as const;
    expect([...taxes].sort(byTaxOrder).map((t) => t.tax_type)).toEqual(['IEPS', 'IVA', 'ISR']);
  });

  it('turns a typed percentage into the SAT fraction without floating point', () => {
    expect(percentToFraction('10.6667')).toBe('0.106667');
    expect(percentToFraction('16')).toBe('0.16');
    expect(percentToFraction('1.25')).toBe('0.0125');
    expect(percentToFraction('160')).toBe('1.6');
    expect(percentToFraction('.5')).toBe('0.005');
    expect(percentToFraction('abc')).toBeNull();
    expect(percentToFraction('')).toBeNull();
  });
});
