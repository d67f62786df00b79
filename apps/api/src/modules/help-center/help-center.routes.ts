import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@repo/contracts/envelope';
import { QuestionFormRequest, QuestionFormResponse } from '@repo/contracts/help-center';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { submitQuestion } from './help-center.service.ts';

/** The help center's question form. */
export function helpCenterRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.post(
      '/help-center/question-form',
      {
        config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: { body: QuestionFormRequest, response: { 201: ok(QuestionFormResponse) } },
      },
      async (request, reply) => {
        const result = await submitQuestion(deps, sesionOf(request), request.body);
        return reply.code(201).send(envelope(result));
      },
    );
  };
}
