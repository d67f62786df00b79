import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FacturaListItem } from '@repo/contracts/facturas';
import { request } from '#src/shared/http/api-client.ts';
import { type FacturasQuery, hasActiveFilters, searchRequestOf } from '../facturas-query.ts';

export interface FacturasPage {
  data: FacturaListItem[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** Every invoice query starts with this key; a change to any invoice invalidates it. */
export const FACTURAS_QUERY_KEY = ['facturas'] as const;

/**
 * GET /facturacion/V40/facturas-ingreso?page for the plain list, POST .../facturas-ingreso/search?page
 * once a filter is set.
 */
export function getFacturas(query: FacturasQuery, signal?: AbortSignal): Promise<FacturasPage> {
  const options = signal ? { signal } : {};
  if (!hasActiveFilters(query.filters)) {
    return request<FacturasPage>('facturacion/V40/facturas-ingreso', {
      query: { page: query.page, items_per_page: query.perPage },
      ...options,
    });
  }
  return request<FacturasPage>('facturacion/V40/facturas-ingreso/search', {
    method: 'POST',
    query: { page: query.page },
    body: searchRequestOf(query),
    ...options,
  });
}

export function useFacturas(query: FacturasQuery) {
  return useQuery({
    queryKey: [...FACTURAS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getFacturas(query, signal),
    placeholderData: keepPreviousData,
  });
}
