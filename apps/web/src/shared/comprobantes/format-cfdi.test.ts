import { describe, expect, it } from 'vitest';
import {
  formatCantidadXml,
  formatFechaCfdi,
  formatImporteXml,
  formatTasa,
  formatTasaOCuota,
  nombreImpuesto,
  serieFolio,
} from './format-cfdi.ts';

describe('formatImporteXml', () => {
  it('shows the XML amount with $, separators and 2 decimals', () => {
    expect(formatImporteXml('1234.56')).toBe('$ 1,234.56');
    expect(formatImporteXml('1160')).toBe('$ 1,160.00');
    expect(formatImporteXml('1234567.5')).toBe('$ 1,234,567.50');
    expect(formatImporteXml('10.123456')).toBe('$ 10.12');
    expect(formatImporteXml('10.125')).toBe('$ 10.13');
    expect(formatImporteXml('999.995')).toBe('$ 1,000.00');
    expect(formatImporteXml('0.00')).toBe('$ 0.00');
  });

  it('never rounds through a float (half away from zero on the text)', () => {
    expect(formatImporteXml('90071992547409.99')).toBe('$ 90,071,992,547,409.99');
    expect(formatImporteXml('0.105')).toBe('$ 0.11');
    expect(formatImporteXml('-0.004')).toBe('$ 0.00');
    expect(formatImporteXml('-2.345')).toBe('-$ 2.35');
  });

  it('shows an absent or unreadable amount as $ 0.00', () => {
    expect(formatImporteXml(undefined)).toBe('$ 0.00');
    expect(formatImporteXml('abc')).toBe('$ 0.00');
    expect(formatImporteXml('-0.00')).toBe('$ 0.00');
    expect(formatImporteXml('-5.5')).toBe('-$ 5.50');
  });
});

describe('formatTasa', () => {
  it('turns a TasaOCuota into a percentage of up to 6 decimals', () => {
    expect(formatTasa('0.160000')).toBe('16%');
    expect(formatTasa('0.080000')).toBe('8%');
    expect(formatTasa('0.012500')).toBe('1.25%');
    expect(formatTasa('0.106667')).toBe('10.6667%');
    expect(formatTasa('0.000000')).toBe('0%');
    expect(formatTasa('1.600000')).toBe('160%');
    expect(formatTasa('0.0012345678')).toBe('0.123456%');
  });

  it('shows a quota per unit and an exempt tax as such', () => {
    expect(formatTasaOCuota('Tasa', '0.160000')).toBe('16%');
    expect(formatTasaOCuota('Cuota', '0.350000')).toBe('$ 0.350000 por unidad');
    expect(formatTasaOCuota('Exento', undefined)).toBe('Exento');
  });
});

describe('names and labels', () => {
  it('names the SAT taxes', () => {
    expect(nombreImpuesto('001')).toBe('ISR');
    expect(nombreImpuesto('002')).toBe('IVA');
    expect(nombreImpuesto('003')).toBe('IEPS');
  });

  it('joins serie and folio', () => {
    expect(serieFolio('A', 12)).toBe('A-12');
    expect(serieFolio('F', null)).toBe('F');
    expect(serieFolio('', '')).toBe('Sin folio');
  });

  it('groups quantities and writes CFDI dates day first', () => {
    expect(formatCantidadXml('1500.5')).toBe('1,500.5');
    expect(formatCantidadXml('2')).toBe('2');
    expect(formatFechaCfdi('2026-11-23T10:15:00')).toBe('23/11/2026 10:15:00');
    expect(formatFechaCfdi('2026-11-23')).toBe('23/11/2026');
  });
});
