import { describe, expect, it } from 'vitest';
import { nombreMes, nombreMesCorto, variacion } from './meses.ts';

describe('Inicio month helpers', () => {
  it('names the months in Spanish', () => {
    expect(nombreMes('2026-11')).toBe('noviembre de 2026');
    expect(nombreMesCorto('2027-01')).toBe('ene 27');
  });

  it('says the change against the previous month, or nothing without one', () => {
    expect(variacion('1250.00', '1000.00')).toBe('+25 %');
    expect(variacion('900.00', '1000.00')).toBe('-10 %');
    expect(variacion('1000.00', '1000.00')).toBe('0 %');
    expect(variacion('500.00', '0.00')).toBeNull();
  });
});
