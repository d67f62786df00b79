import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditPayment } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';
import { CREDIT_PAYMENTS_KEY } from './credit-payments.ts';

/** POST facturacion/V40/facturas-ingreso/subscription-plan-invoice: answers the invoiced order. */
export function useInvoicePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { client_enterprise_id: number; user_credit_payment_id: number }) =>
      request<CreditPayment>('facturacion/V40/facturas-ingreso/subscription-plan-invoice', {
        method: 'POST',
        body,
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData([...CREDIT_PAYMENTS_KEY, payment.id], payment);
      void queryClient.invalidateQueries({ queryKey: CREDIT_PAYMENTS_KEY });
    },
  });
}
