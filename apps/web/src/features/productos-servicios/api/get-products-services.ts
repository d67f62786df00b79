import type {
  PRODUCT_ORDER_COLUMNS,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';
import { type ListPage, fetchListPage, useListPage } from '#src/shared/ui/list/list-page.ts';

export type ProductOrderColumn = (typeof PRODUCT_ORDER_COLUMNS)[number];

export type ProductsServicesPage = ListPage<ProductServiceResponse>;

export const productsServicesKey = ['products-services'] as const;

/**
 * GET /products-services?page (with order_by, order_direction), or POST /products-services/search?page
 * with data_search when something is searched.
 */
export function getProductsServices(
  query: ListQuery<ProductOrderColumn>,
): Promise<ProductsServicesPage> {
  return fetchListPage('products-services', query);
}

export function useProductsServices(query: ListQuery<ProductOrderColumn>) {
  return useListPage(productsServicesKey, getProductsServices, query);
}
