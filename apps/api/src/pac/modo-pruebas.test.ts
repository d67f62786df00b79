import { describe, expect, it } from 'vitest';
import { pacDePruebas } from './modo-pruebas.ts';

describe('pacDePruebas', () => {
  it('the sandbox and SW test services stamp without validity; SW production does not', () => {
    expect(pacDePruebas({ PAC: 'sandbox', SW_URL: 'https://services.sw.com.mx' })).toBe(true);
    expect(pacDePruebas({ PAC: 'sw', SW_URL: 'https://services.test.sw.com.mx' })).toBe(true);
    expect(pacDePruebas({ PAC: 'sw', SW_URL: 'https://services.sw.com.mx' })).toBe(false);
    expect(pacDePruebas({ PAC: 'sw', SW_URL: 'https://services.sw.com.mx/' })).toBe(false);
  });
});
