import type { PpdPendingPayment } from '@repo/contracts/facturas';

/**
 * The rows of the pending-payments view chosen for one payment (several DoctoRelacionado): only
 * invoices of one client go together, as the SAT's Pagos 2.0 and the API require. Invoices of several
 * currencies may go together: the payment is then in MXN, with the EquivalenciaDR of each invoice
 * (Pagos 2.0 Guía de llenado, EquivalenciaDR per DoctoRelacionado).
 */
export type Seleccion = readonly PpdPendingPayment[];

export const OTRO_CLIENTE_SELECCION = (cliente: string) =>
  `Un pago de varias facturas solo puede relacionar facturas del mismo cliente: ya eligió facturas de ${cliente}. Quite la selección para elegir las de otro cliente.`;

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
  return { seleccion: [...seleccion, fila], error: null };
}

/** "1160.5" → 116050 cents, read from the decimal text (no binary float). */
function centavos(importe: string): bigint {
  const [entero = '0', dec = ''] = importe.trim().split('.');
  return BigInt(entero || '0') * 100n + BigInt((dec + '00').slice(0, 2));
}

/** The selected balances added up exactly, one total per currency, in the order first chosen. */
export function saldosSeleccionados(seleccion: Seleccion): { moneda: string; saldo: string }[] {
  const porMoneda = new Map<string, bigint>();
  for (const s of seleccion)
    porMoneda.set(s.moneda, (porMoneda.get(s.moneda) ?? 0n) + centavos(s.PPD_pending_amount));
  return [...porMoneda].map(([moneda, c]) => ({
    moneda,
    saldo: `${String(c / 100n)}.${String(c % 100n).padStart(2, '0')}`,
  }));
}

/** The payment's currency: the invoices' one, or MXN when they are in several currencies. */
export function monedaDelPago(seleccion: Seleccion): string {
  const monedas = new Set(seleccion.map((s) => s.moneda));
  return monedas.size === 1 ? (seleccion[0]?.moneda ?? 'MXN') : 'MXN';
}

/** After a refetch: the selected rows that are still pending, with their new balances. */
export function refrescarSeleccion(seleccion: Seleccion, filas: Seleccion): Seleccion {
  const porId = new Map(filas.map((f) => [f.id, f]));
  return seleccion.flatMap((s) => {
    const f = porId.get(s.id);
    return f ? [f] : [];
  });
}
