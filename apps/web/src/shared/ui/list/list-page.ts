import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../http/api-client.ts';
import type { ListQuery } from './list-query.ts';

/** One page of a list as the API returns it. */
export interface ListPage<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/**
 * GET /<resource>?page (with order_by, order_direction), or POST /<resource>/search?page with
 * data_search when something is searched.
 */
export function fetchListPage<T, C extends string>(
  resource: string,
  query: ListQuery<C>,
): Promise<ListPage<T>> {
  const order = { order_by: query.orderBy, order_direction: query.orderDirection };
  if (query.search === '') {
    return request<ListPage<T>>(resource, {
      query: { page: query.page, items_per_page: query.perPage, ...order },
    });
  }
  return request<ListPage<T>>(`${resource}/search`, {
    query: { page: query.page },
    body: {
      data_search: query.search,
      current_page: query.page,
      items_perpage: query.perPage,
      ...order,
    },
  });
}

/** The query of one list page under `[...key, 'list', query]`, keeping the last page while loading. */
export function useListPage<T, C extends string>(
  key: readonly string[],
  fetchPage: (query: ListQuery<C>) => Promise<ListPage<T>>,
  query: ListQuery<C>,
) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
