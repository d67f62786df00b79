import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@repo/contracts/envelope';
import { ResumenInicio } from '@repo/contracts/inicio';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { resumenInicio } from './inicio.service.ts';

/** GET /inicio/resumen: the figures of the home screen for the signed-in enterprise. */
export function inicioRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));
    app.get(
      '/inicio/resumen',
      { schema: { response: { 200: ok(ResumenInicio) } } },
      async (request) =>
        envelope(await resumenInicio(deps.db, authOf(request).enterpriseId, deps.now())),
    );
  };
}
