import type { LoginResponse, ResetPasswordSetRequest } from '@repo/contracts/users';
import { request } from '#src/shared/http/api-client.ts';

/** POST /users/reset-password: answers the same whether or not the e-mail exists. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return request<{ message: string }>('users/reset-password', { method: 'POST', body: { email } });
}

/** GET /users/reset-password/exist/{token}: rejects with a 404 when unknown, used or expired. */
export function checkResetToken(token: string): Promise<{ exists: true }> {
  return request<{ exists: true }>(`users/reset-password/exist/${encodeURIComponent(token)}`);
}

/** POST /users/reset-password/set: the answer logs the user in, like login. */
export function setNewPassword(body: ResetPasswordSetRequest): Promise<LoginResponse> {
  return request<LoginResponse>('users/reset-password/set', { method: 'POST', body });
}
