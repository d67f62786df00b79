import type { TaxResponse } from '@repo/contracts/impuestos';

/**
 * A SAT TasaOCuota written as a fraction with 6 decimals ("0.160000") as a percentage with up to 6
 * decimals ("16"), by moving the decimal point: no floating point.
 */
export function fractionToPercent(value: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const digits = `${match[1]}${(match[2] ?? '').padEnd(2, '0')}`;
  const fraction = (match[2] ?? '').slice(2);
  const whole = digits.slice(0, match[1]!.length + 2).replace(/^0+(?=\d)/, '');
  const decimals = fraction.slice(0, 6).replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : whole;
}

/** Trailing zeros dropped from a decimal written as text ("0.350000" → "0.35"). */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** How a tax reads in the tax group form and the tax list: "IVA 16%", "IEPS cuota $ 0.35", "IVA Exento". */
export function taxLabel(tax: Pick<TaxResponse, 'tax_type' | 'tipo_factor' | 'value'>): string {
  if (tax.tipo_factor === 'Exento' || tax.value === null) return `${tax.tax_type} Exento`;
  if (tax.tipo_factor === 'Cuota') return `${tax.tax_type} cuota $ ${trimDecimal(tax.value)}`;
  return `${tax.tax_type} ${fractionToPercent(tax.value)}%`;
}

/** Local taxes come as a percentage already ("3.50" → "3.5%"). */
export function localTaxRate(tasa: string): string {
  return `${trimDecimal(tasa)}%`;
}

/** Spec section 9: taxes are ordered IEPS, then IVA, then ISR. */
export const TAX_ORDER = ['IEPS', 'IVA', 'ISR'] as const;

export function byTaxOrder<T extends Pick<TaxResponse, 'tax_type'>>(a: T, b: T): number {
  return TAX_ORDER.indexOf(a.tax_type) - TAX_ORDER.indexOf(b.tax_type);
}

/**
 * A percentage typed by the user ("10.6667") as the SAT fraction ("0.106667"), by moving the
 * decimal point: no floating point. Answers null for text that is not a non-negative number.
 */
export function percentToFraction(value: string): string | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (!match[1] && !match[2])) return null;
  const whole = (match[1] || '0').padStart(3, '0');
  const digits = `${whole}${match[2] ?? ''}`;
  const intPart = digits.slice(0, whole.length - 2).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(whole.length - 2).replace(/0+$/, '');
  return decimals ? `${intPart}.${decimals}` : intPart;
}
