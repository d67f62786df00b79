import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ProductServiceRequest,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import { request } from '#src/shared/http/api-client.ts';
import { productsServicesKey } from './get-products-services.ts';

/** POST /products-services. */
export function createProductService(body: ProductServiceRequest): Promise<ProductServiceResponse> {
  return request<ProductServiceResponse>('products-services', { method: 'POST', body });
}

export function useCreateProductService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProductService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsServicesKey }),
  });
}
