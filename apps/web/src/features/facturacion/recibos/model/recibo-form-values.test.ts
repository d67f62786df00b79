import { describe, expect, it } from 'vitest';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { erroresDeRecibo, gruposParaRecibo, solicitudRecibo } from './recibo-form-values.ts';

const impuesto = (id: number, selected: boolean) => ({
  id,
  value: '0.160000',
  tax_type: 'IVA',
  tipo_factor: 'Tasa',
  additional_description: null,
  selected,
});
const grupo = (id: number, over: Partial<RubroImpuestoResponse> = {}) =>
  ({
    id,
    name: `Grupo ${id}`,
    objeto_impuesto_key: '02',
    enterprise_id: 1,
    impuestos_trasladados: [impuesto(10, true), impuesto(11, false)],
    impuestos_retenidos: [],
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
    ...over,
  }) as unknown as RubroImpuestoResponse;

describe('the receipt form', () => {
  it("sends each line with its group's transferred taxes and the price without format", () => {
    const r = solicitudRecibo(
      {
        fecha: '2026-03-02',
        formaPago: '04',
        lineas: [
          {
            key: 1,
            producto: { id: 7, descripcion: 'Pan' },
            cantidad: ' 2 ',
            precio: '$1,250.5',
            grupoId: 3,
          },
        ],
      },
      [grupo(3)],
    );
    expect(r).toEqual({
      fecha: '2026-03-02',
      forma_pago: '04',
      partidas: [
        {
          product_service_id: 7,
          cantidad: '2',
          precio_unitario: '1250.5',
          impuestos_trasladados: [10],
        },
      ],
    });
  });

  it('offers only groups without withholdings or local taxes', () => {
    const conRetencion = grupo(4, { impuestos_retenidos: [impuesto(20, true)] as never });
    expect(gruposParaRecibo([grupo(3), conRetencion]).map((g) => g.id)).toEqual([3]);
  });

  it("puts the API's line errors on their line and the rest on the form", () => {
    const { porLinea, generales } = erroresDeRecibo({
      'partidas.1.cantidad': ['La cantidad debe ser mayor que cero.'],
      fecha: ['La fecha del recibo no puede ser posterior a hoy.'],
    });
    expect([...porLinea]).toEqual([[1, ['La cantidad debe ser mayor que cero.']]]);
    expect(generales).toEqual(['La fecha del recibo no puede ser posterior a hoy.']);
  });
});
