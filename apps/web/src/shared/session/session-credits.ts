import { request } from '../http/api-client.ts';
import { setTotalRemainingCredits, startSession } from './session-store.ts';

/** GET /users/get-total-remaining-credits, kept in the session (spec section 3). */
export async function fetchRemainingCredits(): Promise<number> {
  const data = await request<{ user_total_remaining_credits: number }>(
    'users/get-total-remaining-credits',
  );
  setTotalRemainingCredits(data.user_total_remaining_credits);
  return data.user_total_remaining_credits;
}

/**
 * Signs in with a session answer and completes the stored session (spec section 3: token, user,
 * enterprise, expiry and the total remaining credits) before the first screen shows. A failed
 * credits call does not stop the login: the screens ask for the credits again.
 */
export async function startSessionWithCredits(
  session: Parameters<typeof startSession>[0],
): Promise<void> {
  startSession(session);
  try {
    await fetchRemainingCredits();
  } catch {
    // The header and Inicio ask again; the session itself is valid.
  }
}
