import { describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import {
  TIPO_CAMBIO_REQUIRED_MESSAGE,
  facturaVacia,
  partidaDeProducto,
  partidaVacia,
  porcentajeDescuento,
  toFacturaRequest,
  validateFactura,
  valuesFromFactura,
} from './factura-form-values.ts';

const tax = (id: number, tax_type: 'IVA' | 'ISR', value: string) => ({
  id,
  tax_type,
  value,
  tipo_factor: 'Tasa' as const,
  additional_description: '',
  status: true,
  selected: true,
});

const IVA16: RubroImpuestoResponse = {
  id: 7,
  name: 'IVA 16%',
  objeto_impuesto_key: '02',
  enterprise_id: 1,
  impuestos_trasladados: [
    tax(1, 'IVA', '0.160000'),
    { ...tax(2, 'IVA', '0.080000'), selected: false },
  ],
  impuestos_retenidos: [{ ...tax(3, 'ISR', '0.100000'), selected: false }],
  impuestos_locales_trasladados: [],
  impuestos_locales_retenidos: [],
};

const PRODUCTO: ProductServiceResponse = {
  id: 42,
  productServiceObj: { clave: '80101500', descripcion: 'Consultoría', palabras_similares: '' },
  unitsObj: { clave: 'E48', nombre: 'Unidad de servicio', simbolo: '' },
  unity_price: '1500.00',
  internal_code: 'CONS-01',
  description: 'Consultoría fiscal',
  taxesGroup: 7,
  taxes_group_name: 'IVA 16%',
  objeto_impuesto_key: '02',
  cuentaPredialNumber: null,
  product_service_key: '80101500',
  product_service_name: 'Consultoría',
  unit_key: 'E48',
  unit_name: 'Unidad de servicio',
  unit_symbol: '',
};

const NOW = new Date(2026, 10, 23, 10, 0, 0);

function lista() {
  const v = facturaVacia(NOW);
  return {
    ...v,
    client_id: 3,
    serie_id: 5,
    forma_pago: '03',
    uso_cfdi: 'G03',
    partidas: [
      { ...partidaDeProducto(partidaVacia(), PRODUCTO, [IVA16]), cantidad: '2', descuento: '10' },
    ],
  };
}

describe('the invoice form values', () => {
  it('picking a product fills description, unit, price and the selected taxes of its group', () => {
    const p = partidaDeProducto(partidaVacia(), PRODUCTO, [IVA16]);
    expect(p).toMatchObject({
      producto: { id: 42, descripcion: 'Consultoría fiscal', clave_prod_serv: '80101500' },
      descripcion: 'Consultoría fiscal',
      clave_unidad: 'E48',
      unidad_nombre: 'Unidad de servicio',
      precio_unitario: '1500.00',
      rubro_id: 7,
      impuestos_trasladados: [1],
      impuestos_retenidos: [],
    });
  });

  it('sends the draft the facturas contract expects, with today as the date', () => {
    const body = toFacturaRequest(lista());
    expect(body).toMatchObject({
      client_id: 3,
      serie_id: 5,
      fecha: '2026-11-23',
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      moneda: 'MXN',
      tipo_cambio: null,
      condiciones_pago: null,
      exportacion: '01',
      partidas: [
        {
          product_service_id: 42,
          cantidad: '2',
          clave_unidad: 'E48',
          precio_unitario: '1500.00',
          descuento: '10',
          impuestos_trasladados: [1],
          impuestos_retenidos: [],
        },
      ],
    });
    expect(validateFactura(lista())).toEqual({});
  });

  it('reads a non-numeric discount as 0 and a decimal comma as a point', () => {
    expect(porcentajeDescuento('abc')).toBe('0');
    expect(porcentajeDescuento('')).toBe('0');
    expect(porcentajeDescuento('12,5')).toBe('12.5');
    expect(porcentajeDescuento('-3')).toBe('-3');
  });

  it('marks the missing and wrong fields with the contract messages', () => {
    const v = lista();
    const errors = validateFactura({
      ...v,
      client_id: null,
      moneda: 'USD',
      tipo_cambio: '',
      partidas: [{ ...partidaVacia(), cantidad: '0', descuento: '150' }],
    });
    expect(errors).toMatchObject({
      client_id: 'El cliente es obligatorio',
      tipo_cambio: TIPO_CAMBIO_REQUIRED_MESSAGE,
      'partidas.0.producto': 'El producto o servicio es obligatorio',
      'partidas.0.cantidad': 'La cantidad debe ser un número mayor a 0 con hasta 6 decimales',
      'partidas.0.descuento': 'El descuento no puede ser mayor a 100%',
    });
  });

  it('loads a saved draft, keeping its tax group, and gives a clone today’s date', () => {
    const body = toFacturaRequest(lista());
    const detail = {
      id: 9,
      status: 'pre_factura',
      draft: {
        ...body,
        fecha: '2026-11-21',
        tipo_cambio: null,
        condiciones_pago: null,
        cfdi_relacionados: [],
        informacion_global: null,
        metodo_pago: 'PUE',
        exportacion: '01',
        moneda: 'MXN',
        partidas: (body.partidas ?? []).map((p) => ({
          ...p,
          descripcion: 'Consultoría fiscal',
          cuenta_predial: '',
          impuestos_locales_trasladados: [],
          impuestos_locales_retenidos: [],
        })),
      },
      partidas: [
        {
          descripcion: 'Consultoría fiscal',
          clave_prod_serv: '80101500',
          clave_unidad: 'E48',
          unidad_nombre: 'Unidad de servicio',
        },
      ],
    } as unknown as FacturaDetail;
    const editar = valuesFromFactura(detail, [IVA16], { clonar: false, now: NOW });
    expect(editar).toMatchObject({
      fecha: '2026-11-21',
      client_id: 3,
      partidas: [
        { cantidad: '2', descuento: '10', rubro_id: 7, unidad_nombre: 'Unidad de servicio' },
      ],
    });
    expect(valuesFromFactura(detail, [IVA16], { clonar: true, now: NOW })?.fecha).toBe(
      '2026-11-23',
    );
    expect(valuesFromFactura({ ...detail, draft: null }, [IVA16], { clonar: true })).toBeNull();
    // The PAC refuses a Fecha older than 72 hours: an old draft is edited with today's date.
    const viejo = { ...detail, draft: { ...detail.draft!, fecha: '2026-11-19' } };
    expect(valuesFromFactura(viejo, [IVA16], { clonar: false, now: NOW })?.fecha).toBe(
      '2026-11-23',
    );
  });

  it('a clone of a substitute USD invoice starts without its relations and without the old rate', () => {
    const body = toFacturaRequest(lista());
    const sustituta = {
      id: 10,
      status: 'timbrada',
      draft: {
        ...body,
        fecha: '2026-11-21',
        moneda: 'USD',
        tipo_cambio: '18.3912',
        condiciones_pago: null,
        cfdi_relacionados: [
          { tipo_relacion: '04', uuids: ['5FB2822E-396D-4725-8521-CDC4BDD20CCF'] },
        ],
        informacion_global: null,
        metodo_pago: 'PUE',
        exportacion: '01',
        partidas: (body.partidas ?? []).map((p) => ({
          ...p,
          descripcion: 'Consultoría fiscal',
          cuenta_predial: '',
          impuestos_locales_trasladados: [],
          impuestos_locales_retenidos: [],
        })),
      },
      partidas: [{ descripcion: 'Consultoría fiscal', clave_prod_serv: '80101500' }],
    } as unknown as FacturaDetail;
    const clon = valuesFromFactura(sustituta, [IVA16], { clonar: true, now: NOW });
    expect(clon).toMatchObject({ moneda: 'USD', tipo_cambio: '', cfdi_relacionados: [] });
    // Editing keeps them: it is the same document.
    const edicion = valuesFromFactura(sustituta, [IVA16], { clonar: false, now: NOW });
    expect(edicion?.cfdi_relacionados).toEqual([
      { tipo_relacion: '04', uuids: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' },
    ]);
    expect(edicion?.tipo_cambio).toBe('18.3912');
  });
});
