import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';

/** GET subscription-plans: the plans on sale, cheapest first. */
export function useSubscriptionPlans() {
  return useQuery({
    queryKey: ['subscription-plans'],
    queryFn: () => request<SubscriptionPlan[]>('subscription-plans'),
  });
}
