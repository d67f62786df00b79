import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyKeyHeaders } from '@repo/contracts/emision';
import { z } from 'zod';
import {
  AnticipoItem,
  AnticipoRequest,
  AnticipoResponse,
  AnticiposQuery,
  AnticiposResponse,
  AplicarAnticipoRequest,
} from '@repo/contracts/anticipos';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import {
  aplicarAnticipo,
  detalleAnticipo,
  emitirAnticipo,
  listarAnticipos,
} from './anticipos.service.ts';
import type { TiposDelAnticipo } from './anticipos-tipos.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const BASE = '/facturacion/V40/anticipos';

/**
 * Advances (issue 25): the SAT's three steps, the list with what remains to do, the detail. `tipos`
 * are the invoice's and the credit note's parts its steps issue, handed over by server.ts.
 */
export function anticiposRoutes(deps: AppDeps, tipos: TiposDelAnticipo): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.get(
      BASE,
      { schema: { querystring: AnticiposQuery, response: { 200: ok(AnticiposResponse) } } },
      async (request) =>
        envelope(await listarAnticipos(deps, authOf(request).enterpriseId, request.query)),
    );

    app.get(
      `${BASE}/:id`,
      { schema: { params: IdParams, response: { 200: ok(AnticipoItem) } } },
      async (request) =>
        envelope(await detalleAnticipo(deps, authOf(request).enterpriseId, request.params.id)),
    );

    app.post(
      BASE,
      {
        schema: {
          headers: IdempotencyKeyHeaders,
          body: AnticipoRequest,
          response: { 200: ok(AnticipoResponse) },
        },
      },
      // The standard Idempotency-Key header, or the body field: one key space.
      async (request) =>
        envelope(
          await emitirAnticipo(deps, tipos, authOf(request).enterpriseId, {
            ...request.body,
            idempotency_key: request.headers['idempotency-key'] ?? request.body.idempotency_key,
          }),
        ),
    );

    app.post(
      `${BASE}/:id/aplicar`,
      {
        schema: {
          headers: IdempotencyKeyHeaders,
          params: IdParams,
          body: AplicarAnticipoRequest,
          response: { 200: ok(AnticipoResponse) },
        },
      },
      async (request) =>
        envelope(
          await aplicarAnticipo(deps, tipos, authOf(request).enterpriseId, request.params.id, {
            ...request.body,
            idempotency_key: request.headers['idempotency-key'] ?? request.body.idempotency_key,
          }),
        ),
    );
  };
}
