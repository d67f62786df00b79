import { describe, expect, it } from 'vitest';
import { COMPROBANTE_TYPE_LABEL, ComprobanteType } from '../comprobantes.ts';
import { CARPETAS_ZIP } from '../exportacion-zip.ts';
import { SerieKind } from '../series.ts';
import { tipoDelComprobante } from './registro.ts';

// The three registered types give the API and the screens exactly the values they had written out.
describe('the registered document types', () => {
  it('are the comprobante types, with their names', () => {
    expect(ComprobanteType.options).toEqual([
      'factura_ingreso',
      'factura_global',
      'complemento_pago',
      'nota_credito',
    ]);
    expect(COMPROBANTE_TYPE_LABEL).toEqual({
      factura_ingreso: 'Factura',
      factura_global: 'Factura global',
      complemento_pago: 'Complemento de pago',
      nota_credito: 'Nota de crédito',
    });
    const r = ComprobanteType.safeParse('nota');
    expect(r.success ? '' : r.error.issues[0]!.message).toBe(
      'El tipo de comprobante debe ser factura_ingreso, factura_global, complemento_pago o nota_credito',
    );
  });

  it('give the serie kinds, in the order of the series screen', () => {
    expect(SerieKind.options).toEqual([
      'facturas-ingreso',
      'facturas-globales',
      'recepcion-pagos',
      'notas-credito',
    ]);
  });

  it("give each type's ZIP folder", () => {
    expect(CARPETAS_ZIP).toEqual({
      factura_ingreso: 'Facturas de ingreso',
      complemento_pago: 'Complementos de pago',
      factura_global: 'Facturas globales',
      nota_credito: 'Notas de crédito',
    });
  });

  it('tell the type of a stamped CFDI as the delivery did: P a payment, a global by its serie or InformacionGlobal', () => {
    const tipo = (tipoDeComprobante: string, serieKind: string | null, informacionGlobal = false) =>
      tipoDelComprobante({ tipoDeComprobante, serieKind, informacionGlobal }).clave;
    expect(tipo('P', 'recepcion-pagos')).toBe('complemento_pago');
    expect(tipo('P', null)).toBe('complemento_pago');
    expect(tipo('I', 'facturas-ingreso')).toBe('factura_ingreso');
    expect(tipo('I', null)).toBe('factura_ingreso');
    expect(tipo('I', 'facturas-globales')).toBe('factura_global');
    expect(tipo('I', 'facturas-ingreso', true)).toBe('factura_global');
    expect(tipo('I', null, true)).toBe('factura_global');
    expect(tipo('E', 'notas-credito')).toBe('nota_credito');
    expect(tipo('E', null)).toBe('nota_credito');
  });
});
