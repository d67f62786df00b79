import type { ReservePromotionalCodeResponse } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';

/** POST promotional-codes/reserve: answers promo_credits (and the price after a discount). */
export function reservePromotionalCode(body: {
  promotional_code: string;
  subscription_plan_id: number;
}): Promise<ReservePromotionalCodeResponse> {
  return request<ReservePromotionalCodeResponse>('promotional-codes/reserve', {
    method: 'POST',
    body,
  });
}

/** POST promotional-codes/detach-reserved-codes: releases the enterprise's reserved code. */
export function detachReservedCodes(): Promise<{ released: number }> {
  return request<{ released: number }>('promotional-codes/detach-reserved-codes', {
    method: 'POST',
  });
}
