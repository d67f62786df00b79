import { useQuery } from '@tanstack/react-query';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { request } from '#src/shared/http/api-client.ts';
import { FACTURAS_QUERY_KEY } from './get-facturas.ts';

export const facturaQueryKey = (id: number) => [...FACTURAS_QUERY_KEY, 'detail', id] as const;

/** GET /facturacion/V40/facturas-ingreso/{id}. */
export function getFactura(id: number, signal?: AbortSignal): Promise<FacturaDetail> {
  return request<FacturaDetail>(`facturacion/V40/facturas-ingreso/${id}`, signal ? { signal } : {});
}

export function useFactura(id: number) {
  return useQuery({
    queryKey: facturaQueryKey(id),
    queryFn: ({ signal }) => getFactura(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
