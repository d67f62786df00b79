import { useQuery } from '@tanstack/react-query';
import { fetchRemainingCredits } from './session-credits.ts';

export const REMAINING_CREDITS_QUERY_KEY = ['users', 'total-remaining-credits'] as const;

/**
 * The credits left, kept in the session. `fresh` asks again on every mount (Inicio, the stamping
 * confirmation), since stamping elsewhere spends credits; `onFocus` asks again when the window
 * gets the focus back (credits bought in another tab).
 */
export function useRemainingCredits(options: { fresh?: boolean; onFocus?: boolean } = {}) {
  return useQuery({
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
    ...(options.onFocus ? { refetchOnWindowFocus: 'always' as const } : {}),
    queryKey: REMAINING_CREDITS_QUERY_KEY,
    queryFn: fetchRemainingCredits,
  });
}
