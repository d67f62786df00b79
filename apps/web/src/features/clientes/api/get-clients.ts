import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientResponse, CLIENT_ORDER_COLUMNS } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';

export type ClientOrderColumn = (typeof CLIENT_ORDER_COLUMNS)[number];

export interface ClientsPage {
  data: ClientResponse[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export const clientsKey = ['clients'] as const;

/**
 * GET /clients?page (with order_by, order_direction), or POST /clients/search?page with data_search
 * when something is searched.
 */
export function getClients(query: ListQuery<ClientOrderColumn>): Promise<ClientsPage> {
  const order = { order_by: query.orderBy, order_direction: query.orderDirection };
  if (query.search === '') {
    return request<ClientsPage>('clients', {
      query: { page: query.page, items_per_page: query.perPage, ...order },
    });
  }
  return request<ClientsPage>('clients/search', {
    query: { page: query.page },
    body: {
      data_search: query.search,
      current_page: query.page,
      items_perpage: query.perPage,
      ...order,
    },
  });
}

export function useClients(query: ListQuery<ClientOrderColumn>) {
  return useQuery({
    queryKey: [...clientsKey, 'list', query],
    queryFn: () => getClients(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
