import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { checkFirstSteps } from './first-steps.ts';

const FirstStepsResponse = z.object({
  client_created: z.boolean(),
  product_service_created: z.boolean(),
  sellos_digitales_created: z.boolean(),
  invoice_created: z.boolean(),
});

/** GET /users/check-first-steps-completed: the four milestones of the home page (spec section 7). */
export function firstStepsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/check-first-steps-completed',
      {
        onRequest: requireAuth(deps.db, deps.tokens),
        schema: { response: { 200: ok(FirstStepsResponse) } },
      },
      async (request) => {
        const { userId, enterpriseId } = sesionOf(request);
        return envelope(await checkFirstSteps(deps.db, { userId, enterpriseId }));
      },
    );
  };
}
