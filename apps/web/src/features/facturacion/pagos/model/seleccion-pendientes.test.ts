import { describe, expect, it } from 'vitest';
import type { PpdPendingPayment } from '@repo/contracts/facturas';
import {
  alternarSeleccion,
  refrescarSeleccion,
  saldoSeleccionado,
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
    expect(saldoSeleccionado(sel)).toBe(1740.1);
    expect(alternarSeleccion(sel, fila(1)).seleccion.map((s) => s.id)).toEqual([2]);
  });

  it('refuses in Spanish another client or another currency, keeping the selection', () => {
    const sel = [fila(1)];
    const otro = alternarSeleccion(sel, fila(3, { client_id: 2, client_name: 'OTRO SA' }));
    expect(otro.seleccion).toBe(sel);
    expect(otro.error).toBe(
      'Un pago de varias facturas solo puede relacionar facturas del mismo cliente: ya eligió facturas de XOCHILT CASAS CHAVEZ. Quite la selección para elegir las de otro cliente.',
    );
    const usd = alternarSeleccion(sel, fila(4, { moneda: 'USD' }));
    expect(usd.seleccion).toBe(sel);
    expect(usd.error).toMatch(/misma moneda: ya eligió facturas en MXN/);
  });

  it('after a refetch keeps only what is still pending, with its new balance', () => {
    const sel = [fila(1), fila(2)];
    const nuevas = [fila(2, { PPD_pending_amount: '100.00' }), fila(5)];
    expect(refrescarSeleccion(sel, nuevas)).toEqual([nuevas[0]]);
  });
});
