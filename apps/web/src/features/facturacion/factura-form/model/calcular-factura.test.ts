import { describe, expect, it } from 'vitest';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import {
  DESCUENTO_MONTO_MESSAGE,
  calcularFactura,
  porcentajeDeMonto,
  porcentajeDeTasa,
  type PartidaCalculo,
} from './calcular-factura.ts';
import { catalogoDeImpuestos, idsDeRubro, impuestosDePartida } from './impuestos-de-partida.ts';

const tax = (
  id: number,
  tax_type: 'IVA' | 'IEPS' | 'ISR',
  value: string | null,
  tipo_factor: 'Tasa' | 'Cuota' | 'Exento' = 'Tasa',
) => ({
  id,
  tax_type,
  value,
  tipo_factor,
  additional_description: '',
  status: true,
  selected: true,
});

function rubro(over: Partial<RubroImpuestoResponse> = {}): RubroImpuestoResponse {
  return {
    id: 1,
    name: 'IVA 16%',
    objeto_impuesto_key: '02',
    enterprise_id: 1,
    impuestos_trasladados: [tax(1, 'IVA', '0.160000')],
    impuestos_retenidos: [],
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
    ...over,
  };
}

/** A partida whose taxes are the ones its tax group selects, read back through their ids. */
const partida = (
  over: Partial<Omit<PartidaCalculo, 'impuestos'>> & { rubro?: RubroImpuestoResponse } = {},
): PartidaCalculo => {
  const { rubro: r = rubro(), ...rest } = over;
  const catalogo = catalogoDeImpuestos({ trasladados: [], retenidos: [], rubros: [r] });
  return {
    cantidad: '1',
    precioUnitario: '1000.00',
    descuento: '0',
    impuestos: impuestosDePartida(idsDeRubro(r), catalogo),
    ...rest,
  };
};

describe('calcularFactura', () => {
  it('computes two lines with a percent discount, IVA spread by largest remainder', () => {
    const r = calcularFactura({
      moneda: 'MXN',
      partidas: [
        partida({ cantidad: '2', precioUnitario: '1500.00', descuento: '10' }),
        partida({ cantidad: '3', precioUnitario: '333.33' }),
      ],
    });
    expect(r.completa).toBe(true);
    const [a, b] = r.partidas;
    expect(a).toMatchObject({
      ok: true,
      calculo: {
        subtotal: '3000.00',
        descuentoMonto: '300.00',
        importeBase: '2700.00',
        traslados: [{ etiqueta: 'IVA 16%', base: '2700.00', importe: '432.00' }],
        total: '3132.00',
      },
    });
    // Exact IVA 159.9984: alone it rounds to 160.00, and the group total is 592.00.
    expect(b).toMatchObject({
      ok: true,
      calculo: { subtotal: '999.99', importeBase: '999.99', total: '1159.99' },
    });
    expect(r.totales).toMatchObject({
      subtotal: '3999.99',
      descuento: '300.00',
      traslados: [{ etiqueta: 'IVA 16%', base: '3699.99', importe: '592.00' }],
      total: '4291.99',
    });
  });

  it('applies the spec percent rules: non-numeric counts as 0, below 0 and above 100 are refused', () => {
    const r = calcularFactura({
      moneda: 'MXN',
      partidas: [
        partida({ descuento: 'abc' }),
        partida({ descuento: '-5' }),
        partida({ descuento: '100.5' }),
      ],
    });
    expect(r.partidas[0]).toMatchObject({ ok: true, calculo: { descuentoMonto: '0.00' } });
    expect(r.partidas[1]).toEqual({
      ok: false,
      errores: [{ campo: 'descuento', message: 'El descuento no puede ser menor a 0%' }],
    });
    expect(r.partidas[2]).toEqual({
      ok: false,
      errores: [{ campo: 'descuento', message: 'El descuento no puede ser mayor a 100%' }],
    });
    // The lines in error stay out of the totals.
    expect(r.completa).toBe(false);
    expect(r.totales.total).toBe('1160.00');
  });

  it('turns a typed discount amount into the percent that gives back that amount', () => {
    const p = porcentajeDeMonto({
      monto: '150',
      cantidad: '1',
      precioUnitario: '999.99',
      decimales: 2,
    });
    expect(p).toEqual({ ok: true, porcentaje: '15.00015' });
    const r = calcularFactura({
      moneda: 'MXN',
      partidas: [partida({ precioUnitario: '999.99', descuento: '15.00015' })],
    });
    // cfdi40-rules 3.2: Base 849.99, IVA R2(135.9984) = 136.00, line total 985.99.
    expect(r.partidas[0]).toMatchObject({
      ok: true,
      calculo: { descuentoMonto: '150.00', importeBase: '849.99', total: '985.99' },
    });
    const refused = { ok: false, message: DESCUENTO_MONTO_MESSAGE };
    expect(
      porcentajeDeMonto({ monto: '1000', cantidad: '1', precioUnitario: '999.99', decimales: 2 }),
    ).toEqual(refused);
    expect(
      porcentajeDeMonto({ monto: '-1', cantidad: '1', precioUnitario: '999.99', decimales: 2 }),
    ).toEqual(refused);
  });

  it('subtracts withheld ISR and two thirds of IVA (RESICO to a persona moral)', () => {
    const resico = rubro({
      impuestos_retenidos: [tax(2, 'IVA', '0.106666'), tax(3, 'ISR', '0.012500')],
    });
    const r = calcularFactura({ moneda: 'MXN', partidas: [partida({ rubro: resico })] });
    expect(r.partidas[0]).toMatchObject({
      ok: true,
      calculo: {
        retenciones: [
          { etiqueta: 'IVA retenido 10.6666%', importe: '106.67' },
          { etiqueta: 'ISR retenido 1.25%', importe: '12.50' },
        ],
        total: '1040.83',
      },
    });
    expect(r.totales.retenciones).toEqual([
      { etiqueta: 'IVA retenido', base: '', importe: '106.67' },
      { etiqueta: 'ISR retenido', base: '', importe: '12.50' },
    ]);
    expect(r.totales.total).toBe('1040.83');
  });

  it('adds local taxes whose line shares sum to the document amount', () => {
    const local = rubro({
      impuestos_locales_trasladados: [
        { id: 'a', estado_key: 'CMX', impuesto: 'ISH', tasa: '3.00', selected: true },
      ],
    });
    const r = calcularFactura({
      moneda: 'MXN',
      partidas: [
        partida({ precioUnitario: '0.50', rubro: local }),
        partida({ precioUnitario: '0.50', rubro: local }),
      ],
    });
    // Exact 0.015 + 0.015 = 0.03: one line gets 0.02, the other 0.01.
    expect(r.totales.localesTrasladados).toEqual([
      { etiqueta: 'ISH 3%', base: '1.00', importe: '0.03' },
    ]);
    const shares = r.partidas.map((p) => (p.ok ? p.calculo.localesTrasladados[0]?.importe : null));
    expect(shares.sort()).toEqual(['0.01', '0.02']);
    const lineTotals = r.partidas.map((p) => (p.ok ? Number(p.calculo.total) : NaN));
    expect(lineTotals.reduce((x, y) => x + y, 0).toFixed(2)).toBe(r.totales.total);
  });

  it('reports an empty quantity on its field and keeps totals at zero', () => {
    const r = calcularFactura({ moneda: 'MXN', partidas: [partida({ cantidad: '' })] });
    expect(r.partidas[0]).toEqual({
      ok: false,
      errores: [{ campo: 'cantidad', message: 'La cantidad debe ser un número mayor que cero.' }],
    });
    expect(r.totales.total).toBe('0.00');
    expect(r.completa).toBe(false);
  });
});

describe('porcentajeDeTasa', () => {
  it('shows SAT rates as percents with up to 6 decimals', () => {
    expect(porcentajeDeTasa('0.160000')).toBe('16%');
    expect(porcentajeDeTasa('0.106666')).toBe('10.6666%');
    expect(porcentajeDeTasa('0.012500')).toBe('1.25%');
    expect(porcentajeDeTasa('0.265')).toBe('26.5%');
  });
});

describe('local taxes: the lines show the engine spread, as the API line detail (issue 25)', () => {
  const conLocal = (nombre: string): PartidaCalculo => ({
    cantidad: '1',
    precioUnitario: '0.10',
    descuento: '0',
    impuestos: {
      impuestos: [],
      impuestosLocales: [{ tipo: 'traslado', nombre, tasa: '3.5' }],
      desconocidos: 0,
    },
  });

  it('each line shares the tax its document states: a non-breaking space is another tax', () => {
    const r = calcularFactura({
      moneda: 'MXN',
      partidas: [conLocal('ISH\u00A0Hotel'), conLocal('ISH Hotel'), conLocal('ISH Hotel')],
    });
    expect(r.totales.localesTrasladados.map((l) => l.importe)).toEqual(['0.00', '0.01']);
    // The cent of "ISH Hotel" (R2(0.007)) belongs to its first line, not to the other tax's line.
    expect(
      r.partidas.map((p) => (p.ok ? p.calculo.localesTrasladados.map((l) => l.importe) : null)),
    ).toEqual([['0.00'], ['0.01'], ['0.00']]);
  });
});
