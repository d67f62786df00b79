import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelarNotaCreditoRequest,
  CancelarNotaCreditoResponse,
  NotaCreditoItem,
  NotaCreditoRequest,
  NotaCreditoResponse,
  NotasCreditoResponse,
  NotaCreditoVistaPrevia,
} from '@repo/contracts/notas-credito';
import { request } from '#src/shared/http/api-client.ts';
import { useSeriesDe } from '#src/shared/comprobantes/api/datos-maestros.ts';

/** The credit-note calls (issue 25): list, detail, preview, stamp and cancel. */

const BASE = 'facturacion/V40/nota-credito';

export const NOTAS_QUERY_KEY = ['notas-credito'] as const;
export const notaQueryKey = (id: number) => [...NOTAS_QUERY_KEY, 'detail', id] as const;

/** The list's filters, as GET .../nota-credito offers them. */
export interface NotasFiltros {
  page: number;
  status: string;
  desde: string;
  hasta: string;
  factura_id?: number;
}

/** GET .../nota-credito with the filters that have a value. */
export function useNotasCredito(filtros: NotasFiltros) {
  const params = new URLSearchParams({ page: String(filtros.page), page_size: '30' });
  if (filtros.status) params.set('status', filtros.status);
  if (filtros.desde) params.set('desde', filtros.desde);
  if (filtros.hasta) params.set('hasta', filtros.hasta);
  if (filtros.factura_id) params.set('factura_id', String(filtros.factura_id));
  return useQuery({
    queryKey: [...NOTAS_QUERY_KEY, 'list', params.toString()],
    queryFn: ({ signal }) =>
      request<NotasCreditoResponse>(`${BASE}?${params.toString()}`, { signal }),
  });
}

/** GET .../nota-credito/{id}. */
export function useNotaCredito(id: number) {
  return useQuery({
    queryKey: notaQueryKey(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    queryFn: ({ signal }) => request<NotaCreditoItem>(`${BASE}/${String(id)}`, { signal }),
  });
}

/** GET /series/{enterpriseId}/notas-credito: the series of its registered kind. */
export function useSeriesNotas(enterpriseId: number | null) {
  return useSeriesDe('notas-credito', enterpriseId);
}

/** POST .../nota-credito (its idempotency_key is the attempt's): the stamped note and the credits left. */
export function useEmitirNota() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotaCreditoRequest) =>
      request<NotaCreditoResponse>(BASE, { method: 'POST', body }),
    onSuccess: (r) => {
      client.setQueryData(notaQueryKey(r.data.id), r.data);
      // A note changes its invoices' balances (their detail, payments, receivables, Inicio) and
      // the serie's folio: everything shown is read again.
      void client.invalidateQueries();
    },
  });
}

/** POST .../nota-credito/{id}/cancelar. */
export function useCancelarNota(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelarNotaCreditoRequest) =>
      request<CancelarNotaCreditoResponse>(`${BASE}/${String(id)}/cancelar`, {
        method: 'POST',
        body,
      }),
    onSuccess: (r) => client.setQueryData(notaQueryKey(id), r.data),
    // Cancelled, it gives its amount back to its invoices' balances.
    onSettled: () => client.invalidateQueries(),
  });
}

/**
 * POST .../nota-credito/vista-previa for the request the form describes (null while it is
 * incomplete): the amounts the engine computes, kept on screen while the next ones load.
 */
export function useVistaPreviaNota(body: NotaCreditoRequest | null) {
  return useQuery({
    queryKey: [...NOTAS_QUERY_KEY, 'vista-previa', JSON.stringify(body)],
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request<NotaCreditoVistaPrevia>(`${BASE}/vista-previa`, { method: 'POST', body, signal }),
  });
}
