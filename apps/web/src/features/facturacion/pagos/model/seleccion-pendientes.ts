import type { PpdPendingPayment } from '@repo/contracts/facturas';

/**
 * The rows of the pending-payments view chosen for one payment (several DoctoRelacionado): only
 * invoices of one client and one currency go together, as the SAT's Pagos 2.0 and the API require.
 */
export type Seleccion = readonly PpdPendingPayment[];

export const OTRO_CLIENTE_SELECCION = (cliente: string) =>
  `Un pago de varias facturas solo puede relacionar facturas del mismo cliente: ya eligió facturas de ${cliente}. Quite la selección para elegir las de otro cliente.`;

export const OTRA_MONEDA_SELECCION = (moneda: string) =>
  `Un pago de varias facturas solo puede relacionar facturas de la misma moneda: ya eligió facturas en ${moneda}.`;

/** Adds or removes a row; answers the new selection, or the Spanish reason it cannot be added. */
export function alternarSeleccion(
  seleccion: Seleccion,
  fila: PpdPendingPayment,
): { seleccion: Seleccion; error: string | null } {
  if (seleccion.some((s) => s.id === fila.id))
    return { seleccion: seleccion.filter((s) => s.id !== fila.id), error: null };
  const primera = seleccion[0];
  if (primera && primera.client_id !== fila.client_id)
    return { seleccion, error: OTRO_CLIENTE_SELECCION(primera.client_name) };
  if (primera && primera.moneda !== fila.moneda)
    return { seleccion, error: OTRA_MONEDA_SELECCION(primera.moneda) };
  return { seleccion: [...seleccion, fila], error: null };
}

/** The selected balances added up in cents (all in the selection's one currency). */
export function saldoSeleccionado(seleccion: Seleccion): number {
  return seleccion.reduce((c, s) => c + Math.round(Number(s.PPD_pending_amount) * 100), 0) / 100;
}

/** After a refetch: the selected rows that are still pending, with their new balances. */
export function refrescarSeleccion(seleccion: Seleccion, filas: Seleccion): Seleccion {
  const porId = new Map(filas.map((f) => [f.id, f]));
  return seleccion.flatMap((s) => {
    const f = porId.get(s.id);
    return f ? [f] : [];
  });
}
