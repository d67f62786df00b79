import { describe, expect, it } from 'vitest';
import { NOTA_FORM_INICIAL, cuerpoDeNota, impuestosDeNota } from './nota-form-model.ts';

const base = { ...NOTA_FORM_INICIAL, serie_id: '4' };

describe('the credit-note form', () => {
  it('sends a 10 % discount on the invoice (relation 01)', () => {
    expect(cuerpoDeNota({ ...base, valor: '10', motivo: ' Pronto pago ' }, 7, ['2'])).toEqual({
      ok: true,
      body: {
        serie_id: 4,
        facturas: [7],
        tipo: 'descuento',
        porcentaje: '10',
        motivo: 'Pronto pago',
      },
    });
  });

  it('sends an amount typed as currency before taxes', () => {
    const r = cuerpoDeNota({ ...base, modo: 'importe', valor: '$ 1,234.50' }, 7, ['2']);
    expect(r.ok && r.body.importe).toBe('1234.50');
  });

  it('refuses a percentage over 100, zero, or an amount of three decimals', () => {
    expect(cuerpoDeNota({ ...base, valor: '100.0001' }, 7, [])).toEqual({
      ok: false,
      errores: { valor: 'El porcentaje debe ser mayor a 0 y hasta 100, con hasta 4 decimales' },
    });
    expect(cuerpoDeNota({ ...base, valor: '0' }, 7, []).ok).toBe(false);
    expect(cuerpoDeNota({ ...base, modo: 'importe', valor: '1.005' }, 7, []).ok).toBe(false);
  });

  it('returns the chosen lines and quantities (relation 03), never more than invoiced', () => {
    const devolucion = { ...base, tipo: 'devolucion' as const };
    expect(cuerpoDeNota({ ...devolucion, devueltas: { 1: '1', 0: '' } }, 7, ['2', '3'])).toEqual({
      ok: true,
      body: {
        serie_id: 4,
        facturas: [7],
        tipo: 'devolucion',
        partidas: [{ factura_id: 7, linea: 1, cantidad: '1' }],
        motivo: null,
      },
    });
    expect(cuerpoDeNota({ ...devolucion, devueltas: { 0: '2.5' } }, 7, ['2'])).toEqual({
      ok: false,
      errores: { 'devueltas.0': 'No puede devolver más de la cantidad facturada' },
    });
    expect(cuerpoDeNota({ ...devolucion, devueltas: {} }, 7, ['2'])).toEqual({
      ok: false,
      errores: { partidas: 'Elija al menos un concepto devuelto' },
    });
  });
});

describe("the note's taxes on its detail", () => {
  it('are its Total less its SubTotal, to the cent', () => {
    expect(impuestosDeNota('100.00', '116.00')).toBe('16.00');
    expect(impuestosDeNota('0.10', '0.12')).toBe('0.02');
    expect(impuestosDeNota('1000', '1160')).toBe('160');
    expect(impuestosDeNota('100.00', '96.00')).toBe('-4.00');
  });
});
