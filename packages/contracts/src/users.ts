import { z } from 'zod';
import { EnterpriseSummary } from './enterprises.ts';

// Session and users: spec section 7. Every answer is the `{ success, data }` envelope; errors are
// `{ success: false, dataError }` (field errors: 422 `{ dataError: { campo: ['mensaje'] } }`).

export const EMAIL_INVALID_MESSAGE = 'Ingrese un correo electrónico válido';
export const EMAIL_TAKEN_MESSAGE = 'Ya existe una cuenta registrada con este correo electrónico';
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_RULES_MESSAGE = 'La contraseña debe tener al menos 12 caracteres';
/** A new password found on the list of common or breached passwords shipped with the API. */
export const PASSWORD_COMMON_MESSAGE =
  'Esta contraseña es muy común o apareció en filtraciones de datos. Elija otra, por favor.';
/** The hint under every field that sets a password. */
export const PASSWORD_HINT = 'Al menos 12 caracteres, sin más reglas. Evite contraseñas comunes.';
export const PASSWORD_CONFIRMATION_MESSAGE = 'La confirmación no coincide con la contraseña';
export const NAME_REQUIRED_MESSAGE = 'El nombre es obligatorio';
export const PHONE_INVALID_MESSAGE = 'El teléfono debe tener 10 dígitos';

/** Login failures (HTTP 400 and 429, both with `showErrorToClient: true`). */
export const LOGIN_FAILED_MESSAGE = 'El correo electrónico o la contraseña no son correctos.';
/** HTTP 429 of a sign-in that must wait: the wait rounded up to whole minutes. */
export function loginRateLimitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Demasiados intentos fallidos de inicio de sesión. Espere ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e inténtelo de nuevo.`;
}
/** Login of an account whose e-mail is not verified yet (HTTP 409; a new link is e-mailed). */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Su correo electrónico aún no ha sido verificado. Le enviamos un nuevo enlace de verificación.';

/** An e-mail address: trimmed and lower-cased before it is checked and stored. */
export const Email = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_INVALID_MESSAGE)
  .regex(z.regexes.email, EMAIL_INVALID_MESSAGE);

/**
 * A new password: 12 to 128 characters, no composition rules (OWASP ASVS 2.1). The API also refuses
 * one on its list of common or breached passwords (PASSWORD_COMMON_MESSAGE); signing in with an
 * older, shorter password keeps working (LoginRequest checks only presence).
 */
export const Password = z
  .string({ error: PASSWORD_RULES_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULES_MESSAGE)
  .max(128, 'La contraseña no puede tener más de 128 caracteres');

export const PersonName = z
  .string({ error: NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, NAME_REQUIRED_MESSAGE)
  .max(120, 'El nombre no puede tener más de 120 caracteres');

/** A Mexican 10-digit phone; spaces, dashes, dots and parentheses are dropped. Empty is allowed. */
export const Phone = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .refine((v) => v === '' || /^\d{10}$/.test(v), PHONE_INVALID_MESSAGE);

/** The signed-in user (spec section 3, "User"); the first enterprise is the active one. */
export const UserResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  first_steps_completed: z.boolean(),
  enterprises: z.array(EnterpriseSummary),
});
export type UserResponse = z.infer<typeof UserResponse>;

/** A signed-in session: `expires_in` in seconds. */
export const SessionResponse = z.object({
  user: UserResponse,
  token: z.string(),
  expires_in: z.number().int(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** Setup incomplete: go to /configuracion-inicial/:new_client_token. */
export const NewClientTokenResponse = z.object({ new_client_token: z.string() });
export type NewClientTokenResponse = z.infer<typeof NewClientTokenResponse>;

/** POST /api/users/login. */
export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(1, 'La contraseña es obligatoria'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * POST /api/users/login and POST /api/users/reset-password/set: a session, or `{ new_client_token }`
 * while the enterprise's initial configuration is incomplete.
 * Wrong e-mail or password: 400 LOGIN_FAILED_MESSAGE. Too many failures (from the 5th wrong password
 * in a row for one account, a wait of 1 minute doubling up to 1 hour for every client but the
 * account's known devices, each of which counts its own; 100 from one address in 15 minutes,
 * whatever the account, for clients that are not a known device of the account they try): 429
 * loginRateLimitMessage(wait). A successful sign-in sets the HttpOnly known-device cookie.
 * Unverified e-mail: 409 EMAIL_NOT_VERIFIED_MESSAGE.
 */
export const LoginResponse = z.union([SessionResponse, NewClientTokenResponse]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /api/users/refresh-token (Bearer: a valid or just-expired token; the old one is revoked). */
export const RefreshResponse = z.object({ token: z.string(), expires_in: z.number().int() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** GET /api/users/unique-email/{email}: answered with UniqueCheckResponse (contracts/enterprises). */
export const UniqueEmailParams = z.object({ email: Email });

/** POST /api/users/reset-password: always the same answer, whether or not the e-mail exists. */
export const ResetPasswordRequest = z.object({ email: Email });
export const RESET_PASSWORD_REQUESTED_MESSAGE =
  'Si el correo electrónico está registrado, recibirá un enlace para restablecer su contraseña.';
export const ResetPasswordRequestedResponse = z.object({ message: z.string() });

/**
 * GET /api/users/reset-password/exist/{token}: 200 `{ exists: true }`, or 404
 * RESET_TOKEN_INVALID_MESSAGE when unknown, used or expired (links live 1 hour, single use).
 * The e-mailed link is PUBLIC_URL/reset-password/{token}.
 */
export const ResetTokenParams = z.object({ token: z.string().min(1).max(200) });
export const RESET_TOKEN_INVALID_MESSAGE =
  'El enlace para restablecer la contraseña no es válido o ya expiró. Solicite uno nuevo.';
export const ResetTokenExistsResponse = z.object({ exists: z.literal(true) });

const PASSWORD_CONFIRMATION_CHECK = {
  message: PASSWORD_CONFIRMATION_MESSAGE,
  path: ['password_confirmation'],
};
const confirms = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;

/** POST /api/users/reset-password/set: answers like login (LoginResponse). Invalid token: 404. */
export const ResetPasswordSetRequest = z
  .object({
    token: z.string().min(1).max(200),
    password: Password,
    password_confirmation: z.string(),
  })
  .refine(confirms, PASSWORD_CONFIRMATION_CHECK);
export type ResetPasswordSetRequest = z.infer<typeof ResetPasswordSetRequest>;

/** POST /api/users/change-password → `data: null`. Wrong current password: 422 on current_password. */
export const ChangePasswordRequest = z
  .object({
    current_password: z
      .string({ error: 'Ingrese su contraseña actual' })
      .min(1, 'Ingrese su contraseña actual'),
    password: Password,
    password_confirmation: z.string(),
  })
  .refine(confirms, PASSWORD_CONFIRMATION_CHECK);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'La contraseña actual no es correcta';

/**
 * POST /api/users/change-personal-email `{ email }`: e-mails an 8-character code to the new address
 * (valid 30 minutes) → `data: { email }` (the pending address). The account keeps its current
 * e-mail until POST /api/users/validate-token-personal-email.
 */
export const ChangePersonalEmailRequest = z.object({ email: Email });
export const PendingEmailResponse = z.object({ email: z.string() });
export const SAME_EMAIL_MESSAGE = 'El nuevo correo electrónico es igual al actual';

/** POST /api/users/resend-token-personal-email `{ email }` (the pending address) → `data: { email }`. */
export const ResendPersonalEmailTokenRequest = z.object({ email: Email });
export const NO_PENDING_EMAIL_MESSAGE = 'No hay un cambio de correo pendiente para esta dirección';

/**
 * POST /api/users/validate-token-personal-email → `data: UserResponse` with the new e-mail.
 * A wrong or expired code: 422 on email_verification_token.
 */
export const ValidatePersonalEmailRequest = z.object({
  email_verification_token: z
    .string({ error: 'Ingrese el código de verificación' })
    .trim()
    .toUpperCase()
    .min(1, 'Ingrese el código de verificación')
    .max(200),
  email: Email,
});
export type ValidatePersonalEmailRequest = z.infer<typeof ValidatePersonalEmailRequest>;
export const EMAIL_CODE_INVALID_MESSAGE =
  'El código de verificación no es válido o ya expiró. Solicite uno nuevo.';

/** POST /api/users/change-personal-information → `data: UserResponse`. */
export const PersonalInformationRequest = z.object({ name: PersonName, phone: Phone.default('') });
export type PersonalInformationRequest = z.infer<typeof PersonalInformationRequest>;

/** GET /api/users/get-total-remaining-credits: the ledger sum over the user's enterprises. */
export const TotalRemainingCreditsResponse = z.object({
  user_total_remaining_credits: z.number().int(),
});
