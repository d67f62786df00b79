import { describe, expect, it } from 'vitest';
import type { PagoItem } from '@repo/contracts/complementos-pago';
import { pagoVacio } from './pago-form-values.ts';
import { facturasDeSustituto, valoresDeSustituto } from './pago-sustituto.ts';

const documento = (factura_id: number, pagado: string, anterior: string) => ({
  factura_id,
  serie: 'F',
  folio: factura_id,
  uuid: `uuid-${String(factura_id)}`,
  moneda: 'MXN',
  equivalencia: '1',
  num_parcialidad: 1,
  importe_saldo_anterior: anterior,
  importe_pagado: pagado,
  importe_saldo_insoluto: '0.00',
});

const pago = (documentos: PagoItem['documentos']): PagoItem => ({
  id: 9,
  comprobante: {
    id: 9,
    status: 'timbrada',
    view_status: 'Timbrada',
    serie: 'P',
    folio: 3,
    uuid: 'abc',
    fecha: '2026-11-20T10:00:00',
    fecha_timbrado: null,
    estatus_cancelacion: '',
    motivo_cancelacion: '',
    rechazo: null,
  },
  documento_relacionado: documentos[0]!,
  documentos,
  client_id: 4,
  client_name: 'X',
  client_rfc: 'XAXX010101000',
  fecha_pago: '2026-11-18 12:00:00',
  forma_pago: '03',
  moneda_p: 'MXN',
  tipo_cambio_p: '1',
  monto: documentos.length === 1 ? documentos[0]!.importe_pagado : '500.00',
  num_operacion: 'SPEI-1',
});

describe('the substitute of a payment complement', () => {
  it('may pay again what the original paid: the balance on screen plus its amount, exactly', () => {
    const p = pago([documento(1, '300.10', '580.00')]);
    expect(facturasDeSustituto(p, 1, '279.90')).toEqual([
      expect.objectContaining({ factura_id: 1, saldo: '580.00', serieFolio: 'F-1' }),
    ]);
  });

  it('starts as the original was: date, form, amount, número de operación; several invoices each with its part', () => {
    const vacio = pagoVacio({ serieId: 2, hoy: '2026-11-29', moneda: 'MXN', facturas: [] });
    const una = valoresDeSustituto(pago([documento(1, '300.10', '580.00')]), vacio);
    expect(una).toMatchObject({
      serie_id: 2,
      fecha: '2026-11-18',
      forma_pago: '03',
      monto: '300.10',
      opcionales: true,
      num_operacion: 'SPEI-1',
      documentos: [],
    });
    const varias = valoresDeSustituto(
      pago([documento(1, '200.00', '200.00'), documento(2, '300.00', '400.00')]),
      vacio,
    );
    expect(varias.documentos).toEqual([
      { factura_id: 1, importe: '200.00' },
      { factura_id: 2, importe: '300.00' },
    ]);
  });
});
