import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@repo/contracts/envelope';
import {
  NewClientChangeEmailRequest,
  NewClientChangeEmailResponse,
  NewClientLoginResponse,
  NewClientTokenData,
  NewClientTokenParams,
  PreRegisterRequest,
  ResendPreRegisterEmailResponse,
  ValidateNewClientTokenRequest,
  ValidateNewClientTokenResponse,
} from '@repo/contracts/new-client';
import type { AppDeps } from '../../deps.ts';
import { ok as envelope } from '../../http/envelope.ts';
import {
  changeNewClientEmail,
  finishInitialConfiguration,
  preRegister,
  resendPreRegisterEmail,
  validateNewClientToken,
} from './new-client.service.ts';

/** Routes that send e-mail: at most this many per IP in 15 minutes (in-process counter). */
const MAIL_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Registration and e-mail verification of a new client (spec section 7, "Session and users"). */
export function newClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/new-client-pre-register',
      {
        config: MAIL_RATE_LIMIT,
        schema: { body: PreRegisterRequest, response: { 201: ok(NewClientTokenData) } },
      },
      async (request, reply) => {
        const newClientToken = await preRegister(deps, request.body);
        return reply.code(201).send(envelope({ new_client_token: newClientToken }));
      },
    );

    app.post(
      '/new-client/validate-token',
      {
        schema: {
          body: ValidateNewClientTokenRequest,
          response: { 200: ok(ValidateNewClientTokenResponse) },
        },
      },
      async (request) => envelope(await validateNewClientToken(deps, request.body)),
    );

    app.get(
      '/new-client/resend-pre-register-email/:newClientToken',
      {
        config: MAIL_RATE_LIMIT,
        schema: {
          params: NewClientTokenParams,
          response: { 200: ok(ResendPreRegisterEmailResponse) },
        },
      },
      async (request) =>
        envelope(await resendPreRegisterEmail(deps, request.params.newClientToken)),
    );

    app.post(
      '/new-client/change-email',
      {
        config: MAIL_RATE_LIMIT,
        schema: {
          body: NewClientChangeEmailRequest,
          response: { 200: ok(NewClientChangeEmailResponse) },
        },
      },
      async (request) => envelope(await changeNewClientEmail(deps, request.body)),
    );

    app.post(
      '/new-client/complete-initial-configuration/:newClientToken',
      {
        schema: { params: NewClientTokenParams, response: { 200: ok(NewClientLoginResponse) } },
      },
      async (request) =>
        envelope(await finishInitialConfiguration(deps, request.params.newClientToken)),
    );
  };
}
