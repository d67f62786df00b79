import { describe, expect, it } from 'vitest';
import { fechaLocal, zonaHorariaDeHuso } from './fecha.ts';

describe('fechaLocal (run with TZ=UTC in CI; the result never depends on the process zone)', () => {
  const instante = new Date('2024-06-15T18:30:45.987Z');

  it('formats the wall-clock time of the postal code zone, no offset, no milliseconds', () => {
    expect(fechaLocal(instante, 'Tiempo del Centro')).toBe('2024-06-15T12:30:45');
    expect(fechaLocal(instante, 'Tiempo del Sureste')).toBe('2024-06-15T13:30:45');
    expect(fechaLocal(instante, 'Tiempo del Pacífico Sonora')).toBe('2024-06-15T11:30:45');
    // The northern border keeps daylight saving time.
    expect(fechaLocal(instante, 'Tiempo del Noroeste en Frontera')).toBe('2024-06-15T11:30:45');
    expect(fechaLocal(new Date('2024-01-15T18:30:45Z'), 'Tiempo del Noroeste en Frontera')).toBe(
      '2024-01-15T10:30:45',
    );
  });

  it('Mexico City no longer has summer time after 2022', () => {
    expect(fechaLocal(new Date('2021-06-15T17:00:00Z'), 'Tiempo del Centro')).toBe(
      '2021-06-15T12:00:00',
    );
    expect(fechaLocal(new Date('2023-06-15T17:00:00Z'), 'Tiempo del Centro')).toBe(
      '2023-06-15T11:00:00',
    );
  });

  it('midnight crossing and IANA zones directly', () => {
    expect(fechaLocal(new Date('2024-03-01T05:59:59Z'), 'America/Mexico_City')).toBe(
      '2024-02-29T23:59:59',
    );
    expect(fechaLocal(new Date('2024-03-01T06:00:00Z'), 'America/Mexico_City')).toBe(
      '2024-03-01T00:00:00',
    );
  });

  it('around a change of offset (Tijuana, March and November 2024) every second is that of the tz database', () => {
    const tzdb = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Tijuana',
      dateStyle: 'short',
      timeStyle: 'medium',
      hourCycle: 'h23',
    });
    for (const cambio of [Date.UTC(2024, 2, 10, 10), Date.UTC(2024, 10, 3, 9)]) {
      for (let t = cambio - 3_600_000; t <= cambio + 3_600_000; t += 7_001) {
        const d = new Date(t);
        expect(fechaLocal(d, 'America/Tijuana')).toBe(tzdb.format(d).replace(' ', 'T'));
      }
    }
    expect(fechaLocal(new Date('2024-03-10T09:59:59Z'), 'America/Tijuana')).toBe(
      '2024-03-10T01:59:59',
    );
    expect(fechaLocal(new Date('2024-03-10T10:00:00Z'), 'America/Tijuana')).toBe(
      '2024-03-10T03:00:00',
    );
  });

  it('instants of many slots and zones asked in any order read as the tz database, past the cache size', () => {
    const zonas = [
      'America/Mexico_City',
      'America/Tijuana',
      'America/Cancun',
      'America/Hermosillo',
      'America/Mazatlan',
      'America/Matamoros',
      'America/Chihuahua',
      'America/Ciudad_Juarez',
    ];
    const tzdb = new Map(
      zonas.map((timeZone) => [
        timeZone,
        new Intl.DateTimeFormat('sv-SE', {
          timeZone,
          dateStyle: 'short',
          timeStyle: 'medium',
          hourCycle: 'h23',
        }),
      ]),
    );
    // A fixed pseudo-random walk over 1990–2031: about 3,000 distinct 15-minute slots per zone,
    // alternating zones and far-apart instants as a stamp does (now, a date read as UTC, a window).
    let semilla = 20261125;
    const siguiente = () => (semilla = (semilla * 1103515245 + 12345) % 2147483648) / 2147483648;
    const desde = Date.UTC(1990, 0, 1);
    const hasta = Date.UTC(2031, 11, 31);
    for (let i = 0; i < 24_000; i++) {
      const d = new Date(desde + Math.floor(siguiente() * (hasta - desde)));
      const zona = zonas[i % zonas.length]!;
      expect(fechaLocal(d, zona)).toBe(tzdb.get(zona)!.format(d).replace(' ', 'T'));
    }
  });

  it('maps huso descriptions, defaulting to the centre', () => {
    expect(zonaHorariaDeHuso('Tiempo del Centro en Frontera')).toBe('America/Matamoros');
    expect(zonaHorariaDeHuso(undefined)).toBe('America/Mexico_City');
  });
});
