import { useQuery } from '@tanstack/react-query';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import { request } from '#src/shared/http/api-client.ts';
import { productsServicesKey } from './get-products-services.ts';

/** GET /products-services/{id}. */
export function getProductService(id: number): Promise<ProductServiceResponse> {
  return request<ProductServiceResponse>(`products-services/${id}`);
}

export function useProductService(id: number) {
  return useQuery({
    queryKey: [...productsServicesKey, 'detail', id],
    queryFn: () => getProductService(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
