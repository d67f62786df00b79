import type { PreRegisterRequest } from '@repo/contracts/new-client';
import type { NewClientLoginResponse } from '@repo/contracts/new-client';
import { request } from '#src/shared/http/api-client.ts';

/** POST /new-client-pre-register → new_client_token; the verification e-mail is sent. */
export function preRegister(body: PreRegisterRequest): Promise<{ new_client_token: string }> {
  return request<{ new_client_token: string }>('new-client-pre-register', { method: 'POST', body });
}

/** POST new-client/validate-token: verifies the e-mail from the link. */
export function validateNewClientToken(body: {
  new_client_token: string;
  email_verification_token: string;
}): Promise<{ email: string; already_verified: boolean }> {
  return request('new-client/validate-token', { method: 'POST', body });
}

/** GET new-client/resend-pre-register-email/{newClientToken}. */
export function resendPreRegisterEmail(newClientToken: string): Promise<{ email: string }> {
  return request(`new-client/resend-pre-register-email/${encodeURIComponent(newClientToken)}`);
}

/** POST new-client/change-email: a new address for an unverified registration. */
export function changeNewClientEmail(body: {
  new_client_token: string;
  email: string;
}): Promise<{ email: string }> {
  return request('new-client/change-email', { method: 'POST', body });
}

/** GET /users/login/new-client/{newClientToken}: the session of the initial configuration. */
export function newClientLogin(newClientToken: string): Promise<NewClientLoginResponse> {
  return request(`users/login/new-client/${encodeURIComponent(newClientToken)}`);
}
