import type { LoginRequest, LoginResponse } from '@repo/contracts/users';
import { request } from '#src/shared/http/api-client.ts';

/** POST /users/login. */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return request<LoginResponse>('users/login', { method: 'POST', body: credentials });
}
