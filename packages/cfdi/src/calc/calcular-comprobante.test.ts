import { describe, expect, it } from 'vitest';
import { calcularComprobante } from './calcular-comprobante.ts';
import { repartirDescuento } from './largest-remainder.ts';
import type { ConceptoDraft, TotalesCalculados } from './types.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const ISR10 = {
  tipo: 'retencion',
  impuesto: '001',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.10',
} as const;
const IVA_RET = {
  tipo: 'retencion',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.106666',
} as const;

function ok(moneda: string, conceptos: ConceptoDraft[]): TotalesCalculados {
  const r = calcularComprobante({ moneda, conceptos });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.totales;
}

describe('worked examples of cfdi40-rules.md section 2', () => {
  it('A: honorarios with ISR and IVA retenidos', () => {
    const t = ok('MXN', [
      { cantidad: '1', valorUnitario: '10000.00', impuestos: [IVA16, ISR10, IVA_RET] },
    ]);
    expect(t.SubTotal).toBe('10000.00');
    expect(t.Impuestos).toEqual({
      Retenciones: [
        { Impuesto: '001', Importe: '1000.00' },
        { Impuesto: '002', Importe: '1066.66' },
      ],
      Traslados: [
        {
          Base: '10000.00',
          Impuesto: '002',
          TipoFactor: 'Tasa',
          TasaOCuota: '0.160000',
          Importe: '1600.00',
        },
      ],
      TotalImpuestosRetenidos: '2066.66',
      TotalImpuestosTrasladados: '1600.00',
    });
    expect(t.Total).toBe('9533.34');
  });

  it('A, RESICO variant: ISR 1.25 %', () => {
    const t = ok('MXN', [
      {
        cantidad: '1',
        valorUnitario: '10000.00',
        impuestos: [IVA16, { ...ISR10, tasaOCuota: '0.0125' }, IVA_RET],
      },
    ]);
    expect(t.Total).toBe('10408.34');
  });

  it('B: three equal lines get 1.61, 1.60, 1.60 and the summary 4.81 (largest remainder)', () => {
    const c = { cantidad: '1', valorUnitario: '10.03', impuestos: [IVA16] };
    const t = ok('MXN', [c, c, c]);
    expect(t.conceptos.map((x) => x.Traslados[0]!.Importe)).toEqual(['1.61', '1.60', '1.60']);
    expect(t.Impuestos!.Traslados[0]!.Importe).toBe('4.81');
    expect(t.Total).toBe('34.90');
  });

  it('B with per-line rounding: 1.60 × 3, summary 4.80, Total 34.89 (also valid)', () => {
    const c = { cantidad: '1', valorUnitario: '10.03', impuestos: [IVA16] };
    const r = calcularComprobante({ moneda: 'MXN', conceptos: [c, c, c], redondeo: 'porLinea' });
    expect(r.ok && r.totales.Impuestos!.Traslados[0]!.Importe).toBe('4.80');
    expect(r.ok && r.totales.Total).toBe('34.89');
  });

  it('C: price that includes IVA backed out with 6 decimals gives 300.00', () => {
    const t = ok('MXN', [{ cantidad: '3', valorUnitario: '86.206897', impuestos: [IVA16] }]);
    expect(t.conceptos[0]!.Importe).toBe('258.62');
    expect(t.Total).toBe('300.00');
  });

  it('D: SubTotal is the sum of the Importe as written (1.02, not 1.01)', () => {
    const c = { cantidad: '1', valorUnitario: '0.335' };
    const t = ok('MXN', [c, c, c]);
    expect(t.conceptos.map((x) => x.Importe)).toEqual(['0.34', '0.34', '0.34']);
    expect(t.SubTotal).toBe('1.02');
  });

  it('E: JPY has no decimals', () => {
    const t = ok('JPY', [{ cantidad: '3', valorUnitario: '333.333333', impuestos: [IVA16] }]);
    expect(t.conceptos[0]!.Importe).toBe('1000');
    expect(t.Impuestos!.Traslados[0]).toMatchObject({ Base: '1000', Importe: '160' });
    expect(t.SubTotal).toBe('1000');
    expect(t.Total).toBe('1160');
  });

  it('2.4: IEPS cuota takes units as base (50 × 0.352100 = 17.61)', () => {
    const t = ok('MXN', [
      {
        cantidad: '50',
        valorUnitario: '20',
        impuestos: [
          { tipo: 'traslado', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '0.3521' },
        ],
      },
    ]);
    expect(t.conceptos[0]!.Traslados[0]).toEqual({
      Base: '50',
      Impuesto: '003',
      TipoFactor: 'Cuota',
      TasaOCuota: '0.352100',
      Importe: '17.61',
    });
  });

  it('exento: Base only, no TasaOCuota/Importe, no TotalImpuestosTrasladados', () => {
    const t = ok('MXN', [
      {
        cantidad: '2',
        valorUnitario: '50',
        impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' }],
      },
    ]);
    expect(t.Impuestos).toEqual({
      Retenciones: [],
      Traslados: [{ Base: '100.00', Impuesto: '002', TipoFactor: 'Exento' }],
    });
    expect(t.Total).toBe('100.00');
  });

  it('IVA at 0 % still writes TotalImpuestosTrasladados 0.00', () => {
    const t = ok('MXN', [
      { cantidad: '1', valorUnitario: '10', impuestos: [{ ...IVA16, tasaOCuota: '0' }] },
    ]);
    expect(t.Impuestos!.TotalImpuestosTrasladados).toBe('0.00');
  });

  it('IVA over IEPS: the IVA base includes the IEPS of the concepto', () => {
    const t = ok('MXN', [
      {
        cantidad: '1',
        valorUnitario: '100',
        ivaSobreIeps: true,
        impuestos: [
          IVA16,
          { tipo: 'traslado', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.265' },
        ],
      },
    ]);
    expect(t.conceptos[0]!.Traslados).toEqual([
      {
        Base: '126.50',
        Impuesto: '002',
        TipoFactor: 'Tasa',
        TasaOCuota: '0.160000',
        Importe: '20.24',
      },
      {
        Base: '100.00',
        Impuesto: '003',
        TipoFactor: 'Tasa',
        TasaOCuota: '0.265000',
        Importe: '26.50',
      },
    ]);
    expect(t.Total).toBe('146.74');
  });

  it('2.4.1: IEPS is in the IVA base by default (51.72 + IEPS 8 % 4.14 → IVA 8.94, not 8.28)', () => {
    const t = ok('MXN', [
      {
        cantidad: '1',
        valorUnitario: '51.72',
        impuestos: [
          IVA16,
          { tipo: 'traslado', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.08' },
        ],
      },
    ]);
    const iva = t.conceptos[0]!.Traslados.find((l) => l.Impuesto === '002');
    expect(iva).toMatchObject({ Base: '55.86', Importe: '8.94' });
    expect(t.Total).toBe('64.80');
    // IEPS cuota also enters the base: 10 litres × 6.4555 = 64.56 on a price of 100.00.
    const c = ok('MXN', [
      {
        cantidad: '10',
        valorUnitario: '10',
        impuestos: [
          IVA16,
          { tipo: 'traslado', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '6.4555' },
        ],
      },
    ]);
    expect(c.conceptos[0]!.Traslados.find((l) => l.Impuesto === '002')).toMatchObject({
      Base: '164.56',
      Importe: '26.33',
    });
    // The old computation is still reachable explicitly (documents computed before the change).
    const viejo = ok('MXN', [
      {
        cantidad: '1',
        valorUnitario: '51.72',
        ivaSobreIeps: false,
        impuestos: [
          IVA16,
          { tipo: 'traslado', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.08' },
        ],
      },
    ]);
    expect(viejo.conceptos[0]!.Traslados.find((l) => l.Impuesto === '002')?.Importe).toBe('8.28');
  });
});

describe('discounts (section 3)', () => {
  it('3.2: 15 % of 999.99 is 150.00; base 849.99; IVA 136.00', () => {
    const t = ok('MXN', [
      {
        cantidad: '1',
        valorUnitario: '999.99',
        descuento: { tipo: 'porcentaje', valor: '15' },
        impuestos: [IVA16],
      },
    ]);
    expect(t.conceptos[0]).toMatchObject({ Importe: '999.99', Descuento: '150.00' });
    expect(t.conceptos[0]!.Traslados[0]).toMatchObject({ Base: '849.99', Importe: '136.00' });
    expect(t.Descuento).toBe('150.00');
    expect(t.Total).toBe('985.99');
  });

  it('3.3: an invoice discount of 100.00 spreads as 50.00, 33.33, 16.67', () => {
    expect(repartirDescuento(['300.00', '200.00', '100.01'], '100.00', 2)).toEqual([
      '50.00',
      '33.33',
      '16.67',
    ]);
  });

  it('a zero discount writes no Descuento', () => {
    const t = ok('MXN', [
      { cantidad: '1', valorUnitario: '10', descuento: { tipo: 'porcentaje', valor: '0' } },
    ]);
    expect(t.Descuento).toBeUndefined();
    expect(t.conceptos[0]!.Descuento).toBeUndefined();
  });

  it('spec §5 messages for percentages out of range; non-numeric counts as 0', () => {
    const r1 = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        { cantidad: '1', valorUnitario: '1', descuento: { tipo: 'porcentaje', valor: '-1' } },
      ],
    });
    const r2 = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        { cantidad: '1', valorUnitario: '1', descuento: { tipo: 'porcentaje', valor: '101' } },
      ],
    });
    const r3 = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        { cantidad: '1', valorUnitario: '1', descuento: { tipo: 'porcentaje', valor: 'abc' } },
      ],
    });
    expect(r1).toEqual({
      ok: false,
      errores: [
        { field: 'conceptos[0].descuento', message: 'El descuento no puede ser menor a 0%' },
      ],
    });
    expect(r2).toEqual({
      ok: false,
      errores: [
        { field: 'conceptos[0].descuento', message: 'El descuento no puede ser mayor a 100%' },
      ],
    });
    expect(r3.ok && r3.totales.Total).toBe('1.00');
  });

  it('3.4: a 65 % discount that rounds to the whole amount says what happened', () => {
    const r = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        {
          cantidad: '1',
          valorUnitario: '0.01',
          descuento: { tipo: 'porcentaje', valor: '65' },
          impuestos: [IVA16],
        },
      ],
    });
    expect(r).toEqual({
      ok: false,
      errores: [
        {
          field: 'conceptos[0].descuento',
          message:
            'El descuento del 65% sobre un importe de $ 0.01 se redondea a $ 0.01, todo el importe del concepto (el SAT usa 2 decimales en esta moneda): la base de sus impuestos sería cero. Reduzca el descuento o quite los impuestos del concepto.',
        },
      ],
    });
  });

  it('3.4: a 100 % discount on an ObjetoImp 02 line is refused', () => {
    const r = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        {
          cantidad: '1',
          valorUnitario: '10',
          descuento: { tipo: 'porcentaje', valor: '100' },
          impuestos: [IVA16],
        },
      ],
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errores[0]!.field).toBe('conceptos[0].descuento');
  });
});

describe('input checks (2.9 step 1)', () => {
  it('refuses more than 6 decimals, zero and non-numbers, with the field', () => {
    const r = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        { cantidad: '1.1234567', valorUnitario: '1' },
        { cantidad: '0', valorUnitario: '1' },
        { cantidad: '1', valorUnitario: 'abc' },
      ],
    });
    expect(!r.ok && r.errores.map((e) => e.field)).toEqual([
      'conceptos[0].cantidad',
      'conceptos[1].cantidad',
      'conceptos[2].valorUnitario',
    ]);
  });

  it('refuses a withholding marked Exento and ObjetoImp 02 without taxes', () => {
    const r = calcularComprobante({
      moneda: 'MXN',
      conceptos: [
        {
          cantidad: '1',
          valorUnitario: '1',
          impuestos: [{ tipo: 'retencion', impuesto: '001', tipoFactor: 'Exento' }],
        },
        { cantidad: '1', valorUnitario: '1', objetoImp: '02' },
      ],
    });
    expect(!r.ok && r.errores.map((e) => e.field)).toEqual([
      'conceptos[0].impuestos[0]',
      'conceptos[1].impuestos',
    ]);
  });

  it('never uses binary floats: 0.1 × 3 is 0.30', () => {
    expect(ok('MXN', [{ cantidad: '3', valorUnitario: '0.1' }]).SubTotal).toBe('0.30');
    expect(ok('MXN', [{ cantidad: '1', valorUnitario: '1.005' }]).SubTotal).toBe('1.01');
  });
});

describe('local taxes (section 4)', () => {
  it('hotel: 2 × 500.00 + IVA 160.00 + ISH 3.5 % = 1195.00', () => {
    const t = ok('MXN', [
      {
        cantidad: '2',
        valorUnitario: '500.00',
        impuestos: [IVA16],
        impuestosLocales: [{ tipo: 'traslado', nombre: 'ISH', tasa: '3.5' }],
      },
    ]);
    expect(t.ImpuestosLocales).toEqual({
      RetencionesLocales: [],
      TrasladosLocales: [{ nombre: 'ISH', tasa: '3.50', base: '1000.00', importe: '35.00' }],
      TotaldeRetenciones: '0.00',
      TotaldeTraslados: '35.00',
    });
    expect(t.Total).toBe('1195.00');
  });

  it('5 al millar withheld on 100,000.00 is 500.00 and is subtracted', () => {
    const t = ok('MXN', [
      {
        cantidad: '1',
        valorUnitario: '100000',
        impuestosLocales: [{ tipo: 'retencion', nombre: '5 al millar', tasa: '0.50' }],
      },
    ]);
    expect(t.ImpuestosLocales!.TotaldeRetenciones).toBe('500.00');
    expect(t.Total).toBe('99500.00');
  });

  it('refuses local taxes in a currency without 2 decimals', () => {
    const r = calcularComprobante({
      moneda: 'JPY',
      conceptos: [
        {
          cantidad: '1',
          valorUnitario: '100',
          impuestosLocales: [{ tipo: 'traslado', nombre: 'ISH', tasa: '3' }],
        },
      ],
    });
    expect(r.ok).toBe(false);
  });
});
