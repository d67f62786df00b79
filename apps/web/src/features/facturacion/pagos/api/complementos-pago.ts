import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CancelarPagoResponse,
  ComplementoPagoRequestInput,
  ComplementoPagoResponse,
  PagosDeFacturaResponse,
} from '@repo/contracts/complementos-pago';
import type { PpdPendingPayment } from '@repo/contracts/facturas';
import { request } from '#src/shared/http/api-client.ts';
import { useSeriesDe } from '#src/shared/comprobantes/api/datos-maestros.ts';

/** Payment complement calls of spec section 7; spec section 8: they rethrow, the list also logs. */

const BASE = 'facturacion/V40';

export const pagosQueryKey = (facturaId: number) => ['complemento-pago', facturaId] as const;
export const PENDIENTES_QUERY_KEY = ['ppd-pending-payments'] as const;

/** GET /facturacion/V40/complemento-pago/{facturaId}: the invoice's payments in data.data. */
export async function getPagos(facturaId: number, signal?: AbortSignal) {
  try {
    return await request<PagosDeFacturaResponse>(`${BASE}/complemento-pago/${facturaId}`, {
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    console.error('No fue posible consultar los pagos de la factura', facturaId, error);
    throw error;
  }
}

export function usePagos(facturaId: number, enabled: boolean) {
  return useQuery({
    queryKey: pagosQueryKey(facturaId),
    enabled,
    queryFn: ({ signal }) => getPagos(facturaId, signal),
  });
}

/**
 * POST /facturacion/V40/complemento-pago: stamps the payment; the answer in data.data. With
 * `sustituye`, as the substitute of that stamped payment (`?sustituye=`: relation 04, then the
 * original cancelled with motivo 01 and the new folio fiscal).
 */
export function registrarPago(body: ComplementoPagoRequestInput, sustituye: number | null = null) {
  const query = sustituye === null ? '' : `?sustituye=${String(sustituye)}`;
  return request<ComplementoPagoResponse>(`${BASE}/complemento-pago${query}`, {
    method: 'POST',
    body,
  });
}

/** POST /facturacion/V40/complemento-pago/{id}/cancelar. */
export function cancelarPago(id: number, motivo: '01' | '02' | '03') {
  return request<CancelarPagoResponse>(`${BASE}/complemento-pago/${id}/cancelar`, {
    method: 'POST',
    body: { motivo },
  });
}

/** GET /series/{enterpriseId}/recepcion-pagos: the series of its registered kind. */
export function useSeriesPagos(enterpriseId: number | null) {
  return useSeriesDe('recepcion-pagos', enterpriseId);
}

export interface PendientesFiltros {
  clientId: number | null;
  fromDate: string;
  toDate: string;
  page: number;
}

export interface PendientesPage {
  data: PpdPendingPayment[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** GET facturacion/V40/{enterpriseId}/ppd-pending-payments: the list in data.data. */
export function getPendientes(enterpriseId: number, f: PendientesFiltros, signal?: AbortSignal) {
  return request<PendientesPage>(`${BASE}/${enterpriseId}/ppd-pending-payments`, {
    query: {
      page: f.page,
      items_per_page: 30,
      ...(f.clientId ? { client_id: f.clientId } : {}),
      ...(f.fromDate ? { from_date: f.fromDate } : {}),
      ...(f.toDate ? { to_date: f.toDate } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

/** Spec section 4: fetched only while the should-fetch flag is set. */
export function usePendientes(
  enterpriseId: number | null,
  f: PendientesFiltros,
  shouldFetch: boolean,
) {
  return useQuery({
    queryKey: [...PENDIENTES_QUERY_KEY, enterpriseId, f],
    enabled: enterpriseId !== null && shouldFetch,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => getPendientes(enterpriseId ?? 0, f, signal),
  });
}
