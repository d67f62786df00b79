import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '#src/shared/http/api-client.ts';
import { facturaQueryKey } from './get-factura.ts';
import { FACTURAS_QUERY_KEY } from './get-facturas.ts';

/** DELETE /facturacion/V40/pre-facturas-ingreso/{id}. */
export function deletePreFactura(id: number): Promise<unknown> {
  return request<unknown>(`facturacion/V40/pre-facturas-ingreso/${id}`, { method: 'DELETE' });
}

export function useDeletePreFactura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePreFactura,
    // The deleted invoice's detail is dropped, not asked again (it would answer 404).
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: facturaQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...FACTURAS_QUERY_KEY, 'list'] });
    },
  });
}
