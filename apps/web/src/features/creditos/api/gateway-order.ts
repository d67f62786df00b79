import { useQuery } from '@tanstack/react-query';
import type { GatewayOrderResponse } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';

/** How often the check-out page asks whether the gateway's webhook has arrived. */
export const ORDER_POLL_MS = 1500;

/**
 * GET payments/credits/get-order-from-payment-gateway/{id}, asked again every 1.5 s while the order
 * is pending (the credits arrive with the gateway's webhook, not with the browser).
 */
export function useGatewayOrder(gatewayId: string | null) {
  return useQuery({
    queryKey: ['payments', 'credits', 'gateway-order', gatewayId],
    enabled: gatewayId !== null,
    queryFn: () =>
      request<GatewayOrderResponse>(
        `payments/credits/get-order-from-payment-gateway/${encodeURIComponent(gatewayId ?? '')}`,
      ),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data === undefined
        ? ORDER_POLL_MS
        : false,
    retry: false,
  });
}
