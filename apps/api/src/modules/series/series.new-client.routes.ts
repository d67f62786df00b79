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
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { listSeries } from './series.queries.ts';
import { createSerie, deleteSerie, updateSerie } from './series.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });
const TokenIdParams = TokenParams.extend({ id: z.coerce.number().int() });

/** The initial configuration wizard's series, for the enterprise of the new-client token. */
export function seriesNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(deps.db, deps.now));

    for (const kind of SerieKind.options) {
      app.get(
        `/new-client/series/:newClientToken/${kind}`,
        { schema: { params: TokenParams, response: { 200: ok(z.array(SerieResponse)) } } },
        async (request) =>
          envelope(await listSeries(deps.db, newClientOf(request).enterpriseId, kind)),
      );
    }

    app.post(
      '/new-client/series/:newClientToken',
      {
        schema: {
          params: TokenParams,
          body: SerieCreateRequest,
          response: { 201: ok(SerieResponse) },
        },
      },
      async (request, reply) => {
        const serie = await createSerie(deps.db, newClientOf(request).enterpriseId, request.body);
        return reply.code(201).send(envelope(serie));
      },
    );

    app.put(
      '/new-client/series/:newClientToken/:id',
      {
        schema: {
          params: TokenIdParams,
          body: SerieUpdateRequest,
          response: { 200: ok(SerieResponse) },
        },
      },
      async (request) =>
        envelope(
          await updateSerie(
            deps.db,
            newClientOf(request).enterpriseId,
            request.params.id,
            request.body,
          ),
        ),
    );

    app.delete(
      '/new-client/series/:newClientToken/:id',
      { schema: { params: TokenIdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        await deleteSerie(deps.db, newClientOf(request).enterpriseId, request.params.id);
        return envelope(null);
      },
    );
  };
}
