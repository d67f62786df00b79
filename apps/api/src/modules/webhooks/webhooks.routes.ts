import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, paginated, PageQuery } from '@repo/contracts/envelope';
import {
  EntregaDetalleResponse,
  EntregaResponse,
  WebhookConSecretoResponse,
  WebhookRequest,
  WebhookResponse,
} from '@repo/contracts/webhooks';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { listarEntregas } from './entregas.queries.ts';
import { buscarEndpoint, listarEndpoints } from './webhooks.queries.ts';
import {
  actualizarWebhook,
  crearWebhook,
  detalleEntrega,
  eliminarWebhook,
  probarWebhook,
  reenviarEntrega,
  rotarSecreto,
  type WebhooksDeps,
} from './webhooks.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });
const IdParams = z.object({ id: z.coerce.number().int() });

/** Webhooks of the signed-in enterprise (issue 28): endpoints, their deliveries, "Reenviar". */
export function webhooksRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const w: WebhooksDeps = {
    db: deps.db,
    secret: deps.secret,
    now: deps.now,
    redPrivada: deps.config.WEBHOOKS_RED_PRIVADA === 'on',
  };
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    /** The path's enterprise must be the signed-in one; any other id is answered as not found. */
    const propia = (request: Parameters<typeof authOf>[0], enterpriseId: number) => {
      const { enterpriseId: own } = authOf(request);
      if (own !== enterpriseId) throw new AppError('NOT_FOUND', 'La empresa no existe.');
      return own;
    };

    app.get(
      '/webhooks/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(z.array(WebhookResponse)) } } },
      async (request) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const rows = await listarEndpoints(deps.db, enterpriseId);
        return envelope(rows.map((r) => WebhookResponse.parse(r)));
      },
    );

    app.post(
      '/webhooks/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          body: WebhookRequest,
          response: { 201: ok(WebhookConSecretoResponse) },
        },
      },
      async (request, reply) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        return reply.code(201).send(envelope(await crearWebhook(w, enterpriseId, request.body)));
      },
    );

    app.put(
      '/webhooks/endpoint/:id',
      {
        schema: { params: IdParams, body: WebhookRequest, response: { 200: ok(WebhookResponse) } },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await actualizarWebhook(w, enterpriseId, request.params.id, request.body));
      },
    );

    app.delete(
      '/webhooks/endpoint/:id',
      { schema: { params: IdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        await eliminarWebhook(w, authOf(request).enterpriseId, request.params.id);
        return envelope(null);
      },
    );

    app.post(
      '/webhooks/endpoint/:id/secreto',
      { schema: { params: IdParams, response: { 200: ok(WebhookConSecretoResponse) } } },
      async (request) =>
        envelope(await rotarSecreto(w, authOf(request).enterpriseId, request.params.id)),
    );

    app.post(
      '/webhooks/endpoint/:id/prueba',
      { schema: { params: IdParams, response: { 202: ok(z.null()) } } },
      async (request, reply) => {
        await probarWebhook(w, authOf(request).enterpriseId, request.params.id);
        return reply.code(202).send(envelope(null));
      },
    );

    app.get(
      '/webhooks/endpoint/:id/entregas',
      {
        schema: {
          params: IdParams,
          querystring: PageQuery,
          response: { 200: ok(paginated(EntregaResponse)) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        if (!(await buscarEndpoint(deps.db, enterpriseId, request.params.id))) {
          throw new AppError('NOT_FOUND', 'El webhook no existe.');
        }
        const { page, items_per_page: perPage } = request.query;
        const { rows, total } = await listarEntregas(deps.db, enterpriseId, request.params.id, {
          page,
          perPage,
        });
        return envelope({
          data: rows,
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
        });
      },
    );

    app.get(
      '/webhooks/entregas/:id',
      { schema: { params: IdParams, response: { 200: ok(EntregaDetalleResponse) } } },
      async (request) =>
        envelope(await detalleEntrega(w, authOf(request).enterpriseId, request.params.id)),
    );

    app.post(
      '/webhooks/entregas/:id/reenviar',
      { schema: { params: IdParams, response: { 202: ok(z.null()) } } },
      async (request, reply) => {
        await reenviarEntrega(w, authOf(request).enterpriseId, request.params.id);
        return reply.code(202).send(envelope(null));
      },
    );
  };
}
