import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelacionResponse, CancelarFacturaRequest } from '@repo/contracts/facturas';
import { request } from '#src/shared/http/api-client.ts';
import { FACTURAS_QUERY_KEY } from './get-facturas.ts';

/** POST /facturacion/V40/cancelar-factura. */
export function cancelarFactura(body: CancelarFacturaRequest): Promise<CancelacionResponse> {
  return request<CancelacionResponse>('facturacion/V40/cancelar-factura', { method: 'POST', body });
}

/** POST /facturacion/V40/facturas-ingreso/{id}/estado-cancelacion: the SAT status, asked again. */
export function consultarEstadoCancelacion(id: number): Promise<CancelacionResponse> {
  return request<CancelacionResponse>(`facturacion/V40/facturas-ingreso/${id}/estado-cancelacion`, {
    method: 'POST',
    body: {},
  });
}

export function useCancelarFactura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelarFactura,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FACTURAS_QUERY_KEY }),
  });
}

export function useConsultarEstadoCancelacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: consultarEstadoCancelacion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FACTURAS_QUERY_KEY }),
  });
}
