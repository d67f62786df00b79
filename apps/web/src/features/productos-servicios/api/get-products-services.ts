import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  PRODUCT_ORDER_COLUMNS,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import { request } from '#src/shared/http/api-client.ts';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';

export type ProductOrderColumn = (typeof PRODUCT_ORDER_COLUMNS)[number];

export interface ProductsServicesPage {
  data: ProductServiceResponse[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export const productsServicesKey = ['products-services'] as const;

/**
 * GET /products-services?page (with order_by, order_direction), or POST /products-services/search?page
 * with data_search when something is searched.
 */
export function getProductsServices(
  query: ListQuery<ProductOrderColumn>,
): Promise<ProductsServicesPage> {
  const order = { order_by: query.orderBy, order_direction: query.orderDirection };
  if (query.search === '') {
    return request<ProductsServicesPage>('products-services', {
      query: { page: query.page, items_per_page: query.perPage, ...order },
    });
  }
  return request<ProductsServicesPage>('products-services/search', {
    query: { page: query.page },
    body: {
      data_search: query.search,
      current_page: query.page,
      items_perpage: query.perPage,
      ...order,
    },
  });
}

export function useProductsServices(query: ListQuery<ProductOrderColumn>) {
  return useQuery({
    queryKey: [...productsServicesKey, 'list', query],
    queryFn: () => getProductsServices(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
