import { describe, expect, it } from 'vitest';
import type { PpdPendingPayment } from '@repo/contracts/facturas';
import {
  alternarSeleccion,
  monedaDelPago,
  refrescarSeleccion,
  saldosSeleccionados,
} from './seleccion-pendientes.ts';

const fila = (id: number, over: Partial<PpdPendingPayment> = {}): PpdPendingPayment => ({
  id,
  serie: 'F',
  folio: id,
  uuid: `uuid-${String(id)}`,
  client_id: 1,
  client_name: 'XOCHILT CASAS CHAVEZ',
  client_rfc: 'CACX7605101P8',
  fecha: '2026-11-20T10:00:00',
  moneda: 'MXN',
  tipo_cambio: null,
  total: '1160.00',
  PPD_pending_amount: '1160.00',
  pagado: '0.00',
  fecha_ultimo_pago: null,
  dias_desde_emision: 4,
  ...over,
});

describe('choosing several pending invoices for one payment', () => {
  it('adds invoices of one client and currency, removes them again, adds up their balances', () => {
    let sel = alternarSeleccion([], fila(1)).seleccion;
    sel = alternarSeleccion(sel, fila(2, { PPD_pending_amount: '580.10' })).seleccion;
    expect(sel.map((s) => s.id)).toEqual([1, 2]);
    expect(saldosSeleccionados(sel)).toEqual([{ moneda: 'MXN', saldo: '1740.10' }]);
    expect(monedaDelPago(sel)).toBe('MXN');
    expect(alternarSeleccion(sel, fila(1)).seleccion.map((s) => s.id)).toEqual([2]);
  });

  it('refuses in Spanish another client, keeping the selection', () => {
    const sel = [fila(1)];
    const otro = alternarSeleccion(sel, fila(3, { client_id: 2, client_name: 'OTRO SA' }));
    expect(otro.seleccion).toBe(sel);
    expect(otro.error).toBe(
      'Un pago de varias facturas solo puede relacionar facturas del mismo cliente: ya eligió facturas de XOCHILT CASAS CHAVEZ. Quite la selección para elegir las de otro cliente.',
    );
  });

  it('takes invoices of several currencies together: one payment in MXN, a balance per currency', () => {
    let sel = alternarSeleccion([], fila(1, { PPD_pending_amount: '1160.00' })).seleccion;
    const usd = alternarSeleccion(sel, fila(4, { moneda: 'USD', PPD_pending_amount: '100.10' }));
    expect(usd.error).toBeNull();
    sel = alternarSeleccion(
      usd.seleccion,
      fila(5, { moneda: 'USD', PPD_pending_amount: '0.2' }),
    ).seleccion;
    expect(sel.map((s) => s.id)).toEqual([1, 4, 5]);
    expect(saldosSeleccionados(sel)).toEqual([
      { moneda: 'MXN', saldo: '1160.00' },
      { moneda: 'USD', saldo: '100.30' },
    ]);
    expect(monedaDelPago(sel)).toBe('MXN');
    expect(monedaDelPago([fila(4, { moneda: 'USD' })])).toBe('USD');
  });

  it('after a refetch keeps only what is still pending, with its new balance', () => {
    const sel = [fila(1), fila(2)];
    const nuevas = [fila(2, { PPD_pending_amount: '100.00' }), fila(5)];
    expect(refrescarSeleccion(sel, nuevas)).toEqual([nuevas[0]]);
  });
});
