import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ProductServiceRequest,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import { request } from '#src/shared/http/api-client.ts';
import { productsServicesKey } from './get-products-services.ts';

/** PUT /products-services/{id}. */
export function updateProductService(
  id: number,
  body: ProductServiceRequest,
): Promise<ProductServiceResponse> {
  return request<ProductServiceResponse>(`products-services/${id}`, { method: 'PUT', body });
}

export function useUpdateProductService(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductServiceRequest) => updateProductService(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsServicesKey }),
  });
}
