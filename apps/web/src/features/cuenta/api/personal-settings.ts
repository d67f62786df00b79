import type {
  ChangePasswordRequest,
  PersonalInformationRequest,
  UserResponse,
  ValidatePersonalEmailRequest,
} from '@repo/contracts/users';
import { request } from '#src/shared/http/api-client.ts';

/** POST /users/change-password. */
export function changePassword(body: ChangePasswordRequest): Promise<null> {
  return request<null>('users/change-password', { method: 'POST', body });
}

/** POST /users/change-personal-email: e-mails a code to the new address. */
export function changePersonalEmail(email: string): Promise<{ email: string }> {
  return request('users/change-personal-email', { method: 'POST', body: { email } });
}

/** POST /users/resend-token-personal-email. */
export function resendPersonalEmailToken(email: string): Promise<{ email: string }> {
  return request('users/resend-token-personal-email', { method: 'POST', body: { email } });
}

/** POST /users/validate-token-personal-email → the user with the new e-mail. */
export function validatePersonalEmail(body: ValidatePersonalEmailRequest): Promise<UserResponse> {
  return request('users/validate-token-personal-email', { method: 'POST', body });
}

/** POST /users/change-personal-information → the updated user. */
export function changePersonalInformation(body: PersonalInformationRequest): Promise<UserResponse> {
  return request('users/change-personal-information', { method: 'POST', body });
}
