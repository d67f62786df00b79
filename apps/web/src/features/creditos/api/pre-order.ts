import type { PreOrderResponse } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';
import { STORAGE_KEYS } from '#src/shared/session/session-storage.ts';

/** POST payments/credits/pre-order: the checkout of one plan (same pre_order_id, same checkout). */
export async function createPreOrder(body: {
  subscription_plan_id: number;
  pre_order_id: string;
}): Promise<PreOrderResponse> {
  const order = await request<PreOrderResponse>('payments/credits/pre-order', {
    method: 'POST',
    body,
  });
  // Spec section 3: the session keeps the pre-order payment gateway id (cleared on logout).
  localStorage.setItem(STORAGE_KEYS.preOrderPaymentGatewayId, order.payment_gateway_id);
  return order;
}

export function storedPreOrderGatewayId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.preOrderPaymentGatewayId);
}

export function clearStoredPreOrderGatewayId(): void {
  localStorage.removeItem(STORAGE_KEYS.preOrderPaymentGatewayId);
}
