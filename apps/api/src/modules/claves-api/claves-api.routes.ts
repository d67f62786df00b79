import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClaveApiCreadaResponse,
  ClaveApiRequest,
  ClaveApiResponse,
} from '@repo/contracts/claves-api';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { crearClave, revocar, verClaves, type ClavesApiDeps } from './claves-api.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });
const IdParams = z.object({ id: z.coerce.number().int() });

/** The enterprise's API keys (issue 28): listed, created (shown once) and revoked by a member. */
export function clavesApiRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const c: ClavesApiDeps = { db: deps.db, now: deps.now };
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    /** A member's session of the path's enterprise; any other id is answered as not found. */
    const quien = (request: Parameters<typeof sesionOf>[0], enterpriseId?: number) => {
      const auth = sesionOf(request);
      if (enterpriseId !== undefined && auth.enterpriseId !== enterpriseId) {
        throw new AppError('NOT_FOUND', 'La empresa no existe.');
      }
      return { enterpriseId: auth.enterpriseId, userId: auth.userId };
    };

    app.get(
      '/claves-api/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(z.array(ClaveApiResponse)) } } },
      async (request) => {
        const { enterpriseId } = quien(request, request.params.enterpriseId);
        return envelope(await verClaves(c, enterpriseId));
      },
    );

    app.post(
      '/claves-api/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          body: ClaveApiRequest,
          response: { 201: ok(ClaveApiCreadaResponse) },
        },
      },
      async (request, reply) => {
        const q = quien(request, request.params.enterpriseId);
        return reply.code(201).send(envelope(await crearClave(c, q, request.body)));
      },
    );

    app.post(
      '/claves-api/clave/:id/revocar',
      { schema: { params: IdParams, response: { 200: ok(ClaveApiResponse) } } },
      async (request) => envelope(await revocar(c, quien(request), request.params.id)),
    );
  };
}
