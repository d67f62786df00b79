import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UniqueCheckResponse } from '@repo/contracts/enterprises';
import { ok } from '@repo/contracts/envelope';
import { NewClientLoginResponse, NewClientTokenParams } from '@repo/contracts/new-client';
import {
  ChangePasswordRequest,
  ChangePersonalEmailRequest,
  LoginRequest,
  LoginResponse,
  SessionResponse,
  PendingEmailResponse,
  PersonalInformationRequest,
  RefreshResponse,
  ResendPersonalEmailTokenRequest,
  ResetPasswordRequest,
  ResetPasswordRequestedResponse,
  ResetPasswordSetRequest,
  ResetTokenExistsResponse,
  ResetTokenParams,
  TotalRemainingCreditsResponse,
  UniqueEmailParams,
  UserResponse,
  ValidatePersonalEmailRequest,
} from '@repo/contracts/users';
import { CambioEmpresaRequest } from '@repo/contracts/equipo';
import type { AppDeps } from '../../deps.ts';
import { cambiarEmpresa } from './cambio-empresa.service.ts';
import { authOf, requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientLogin } from '../new-client/new-client.service.ts';
import { knownDeviceCookie, knownDeviceOf } from './known-device.ts';
import {
  assertPasswordResetToken,
  changePassword,
  requestPasswordReset,
  setPasswordWithResetToken,
} from './user-password.service.ts';
import {
  changePersonalEmail,
  changePersonalInformation,
  resendPersonalEmailCode,
  validatePersonalEmail,
} from './user-profile.service.ts';
import {
  checkEmailUnique,
  login,
  logout,
  refreshToken,
  totalRemainingCredits,
} from './users.service.ts';

/** Routes that send e-mail: at most this many per IP in 15 minutes (counted in the database). */
const MAIL_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Session and users: spec section 7 (except check-first-steps-completed, in first-steps.routes.ts). */
export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(deps.db, deps.tokens);
    // Logout and refresh accept a token expired less than REFRESH_WINDOW ago.
    const signedInOrJustExpired = requireAuth(deps.db, deps.tokens, deps.config.REFRESH_WINDOW);

    app.post(
      '/users/login',
      { schema: { body: LoginRequest, response: { 200: ok(LoginResponse) } } },
      async (request, reply) => {
        const account = request.body.email;
        const device = knownDeviceOf(deps.secret, request.headers.cookie, account);
        const signedIn = await login(deps, request.body, {
          address: request.ip,
          device,
          maxFailuresPerIp: deps.config.LOGIN_MAX_FAILURES_PER_IP,
        });
        const secure = deps.config.PUBLIC_URL.startsWith('https:');
        reply.header(
          'set-cookie',
          knownDeviceCookie(deps.secret, account, signedIn.device, secure),
        );
        return envelope(signedIn.session);
      },
    );

    app.get(
      '/users/login/new-client/:newClientToken',
      { schema: { params: NewClientTokenParams, response: { 200: ok(NewClientLoginResponse) } } },
      async (request) => envelope(await newClientLogin(deps, request.params.newClientToken)),
    );

    app.get(
      '/users/logout',
      { onRequest: signedInOrJustExpired, schema: { response: { 200: ok(z.null()) } } },
      async (request) => {
        await logout(deps.db, sesionOf(request));
        return envelope(null);
      },
    );

    app.get(
      '/users/refresh-token',
      { onRequest: signedInOrJustExpired, schema: { response: { 200: ok(RefreshResponse) } } },
      async (request) => envelope(await refreshToken(deps, sesionOf(request))),
    );

    app.post(
      '/users/cambiar-empresa',
      {
        onRequest: signedIn,
        schema: { body: CambioEmpresaRequest, response: { 200: ok(SessionResponse) } },
      },
      async (request) =>
        envelope(await cambiarEmpresa(deps, sesionOf(request), request.body.enterprise_id)),
    );

    app.post(
      '/users/reset-password',
      {
        config: MAIL_RATE_LIMIT,
        schema: {
          body: ResetPasswordRequest,
          response: { 200: ok(ResetPasswordRequestedResponse) },
        },
      },
      async (request) => envelope(await requestPasswordReset(deps, request.body.email)),
    );

    app.get(
      '/users/reset-password/exist/:token',
      { schema: { params: ResetTokenParams, response: { 200: ok(ResetTokenExistsResponse) } } },
      async (request) => envelope(await assertPasswordResetToken(deps, request.params.token)),
    );

    app.post(
      '/users/reset-password/set',
      { schema: { body: ResetPasswordSetRequest, response: { 200: ok(LoginResponse) } } },
      async (request) => envelope(await setPasswordWithResetToken(deps, request.body)),
    );

    app.get(
      '/users/unique-email/:email',
      { schema: { params: UniqueEmailParams, response: { 200: UniqueCheckResponse } } },
      async (request) => checkEmailUnique(deps.db, request.params.email),
    );

    app.post(
      '/users/change-password',
      {
        onRequest: signedIn,
        schema: { body: ChangePasswordRequest, response: { 200: ok(z.null()) } },
      },
      async (request) => {
        await changePassword(deps, sesionOf(request), request.body);
        return envelope(null);
      },
    );

    app.post(
      '/users/change-personal-email',
      {
        onRequest: signedIn,
        config: MAIL_RATE_LIMIT,
        schema: { body: ChangePersonalEmailRequest, response: { 200: ok(PendingEmailResponse) } },
      },
      async (request) =>
        envelope(await changePersonalEmail(deps, sesionOf(request).userId, request.body.email)),
    );

    app.post(
      '/users/resend-token-personal-email',
      {
        onRequest: signedIn,
        config: MAIL_RATE_LIMIT,
        schema: {
          body: ResendPersonalEmailTokenRequest,
          response: { 200: ok(PendingEmailResponse) },
        },
      },
      async (request) =>
        envelope(await resendPersonalEmailCode(deps, sesionOf(request).userId, request.body.email)),
    );

    app.post(
      '/users/validate-token-personal-email',
      {
        onRequest: signedIn,
        schema: { body: ValidatePersonalEmailRequest, response: { 200: ok(UserResponse) } },
      },
      async (request) =>
        envelope(
          await validatePersonalEmail(
            deps,
            sesionOf(request).userId,
            request.body,
            sesionOf(request).enterpriseId,
          ),
        ),
    );

    app.post(
      '/users/change-personal-information',
      {
        onRequest: signedIn,
        schema: { body: PersonalInformationRequest, response: { 200: ok(UserResponse) } },
      },
      async (request) =>
        envelope(
          await changePersonalInformation(
            deps,
            sesionOf(request).userId,
            request.body,
            sesionOf(request).enterpriseId,
          ),
        ),
    );

    app.get(
      '/users/get-total-remaining-credits',
      { onRequest: signedIn, schema: { response: { 200: ok(TotalRemainingCreditsResponse) } } },
      async (request) =>
        envelope(await totalRemainingCredits(deps.db, authOf(request).enterpriseId)),
    );
  };
}
