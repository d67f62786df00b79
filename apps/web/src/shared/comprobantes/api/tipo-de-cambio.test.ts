import { describe, expect, it } from 'vitest';
import type { TipoCambioResponse } from '@repo/contracts/tipos-de-cambio';
import { ayudaTipoCambio } from './tipo-de-cambio.ts';

const usd: TipoCambioResponse = {
  moneda: 'USD',
  fecha: '2026-01-21',
  valor: '17.4520',
  fecha_publicacion: '2026-01-21',
  serie: 'SF43718',
  porcentaje_variacion: 5,
  vigente: true,
  dias_antiguedad: 0,
  limite_inferior: '16.5794',
  limite_superior: '18.3246',
};

describe('the help under an exchange-rate field', () => {
  it('gives the day’s FIX and the SAT’s band, dates as dd/mm/aaaa', () => {
    expect(ayudaTipoCambio(usd)).toEqual({
      texto: 'FIX de Banxico del 21/01/2026: 17.4520; el SAT admite de 16.5794 a 18.3246.',
      antigua: false,
    });
  });

  it('names a stale reference by its date and asks to verify the day’s rate', () => {
    const eur = {
      ...usd,
      moneda: 'EUR',
      fecha: '2026-11-24',
      valor: '20.4415',
      serie: 'SF46410',
      vigente: false,
      dias_antiguedad: 307,
    };
    expect(ayudaTipoCambio(eur)).toEqual({
      texto:
        'El tipo de cambio de referencia más reciente es del 21/01/2026 (tipo de cambio de Banxico: 20.4415); verifique el tipo de cambio del día.',
      antigua: true,
    });
  });

  it('says when there is no reference at all, and nothing while loading', () => {
    expect(ayudaTipoCambio(null).texto).toMatch(/^No hay tipo de cambio de referencia de Banxico/);
    expect(ayudaTipoCambio(undefined).texto).toBe('');
  });
});
