import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import {
  SerieCreateRequest,
  SerieKind,
  SerieResponse,
  SerieUpdateRequest,
} from '@repo/contracts/series';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { listSeries } from './series.queries.ts';
import { createSerie, deleteSerie, updateSerie } from './series.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });
const IdParams = z.object({ id: z.coerce.number().int() });
const ENTERPRISE_NOT_FOUND = 'La empresa no existe.';

/** Series y folios: spec section 7, "Series". */
export function seriesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    /** The path's enterprise must be the signed-in one; any other id is answered as not found. */
    const ownEnterprise = (request: Parameters<typeof authOf>[0], enterpriseId: number) => {
      const { enterpriseId: own } = authOf(request);
      if (own !== enterpriseId) throw new AppError('NOT_FOUND', ENTERPRISE_NOT_FOUND);
      return own;
    };

    for (const kind of SerieKind.options) {
      app.get(
        `/series/:enterpriseId/${kind}`,
        { schema: { params: EnterpriseParams, response: { 200: ok(z.array(SerieResponse)) } } },
        async (request) => {
          const enterpriseId = ownEnterprise(request, request.params.enterpriseId);
          return envelope(await listSeries(deps.db, enterpriseId, kind));
        },
      );
    }

    app.post(
      '/series/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          body: SerieCreateRequest,
          response: { 201: ok(SerieResponse) },
        },
      },
      async (request, reply) => {
        const enterpriseId = ownEnterprise(request, request.params.enterpriseId);
        const serie = await createSerie(deps.db, enterpriseId, request.body);
        return reply.code(201).send(envelope(serie));
      },
    );

    app.put(
      '/series/:id',
      {
        schema: {
          params: IdParams,
          body: SerieUpdateRequest,
          response: { 200: ok(SerieResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await updateSerie(deps.db, enterpriseId, request.params.id, request.body));
      },
    );

    app.delete(
      '/series/:id',
      { schema: { params: IdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        await deleteSerie(deps.db, enterpriseId, request.params.id);
        return envelope(null);
      },
    );
  };
}
