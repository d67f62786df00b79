import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { checkSat } from '../../test/check-sat.ts';
import { satTestCsd } from '../../test/fixtures.ts';
import { firmarComprobante } from '../sello/index.ts';
import { buildGlobal } from '../xml/build-global.ts';
import { validateComprobante } from '../validacion/validate-comprobante.ts';
import {
  periodoElegido,
  periodosDelMes,
  periodosSeTraslapan,
  periodicidadPorDia,
} from './periodo-elegido.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

describe('the period of a factura global (c_Periodicidad 01–05)', () => {
  it('a day, the week Monday–Sunday cut at the month, the fortnights, the month, the bimester', () => {
    expect(periodoElegido({ periodicidad: '01', year: 2026, month: 3, dia: '2026-03-03' })).toEqual(
      {
        inicio: '2026-03-03',
        fin: '2026-03-03',
        ig: { Periodicidad: '01', Meses: '03', Año: '2026' },
        nombre: 'Día 3 de marzo de 2026',
      },
    );
    // 2026-03-04 is a Wednesday: its week is Monday 2 to Sunday 8.
    expect(
      periodoElegido({ periodicidad: '02', year: 2026, month: 3, dia: '2026-03-04' }),
    ).toMatchObject({
      inicio: '2026-03-02',
      fin: '2026-03-08',
      ig: { Periodicidad: '02', Meses: '03' },
      nombre: 'Semana del 2 al 8 de marzo de 2026',
    });
    // Sunday 1 March: its week started in February, cut at the month's first day.
    expect(
      periodoElegido({ periodicidad: '02', year: 2026, month: 3, dia: '2026-03-01' }),
    ).toMatchObject({
      inicio: '2026-03-01',
      fin: '2026-03-01',
    });
    // Monday 30 March: the week is cut at the 31st.
    expect(
      periodoElegido({ periodicidad: '02', year: 2026, month: 3, dia: '2026-03-31' }),
    ).toMatchObject({
      inicio: '2026-03-30',
      fin: '2026-03-31',
    });
    expect(
      periodoElegido({ periodicidad: '03', year: 2024, month: 2, dia: '2024-02-16' }),
    ).toMatchObject({
      inicio: '2024-02-16',
      fin: '2024-02-29',
      nombre: 'Segunda quincena de febrero de 2024',
    });
    expect(
      periodoElegido({ periodicidad: '03', year: 2024, month: 2, dia: '2024-02-15' }),
    ).toMatchObject({
      inicio: '2024-02-01',
      fin: '2024-02-15',
      nombre: 'Primera quincena de febrero de 2024',
    });
    expect(periodoElegido({ periodicidad: '04', year: 2026, month: 3 })).toMatchObject({
      inicio: '2026-03-01',
      fin: '2026-03-31',
      nombre: 'Marzo 2026',
    });
    expect(periodoElegido({ periodicidad: '05', year: 2026, month: 4 })).toMatchObject({
      inicio: '2026-03-01',
      fin: '2026-04-30',
      ig: { Meses: '14' },
    });
  });

  it('no period without a valid day inside the month, or with an unknown periodicidad', () => {
    expect(periodoElegido({ periodicidad: '01', year: 2026, month: 3 })).toBeNull();
    expect(
      periodoElegido({ periodicidad: '02', year: 2026, month: 3, dia: '2026-04-01' }),
    ).toBeNull();
    expect(
      periodoElegido({ periodicidad: '03', year: 2026, month: 2, dia: '2026-02-30' }),
    ).toBeNull();
    expect(periodoElegido({ periodicidad: '06', year: 2026, month: 3 })).toBeNull();
    expect(periodicidadPorDia('02')).toBe(true);
    expect(periodicidadPorDia('04')).toBe(false);
  });

  it('the periods of a month cover it day by day without overlapping', () => {
    const semanas = periodosDelMes('02', 2026, 3);
    expect(semanas.map((p) => [p.inicio, p.fin])).toEqual([
      ['2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-15'],
      ['2026-03-16', '2026-03-22'],
      ['2026-03-23', '2026-03-29'],
      ['2026-03-30', '2026-03-31'],
    ]);
    expect(periodosDelMes('01', 2026, 2)).toHaveLength(28);
    expect(periodosDelMes('03', 2026, 2)).toHaveLength(2);
    expect(periodosDelMes('04', 2026, 2)).toHaveLength(1);
    const [a, b] = semanas;
    expect(periodosSeTraslapan(a!, b!)).toBe(false);
    expect(
      periodosSeTraslapan(b!, periodoElegido({ periodicidad: '04', year: 2026, month: 3 })!),
    ).toBe(true);
  });

  it('a global of each periodicity is SAT-valid: the XSD, the SAT cadena and the seal', () => {
    const emisores = {
      general: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
      rif: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '621' },
    };
    const casos = [
      { periodicidad: '01', dia: '2023-03-03', emisor: emisores.general },
      { periodicidad: '02', dia: '2023-03-08', emisor: emisores.general },
      { periodicidad: '03', dia: '2023-03-20', emisor: emisores.general },
      { periodicidad: '04', dia: null, emisor: emisores.general },
      { periodicidad: '05', dia: null, emisor: emisores.rif },
    ];
    for (const caso of casos) {
      const p = periodoElegido({
        periodicidad: caso.periodicidad,
        year: 2023,
        month: 3,
        dia: caso.dia,
      })!;
      const r = buildGlobal(
        {
          serie: 'G',
          folio: '1',
          formaPago: '01',
          moneda: 'MXN',
          lugarExpedicion: '42501',
          emisor: caso.emisor,
          periodicidad: p.ig.Periodicidad,
          meses: p.ig.Meses,
          año: p.ig.Año,
          tickets: [{ folioVenta: 'T-1', subtotal: '100.00', impuestos: [IVA16] }],
        },
        { fecha: '2023-05-02T10:00:00' },
      );
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.comprobante.InformacionGlobal).toEqual(p.ig);
      const c = { ...r.comprobante, NoCertificado: '30001000000400002434' };
      expect(validateComprobante(c, { catalogos }).map((e) => e.code)).toEqual([]);
      const xml = firmarComprobante(c, satTestCsd(caso.emisor.rfc)).xml;
      expect(xml).toContain(`Periodicidad="${caso.periodicidad}"`);
      expect(checkSat(xml).errors).toEqual([]);
    }
  });
});
