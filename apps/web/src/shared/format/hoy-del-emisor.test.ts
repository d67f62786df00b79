import { describe, expect, it } from 'vitest';
import { ahoraDelEmisor, diasAntes, hoyDelEmisor } from './hoy-del-emisor.ts';

describe('today where the issuer is', () => {
  // 00:30 UTC on 25 November is still the evening of the 24th everywhere in Mexico.
  const tardeEnMexico = new Date('2026-11-25T00:30:00Z');

  it('is the issuer zone’s date, not the browser’s or UTC’s', () => {
    expect(hoyDelEmisor('America/Mexico_City', tardeEnMexico)).toBe('2026-11-24');
    expect(ahoraDelEmisor('America/Mexico_City', tardeEnMexico)).toEqual({
      dia: '2026-11-24',
      hora: '18:30:00',
    });
    expect(ahoraDelEmisor('America/Tijuana', tardeEnMexico)).toEqual({
      dia: '2026-11-24',
      hora: '16:30:00',
    });
    expect(ahoraDelEmisor('America/Cancun', new Date('2026-11-25T05:10:00Z'))).toEqual({
      dia: '2026-11-25',
      hora: '00:10:00',
    });
  });

  it('falls back to Tiempo del Centro while the tax data are unknown', () => {
    expect(hoyDelEmisor(null, tardeEnMexico)).toBe('2026-11-24');
    expect(hoyDelEmisor('', new Date('2026-11-25T06:00:00Z'))).toBe('2026-11-25');
  });

  it('counts days back across a month end', () => {
    expect(diasAntes('2026-12-01', 2)).toBe('2026-11-29');
    expect(diasAntes('2027-03-01', 1)).toBe('2027-02-28');
  });
});
