import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { IdempotencyKeyHeaders } from '@repo/contracts/facturas';
import {
  CancelarNotaCreditoRequest,
  CancelarNotaCreditoResponse,
  NotaCreditoItem,
  NotaCreditoRequest,
  NotaCreditoResponse,
  NotasCreditoQuery,
  NotasCreditoResponse,
  NotaCreditoVistaPrevia,
} from '@repo/contracts/notas-credito';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import {
  cancelarNotaCredito,
  detalleNotaCredito,
  emitirNotaCredito,
  listarNotasCredito,
} from './notas-credito.service.ts';
import { vistaPrevia } from './nota-credito-tipo.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const BASE = '/facturacion/V40/nota-credito';
// Who may call each route (issue 27), declared with it: read by every role, issued by whoever issues.
const VER = { capacidad: 'ver' } as const;
const EMITIR = { capacidad: 'emitir' } as const;

/** Credit notes (issue 25): a new one stamped, its preview, the list, the detail, the cancellation. */
export function notasCreditoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.get(
      BASE,
      {
        config: VER,
        schema: { querystring: NotasCreditoQuery, response: { 200: ok(NotasCreditoResponse) } },
      },
      async (request) =>
        envelope(await listarNotasCredito(deps, authOf(request).enterpriseId, request.query)),
    );

    app.get(
      `${BASE}/:id`,
      { config: VER, schema: { params: IdParams, response: { 200: ok(NotaCreditoItem) } } },
      async (request) =>
        envelope(await detalleNotaCredito(deps, authOf(request).enterpriseId, request.params.id)),
    );

    app.post(
      BASE,
      {
        config: EMITIR,
        schema: {
          headers: IdempotencyKeyHeaders,
          body: NotaCreditoRequest,
          response: { 200: ok(NotaCreditoResponse) },
        },
      },
      async (request) => {
        const key = request.headers['idempotency-key'] ?? request.body.idempotency_key;
        return envelope(
          await emitirNotaCredito(deps, authOf(request).enterpriseId, {
            ...request.body,
            idempotency_key: key ?? null,
          }),
        );
      },
    );

    // The form's live amounts: computed by the engine from the request, nothing stamped or spent.
    app.post(
      `${BASE}/vista-previa`,
      {
        config: EMITIR,
        schema: { body: NotaCreditoRequest, response: { 200: ok(NotaCreditoVistaPrevia) } },
      },
      async (request) =>
        envelope(await vistaPrevia(deps, authOf(request).enterpriseId, request.body)),
    );

    app.post(
      `${BASE}/:id/cancelar`,
      {
        config: EMITIR,
        schema: {
          params: IdParams,
          body: CancelarNotaCreditoRequest,
          response: { 200: ok(CancelarNotaCreditoResponse) },
        },
      },
      async (request) =>
        envelope(
          await cancelarNotaCredito(
            deps,
            authOf(request).enterpriseId,
            request.params.id,
            request.body,
          ),
        ),
    );
  };
}
