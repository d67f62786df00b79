import { FIJO_CERO, fijo, fijoMas, fijoTexto } from '@repo/cfdi/decimal';
import type { PagoItem } from '@repo/contracts/complementos-pago';

/** Spec section 3 and 4: the list of payments, each with an opened flag, and a highlight. */
export interface PagoEnLista {
  pago: PagoItem;
  opened: boolean;
}

export interface ListaPagos {
  pagos: PagoEnLista[];
  /** The payment highlighted (turns itself off after HIGHLIGHT_MS). */
  highlight: number | null;
}

export const HIGHLIGHT_MS = 8000;

export function listaDe(pagos: readonly PagoItem[]): ListaPagos {
  return { pagos: pagos.map((pago) => ({ pago, opened: false })), highlight: null };
}

/** A new payment goes on top, opened, and closes the others; it is highlighted. */
export function agregarPago(lista: ListaPagos, pago: PagoItem): ListaPagos {
  return {
    pagos: [
      { pago, opened: true },
      ...lista.pagos.filter((p) => p.pago.id !== pago.id).map((p) => ({ ...p, opened: false })),
    ],
    highlight: pago.id,
  };
}

/** An updated payment (e.g. cancelled) replaces its row and is opened again. */
export function actualizarPago(lista: ListaPagos, pago: PagoItem): ListaPagos {
  return {
    ...lista,
    pagos: lista.pagos.map((p) => (p.pago.id === pago.id ? { pago, opened: true } : p)),
  };
}

export function alternarPago(lista: ListaPagos, id: number): ListaPagos {
  return {
    ...lista,
    pagos: lista.pagos.map((p) => (p.pago.id === id ? { ...p, opened: !p.opened } : p)),
  };
}

export function sinHighlight(lista: ListaPagos): ListaPagos {
  return { ...lista, highlight: null };
}

/**
 * Spec section 4: a payment counts toward the total paid only when its comprobante is timbrada;
 * added exactly (decimal text with 2 decimals), never as binary floats.
 */
export function totalPagado(pagos: readonly PagoEnLista[]): string {
  const total = pagos
    .filter((p) => p.pago.comprobante.status === 'timbrada')
    .reduce((s, p) => fijoMas(s, fijo(p.pago.documento_relacionado.importe_pagado)), FIJO_CERO);
  return fijoTexto(total, 2);
}
