import { describe, expect, it } from 'vitest';
import {
  CancelarFacturaRequest,
  DESCUENTO_MAYOR_MESSAGE,
  DESCUENTO_MENOR_MESSAGE,
  FacturaDraftRequest,
  PartidaRequest,
  facturaViewStatus,
} from './facturas.ts';

const linea = { product_service_id: 1, cantidad: '1', precio_unitario: '100' };

function descuento(value: unknown) {
  const r = PartidaRequest.safeParse({ ...linea, descuento: value });
  return r.success ? r.data.descuento : r.error.issues.map((i) => i.message);
}

describe('discount percent (spec section 5)', () => {
  it('goes from 0 to 100 with the two messages of the spec', () => {
    expect(descuento('-0.5')).toEqual([DESCUENTO_MENOR_MESSAGE]);
    expect(descuento(100.01)).toEqual([DESCUENTO_MAYOR_MESSAGE]);
    expect(descuento('100')).toBe('100');
    expect(descuento('12.5')).toBe('12.5');
  });

  it('counts anything non-numeric as 0', () => {
    for (const v of ['abc', '', null, undefined, '  ']) expect(descuento(v)).toBe('0');
  });
});

describe('FacturaDraftRequest', () => {
  it('fills the defaults a form leaves out and upper-cases the keys', () => {
    const r = FacturaDraftRequest.parse({
      client_id: '3',
      serie_id: 4,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'g03',
      partidas: [{ ...linea, cuenta_predial: '12-34 ab', clave_unidad: 'e48' }],
    });
    expect(r).toMatchObject({
      client_id: 3,
      moneda: 'MXN',
      tipo_cambio: null,
      exportacion: '01',
      uso_cfdi: 'G03',
      cfdi_relacionados: [],
      informacion_global: null,
      idempotency_key: null,
    });
    expect(r.partidas[0]).toMatchObject({ cuenta_predial: '1234ab', clave_unidad: 'E48' });
  });

  it('refuses exportación 02 and a zero tipo de cambio', () => {
    const r = FacturaDraftRequest.safeParse({
      client_id: 1,
      serie_id: 1,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      exportacion: '02',
      tipo_cambio: '0',
      partidas: [linea],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'exportacion',
      'tipo_cambio',
    ]);
  });
});

describe('CancelarFacturaRequest', () => {
  it('offers 01, 02 and 03; 01 needs the UUID of the replacement and only 01 takes one', () => {
    const uuid = 'a1b2c3d4-e5f6-4789-abcd-ef0123456789';
    expect(CancelarFacturaRequest.safeParse({ factura_id: 1, motivo: '04' }).success).toBe(false);
    expect(CancelarFacturaRequest.safeParse({ factura_id: 1, motivo: '01' }).success).toBe(false);
    expect(
      CancelarFacturaRequest.safeParse({ factura_id: 1, motivo: '02', folio_sustitucion: uuid })
        .success,
    ).toBe(false);
    expect(
      CancelarFacturaRequest.parse({ factura_id: 1, motivo: '01', folio_sustitucion: uuid }),
    ).toMatchObject({ folio_sustitucion: uuid.toUpperCase() });
    expect(CancelarFacturaRequest.parse({ factura_id: '7', motivo: '03' })).toEqual({
      factura_id: 7,
      motivo: '03',
      folio_sustitucion: null,
    });
  });
});

describe('facturaViewStatus', () => {
  it('names each status in Spanish, with a pending cancellation', () => {
    expect(facturaViewStatus('pre_factura', '')).toBe('Pre Factura');
    expect(facturaViewStatus('timbrada', '')).toBe('Timbrada');
    expect(facturaViewStatus('timbrada', 'En proceso')).toBe('Cancelación en proceso');
    expect(facturaViewStatus('cancelled', 'Cancelado sin aceptación')).toBe('Cancelada');
  });
});
