import { useQueryClient } from '@tanstack/react-query';
import { request } from '#src/shared/http/api-client.ts';
import { productsServicesKey } from './get-products-services.ts';

/** DELETE /products-services/{id}. */
export function deleteProductService(id: number): Promise<null> {
  return request<null>(`products-services/${id}`, { method: 'DELETE' });
}

/** Deletes a product or service and refreshes the lists. */
export function useDeleteProductService(): (id: number) => Promise<void> {
  const queryClient = useQueryClient();
  return async (id) => {
    await deleteProductService(id);
    queryClient.removeQueries({ queryKey: [...productsServicesKey, 'detail', id] });
    await queryClient.invalidateQueries({ queryKey: [...productsServicesKey, 'list'] });
  };
}
