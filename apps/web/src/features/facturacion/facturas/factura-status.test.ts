import { describe, expect, it } from 'vitest';
import { actionsFor, creditoReservadoOf, ppdPendingOf, statusBadgeOf } from './factura-status.ts';

describe('statusBadgeOf', () => {
  it('colours each status and keeps the API label', () => {
    expect(
      statusBadgeOf({ status: 'pre_factura', view_status: 'Pre Factura', estatus_cancelacion: '' }),
    ).toEqual({ label: 'Pre Factura', bg: 'secondary', text: 'white' });
    expect(
      statusBadgeOf({ status: 'timbrada', view_status: 'Timbrada', estatus_cancelacion: '' }),
    ).toEqual({ label: 'Timbrada', bg: 'success', text: 'white' });
    expect(
      statusBadgeOf({ status: 'cancelled', view_status: 'Cancelada', estatus_cancelacion: '' }),
    ).toEqual({ label: 'Cancelada', bg: 'danger', text: 'white' });
  });

  it('warns while the SAT has a cancellation in process', () => {
    expect(
      statusBadgeOf({
        status: 'timbrada',
        view_status: 'Cancelación en proceso',
        estatus_cancelacion: 'En proceso',
      }),
    ).toEqual({ label: 'Cancelación en proceso', bg: 'warning', text: 'dark' });
  });
});

describe('actionsFor', () => {
  it('lets a pre-invoice be edited, stamped and deleted, but never cancelled', () => {
    const actions = actionsFor({ status: 'pre_factura', estatus_cancelacion: '' });
    expect(actions).toEqual(['detalle', 'editar', 'timbrar', 'eliminar', 'clonar']);
  });

  it('lets only a stamped invoice be cancelled, once', () => {
    expect(actionsFor({ status: 'timbrada', estatus_cancelacion: '' })).toContain('cancelar');
    expect(actionsFor({ status: 'timbrada', estatus_cancelacion: 'En proceso' })).not.toContain(
      'cancelar',
    );
    expect(actionsFor({ status: 'cancelled', estatus_cancelacion: 'Cancelado' })).toEqual([
      'detalle',
      'clonar',
    ]);
  });
});

describe('ppdPendingOf', () => {
  it('shows the pending amount of stamped PPD invoices only', () => {
    expect(
      ppdPendingOf({ metodo_pago: 'PPD', status: 'timbrada', PPD_pending_amount: '1160.00' }),
    ).toBe('1160.00');
    expect(
      ppdPendingOf({ metodo_pago: 'PUE', status: 'timbrada', PPD_pending_amount: null }),
    ).toBeNull();
    expect(
      ppdPendingOf({ metodo_pago: 'PPD', status: 'pre_factura', PPD_pending_amount: null }),
    ).toBeNull();
  });
});

describe('a stamping attempt that did not end stamped', () => {
  it('waiting for the PAC: a warning badge, its reserved credit, nothing to do but look', () => {
    const item = {
      status: 'pendiente_pac' as const,
      view_status: 'Pendiente de respuesta del PAC',
      estatus_cancelacion: '',
    };
    expect(statusBadgeOf(item)).toEqual({
      label: 'Pendiente de respuesta del PAC',
      bg: 'warning',
      text: 'dark',
    });
    expect(creditoReservadoOf(item)).toBe('1 crédito reservado');
    expect(actionsFor(item)).toEqual(['detalle']);
  });

  it('rejected by the PAC: a danger badge, no credit held, it can be cloned', () => {
    const item = {
      status: 'rechazada' as const,
      view_status: 'Rechazada por el PAC',
      estatus_cancelacion: '',
    };
    expect(statusBadgeOf(item).bg).toBe('danger');
    expect(creditoReservadoOf(item)).toBeNull();
    expect(actionsFor(item)).toEqual(['detalle', 'clonar']);
  });
});
