import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UniqueCheckResponse, UniqueRfcParams } from '@repo/contracts/enterprises';
import type { AppDeps } from '../../deps.ts';
import { optionalAuth } from '../../http/auth.ts';
import { checkRfcUnique } from './enterprises.service.ts';

/** Enterprise checks used by the registration and tax data forms. */
export function enterprisesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The RFC is optional in the path: an empty RFC skips the check (spec section 5). A signed-in
    // caller (tax data form) may keep its own enterprise's RFC.
    app.get(
      '/enterprises/unique-rfc/:rfc?',
      {
        onRequest: optionalAuth(deps.db, deps.tokens),
        schema: { params: UniqueRfcParams, response: { 200: UniqueCheckResponse } },
      },
      async (request) => {
        const own = request.auth?.enterpriseId ?? null;
        return checkRfcUnique(deps.db, request.params.rfc, own);
      },
    );
  };
}
