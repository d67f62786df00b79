import { describe, expect, it } from 'vitest';
import type { FacturaGlobalResponse } from '@repo/contracts/facturas-globales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import {
  calcularVentas,
  diaPorOmision,
  conRecibos,
  estadoDeRespuesta,
  nuevaVenta,
  periodoDelEstado,
  solicitudDe,
} from './global-form-model.ts';

const tax = (
  id: number,
  tax_type: 'IVA' | 'IEPS',
  tipo_factor: 'Tasa' | 'Exento',
  value: string | null,
) => ({
  id,
  value,
  tax_type,
  tipo_factor,
  additional_description: null,
  selected: true,
});
const rubro = (
  id: number,
  name: string,
  tras: ReturnType<typeof tax>[],
  ret: ReturnType<typeof tax>[] = [],
) =>
  ({
    id,
    name,
    objeto_impuesto_key: '02',
    enterprise_id: 1,
    impuestos_trasladados: tras,
    impuestos_retenidos: ret,
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
  }) as unknown as RubroImpuestoResponse;

const RUBROS = [
  rubro(1, 'IVA 16%', [tax(10, 'IVA', 'Tasa', '0.160000')]),
  rubro(2, 'IVA exento', [tax(11, 'IVA', 'Exento', null)]),
  rubro(
    3,
    'Con retención',
    [tax(10, 'IVA', 'Tasa', '0.160000')],
    [tax(20, 'IVA', 'Tasa', '0.106666')],
  ),
];

describe('the global invoice form model', () => {
  it('computes each sale and the totals of the right ones; wrong sales carry their messages', () => {
    const ventas = [
      nuevaVenta({ folioVenta: 'A', grupoImpuestosId: 1, subtotal: '100' }),
      nuevaVenta({ folioVenta: 'B', grupoImpuestosId: 2, subtotal: '50', descuento: '5' }),
      nuevaVenta({ folioVenta: 'A', grupoImpuestosId: 1, subtotal: '10' }),
      nuevaVenta({ folioVenta: 'D', grupoImpuestosId: 3, subtotal: '10' }),
      nuevaVenta({ folioVenta: 'E', grupoImpuestosId: null, subtotal: 'x' }),
    ];
    const r = calcularVentas(ventas, RUBROS);
    expect(r.porVenta.map((v) => v?.totalVenta ?? null)).toEqual([
      '116.00',
      '45.00',
      null,
      null,
      null,
    ]);
    expect([...r.errores.keys()]).toEqual([3, 4, 2]);
    expect(r.errores.get(2)).toEqual(['Este folio de venta ya está en la factura global.']);
    expect(r.errores.get(4)).toEqual([
      'Elija el grupo de impuestos de la venta',
      'El subtotal de la venta debe ser un importe mayor a cero con hasta 2 decimales.',
    ]);
    expect(r.totales).toEqual({
      subtotal: '150.00',
      descuento: '5.00',
      impuestos: '16.00',
      total: '161.00',
      ventas: 2,
    });
  });

  it('sends the spec shape: formaPago, creationDate, month, year, serie, partidas', () => {
    const body = solicitudDe(
      {
        formaPago: '01',
        creationDate: '2026-02-01',
        month: 1,
        year: 2026,
        periodicidad: '04',
        dia: '2026-01-05',
        serieId: 7,
        ventas: [nuevaVenta({ folioVenta: 'A', grupoImpuestosId: 1, subtotal: '100' })],
      },
      { id: null, idempotencyKey: 'clave-del-intento' },
    );
    expect(body).toEqual({
      formaPago: '01',
      creationDate: '2026-02-01',
      month: 1,
      year: 2026,
      periodicidad: '04',
      dia: null,
      serie: { id: 7 },
      partidas: [{ folioVenta: 'A', grupoImpuestosId: 1, subtotal: '100', descuento: null }],
      idempotency_key: 'clave-del-intento',
    });
  });

  it('a week is sent with its first day; the default is the last week of the month already ended', () => {
    expect(diaPorOmision('02', 2026, 3, '2026-03-10')).toBe('2026-03-02');
    expect(diaPorOmision('02', 2026, 3, '2026-03-01')).toBe('2026-03-01');
    expect(diaPorOmision('03', 2026, 3, '2026-04-02')).toBe('2026-03-16');
    expect(diaPorOmision('04', 2026, 3, '2026-04-02')).toBe('');
    const s = {
      formaPago: '01',
      creationDate: '2026-03-10',
      month: 3,
      year: 2026,
      periodicidad: '02' as const,
      dia: '2026-03-02',
      serieId: 7,
      ventas: [],
    };
    expect(solicitudDe(s, { id: null })).toMatchObject({ periodicidad: '02', dia: '2026-03-02' });
    expect(periodoDelEstado(s)?.nombre).toBe('Semana del 2 al 8 de marzo de 2026');
  });
});

describe('conRecibos (issue 28)', () => {
  it('adds the open receipts as sales with their receipt, replacing a receipt already in the table and keeping typed sales', () => {
    const tecleada = nuevaVenta({ folioVenta: 'T-1', grupoImpuestosId: 1, subtotal: '10.00' });
    const vieja = nuevaVenta({
      folioVenta: '7',
      grupoImpuestosId: 1,
      subtotal: '1.00',
      reciboId: 70,
    });
    const r = conRecibos([tecleada, vieja], {
      partidas: [
        {
          folioVenta: '7',
          grupoImpuestosId: 1,
          subtotal: '156.49',
          descuento: '2.00',
          recibo_id: 70,
        },
        { folioVenta: '8', grupoImpuestosId: 1, subtotal: '60.50', descuento: null, recibo_id: 80 },
      ],
      omitidos: [],
    });
    expect(r.map((v) => [v.folioVenta, v.subtotal, v.descuento, v.reciboId])).toEqual([
      ['T-1', '10.00', '', undefined],
      ['7', '156.49', '2.00', 70],
      ['8', '60.50', '', 80],
    ]);
  });
});

describe('a saved global reopened for editing (issue 28)', () => {
  it('keeps which sales are receipts, and sends them back as receipts', () => {
    const venta = (folioVenta: string, recibo_id: number | null) => ({
      folioVenta,
      grupoImpuestosId: 1,
      subtotal: '10.00',
      descuento: null,
      impuestos: '1.60',
      totalVenta: '11.60',
      impuestosTrasladados: [],
      recibo_id,
    });
    const guardada = {
      formaPago: '01',
      creationDate: null,
      month: 3,
      year: 2026,
      periodicidad: '04',
      periodo_inicio: '2026-03-01',
      serie: { id: 5, serie: 'G', folio: null },
      partidas: [venta('7', 70), venta('MOSTRADOR', null)],
    } as unknown as FacturaGlobalResponse;
    const estado = estadoDeRespuesta(guardada);
    expect(estado.ventas.map((v) => [v.folioVenta, v.reciboId])).toEqual([
      ['7', 70],
      ['MOSTRADOR', undefined],
    ]);
    expect(solicitudDe(estado, { id: 9 }).partidas).toEqual([
      { folioVenta: '7', grupoImpuestosId: 1, subtotal: '10.00', descuento: null, recibo_id: 70 },
      { folioVenta: 'MOSTRADOR', grupoImpuestosId: 1, subtotal: '10.00', descuento: null },
    ]);
  });
});
