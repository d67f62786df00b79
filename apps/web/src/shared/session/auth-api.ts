import type { LoginResponse } from '@repo/contracts/users';
import { requestBody } from '../http/api-client.ts';
import { startSessionWithCredits } from './session-credits.ts';
import { destroySession } from './session-store.ts';

export type LoginOutcome =
  { kind: 'signed-in' } | { kind: 'initial-configuration'; newClientToken: string };

/** Spec section 4, login outcomes: a session, or the new-client token of an unfinished setup. */
export async function applyLoginResponse(data: LoginResponse): Promise<LoginOutcome> {
  if ('new_client_token' in data) {
    return { kind: 'initial-configuration', newClientToken: data.new_client_token };
  }
  await startSessionWithCredits(data);
  return { kind: 'signed-in' };
}

/** GET /users/logout; local data is cleared even when the server call fails. */
export async function logout(): Promise<void> {
  try {
    await requestBody('users/logout');
  } catch {
    // Spec section 4: logout clears local data whatever the server answered.
  } finally {
    destroySession();
  }
}
