import { LoginRequest } from '@repo/contracts/users';

export interface LoginValues {
  email: string;
  password: string;
}
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** The login form checked with the API's own contract: the request to send, or a message per field. */
export function checkLogin(
  values: LoginValues,
): { success: true; data: LoginRequest } | { success: false; errors: LoginErrors } {
  const parsed = LoginRequest.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { success: false, errors };
}
