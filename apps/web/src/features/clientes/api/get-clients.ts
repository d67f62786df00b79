import type { ClientResponse, CLIENT_ORDER_COLUMNS } from '@repo/contracts/clients';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';
import { type ListPage, fetchListPage, useListPage } from '#src/shared/ui/list/list-page.ts';

export type ClientOrderColumn = (typeof CLIENT_ORDER_COLUMNS)[number];

export type ClientsPage = ListPage<ClientResponse>;

export const clientsKey = ['clients'] as const;

/**
 * GET /clients?page (with order_by, order_direction), or POST /clients/search?page with data_search
 * when something is searched.
 */
export function getClients(query: ListQuery<ClientOrderColumn>): Promise<ClientsPage> {
  return fetchListPage('clients', query);
}

export function useClients(query: ListQuery<ClientOrderColumn>) {
  return useListPage(clientsKey, getClients, query);
}
