import { useQuery } from '@tanstack/react-query';
import { request } from '../http/api-client.ts';
import { setTotalRemainingCredits } from './session-store.ts';

export const REMAINING_CREDITS_QUERY_KEY = ['users', 'total-remaining-credits'] as const;

/**
 * GET /users/get-total-remaining-credits, kept in the session (spec section 3). `fresh` asks again
 * on every mount (Inicio), since stamping elsewhere spends credits.
 */
export function useRemainingCredits(options: { fresh?: boolean } = {}) {
  return useQuery({
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
    queryKey: REMAINING_CREDITS_QUERY_KEY,
    queryFn: async () => {
      const data = await request<{ user_total_remaining_credits: number }>(
        'users/get-total-remaining-credits',
      );
      setTotalRemainingCredits(data.user_total_remaining_credits);
      return data.user_total_remaining_credits;
    },
  });
}
