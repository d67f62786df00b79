import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { request } from '#src/shared/http/api-client.ts';
import { REMAINING_CREDITS_QUERY_KEY } from '#src/shared/session/remaining-credits.ts';
import { setTotalRemainingCredits } from '#src/shared/session/session-store.ts';
import { FACTURAS_QUERY_KEY } from './get-facturas.ts';

/**
 * POST /facturacion/V40/pre-facturas-ingreso/{id}/timbrar-with-pre-factura-original-data: stamps the
 * pre-invoice exactly as it was saved (the detail screen shows that saved data).
 */
export function timbrarPreFacturaOriginal(id: number): Promise<TimbrarFacturaResponse> {
  return request<TimbrarFacturaResponse>(
    `facturacion/V40/pre-facturas-ingreso/${id}/timbrar-with-pre-factura-original-data`,
    { method: 'POST', body: {} },
  );
}

export function useTimbrarPreFactura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: timbrarPreFacturaOriginal,
    onSuccess: async (result) => {
      setTotalRemainingCredits(result.user_total_remaining_credits);
      queryClient.setQueryData(REMAINING_CREDITS_QUERY_KEY, result.user_total_remaining_credits);
      await queryClient.invalidateQueries({ queryKey: FACTURAS_QUERY_KEY });
    },
    // A PAC refusal may still have spent or refunded a credit: read the balance again.
    onError: () => queryClient.invalidateQueries({ queryKey: REMAINING_CREDITS_QUERY_KEY }),
  });
}
