import { z } from 'zod';
import { EnterpriseSummary, OptionalRfc } from './enterprises.ts';
import { Email, Password, PersonName, Phone, UserResponse } from './users.ts';

// Registration of a new client and the token that leads to its initial configuration.
//
// The verification e-mail links to PUBLIC_URL/bienvenido/{new_client_token}?email_verification_token=…
// (query parameter named WELCOME_LINK_QUERY). The welcome screen posts both to
// POST /api/new-client/validate-token, then calls GET /api/users/login/new-client/{new_client_token}
// and opens /configuracion-inicial/{new_client_token}.

export const WELCOME_LINK_QUERY = 'email_verification_token';

/** POST /api/new-client-pre-register → 201 `data: { new_client_token }`. */
export const PreRegisterRequest = z.object({
  email: Email,
  password: Password,
  name: PersonName,
  phone: Phone.optional().default(''),
  /** May be empty: the wizard's tax data step sets it. */
  rfc: OptionalRfc.optional().default(''),
});
export type PreRegisterRequest = z.infer<typeof PreRegisterRequest>;

export const NewClientTokenData = z.object({ new_client_token: z.string() });

/** Path parameter of every new-client route (and of the wizard's new-client/* variants). */
export const NewClientTokenParams = z.object({ newClientToken: z.string().min(1).max(200) });

/** Unknown token, or the initial configuration is already complete: 404. */
export const NEW_CLIENT_TOKEN_INVALID_MESSAGE =
  'El enlace no es válido o la configuración inicial ya fue completada. Inicie sesión.';
/** A wizard call before the e-mail is verified: 409. */
export const NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE =
  'Primero verifique su correo electrónico con el enlace que le enviamos.';
/** Resend or change e-mail after verification: 409. */
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Su correo electrónico ya fue verificado.';
/** A wrong, used or expired verification token (links live 48 hours): 400. */
export const EMAIL_VERIFICATION_INVALID_MESSAGE =
  'El enlace de verificación no es válido o ya expiró. Solicite uno nuevo.';

/**
 * POST /api/new-client/validate-token → `data: { email, already_verified }`. Validating again once
 * verified answers 200 with `already_verified: true` (a reloaded welcome page is not an error).
 */
export const ValidateNewClientTokenRequest = z.object({
  new_client_token: z.string().min(1).max(200),
  email_verification_token: z.string().min(1).max(200),
});
export const ValidateNewClientTokenResponse = z.object({
  email: z.string(),
  already_verified: z.boolean(),
});

/** GET /api/new-client/resend-pre-register-email/{newClientToken} → `data: { email }`. */
export const ResendPreRegisterEmailResponse = z.object({ email: z.string() });

/** POST /api/new-client/change-email: changes the unverified address and sends a new link. */
export const NewClientChangeEmailRequest = z.object({
  new_client_token: z.string().min(1).max(200),
  email: Email,
});
export const NewClientChangeEmailResponse = z.object({ email: z.string() });

/** The wizard cannot finish before the tax data are saved: 422. */
export const DATOS_FISCALES_PENDING_MESSAGE =
  'Capture y guarde sus datos fiscales antes de terminar la configuración inicial.';

/**
 * POST /api/new-client/complete-initial-configuration/{newClientToken}: the wizard's last step. Marks
 * the enterprise set up, ends its new-client tokens and answers a session (NewClientLoginResponse).
 * 422 DATOS_FISCALES_PENDING_MESSAGE until the tax data are saved.
 */

/**
 * GET /api/users/login/new-client/{newClientToken}: a session for the initial configuration wizard.
 * 404 NEW_CLIENT_TOKEN_INVALID_MESSAGE, 409 NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE.
 */
export const NewClientLoginResponse = z.object({
  user: UserResponse,
  token: z.string(),
  expires_in: z.number().int(),
  enterprise: EnterpriseSummary,
});
export type NewClientLoginResponse = z.infer<typeof NewClientLoginResponse>;
