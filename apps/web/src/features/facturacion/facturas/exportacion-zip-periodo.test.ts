import { describe, expect, it } from 'vitest';
import { EXPORTACION_ZIP_MESSAGES as M, errorDePeriodo } from '@repo/contracts/exportacion-zip';
import { periodoInicial, tamanoLegible, textoProgreso } from './exportacion-zip-periodo.ts';

describe('periodoInicial', () => {
  // 00:30 UTC on 25 November: still the 24th in Mexico City, whatever the browser's zone.
  const hoy = new Date('2026-11-25T00:30:00Z');
  it("takes the list's date filters", () => {
    expect(periodoInicial({ from_date: '2026-10-01', to_date: '2026-10-31' }, hoy)).toEqual({
      from_date: '2026-10-01',
      to_date: '2026-10-31',
    });
  });
  it('without them, the current month so far', () => {
    expect(periodoInicial({ from_date: '', to_date: '' }, hoy)).toEqual({
      from_date: '2026-11-01',
      to_date: '2026-11-24',
    });
    expect(periodoInicial({ from_date: '2026-09-15', to_date: '' }, hoy).to_date).toBe(
      '2026-11-24',
    );
    // 1 December 02:00 UTC is 30 November in Mexico City: November, not a December of one day.
    expect(
      periodoInicial({ from_date: '', to_date: '' }, new Date('2026-12-01T02:00:00Z')),
    ).toEqual({
      from_date: '2026-11-01',
      to_date: '2026-11-30',
    });
  });
});

describe('errorDePeriodo (shared with the API)', () => {
  it('asks for both dates, real days, in order', () => {
    expect(errorDePeriodo('', '2026-11-30')).toBe(M.desdeRequerida);
    expect(errorDePeriodo('2026-11-01', '')).toBe(M.hastaRequerida);
    expect(errorDePeriodo('2026-02-29', '2026-03-01')).toBe(M.fechaInvalida('2026-02-29'));
    expect(errorDePeriodo('2028-02-29', '2028-03-01')).toBeNull();
    expect(errorDePeriodo('2026-11-30', '2026-11-01')).toBe(M.rangoInvertido);
    expect(errorDePeriodo('2026-11-01', '2026-11-01')).toBeNull();
  });
});

describe('textoProgreso and tamanoLegible', () => {
  it('say n of N documents and the size', () => {
    expect(textoProgreso({ hechos: 3, total: 1250 })).toBe('Preparando 3 de 1,250 documentos…');
    expect(textoProgreso({ hechos: 0, total: 1 })).toBe('Preparando 0 de 1 documento…');
    expect(tamanoLegible(300)).toBe('1 KB');
    expect(tamanoLegible(870_000)).toBe('850 KB');
    expect(tamanoLegible(13_002_342)).toBe('12.4 MB');
  });
});
