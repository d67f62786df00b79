import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelarPagoRequest,
  CancelarPagoResponse,
  ComplementoPagoRequest,
  ComplementoPagoResponse,
  PagosDeFacturaResponse,
} from '@repo/contracts/complementos-pago';
import { ok } from '@repo/contracts/envelope';
import { IdempotencyKeyHeaders, SustituyeQuery } from '@repo/contracts/emision';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { cancelarPago, listarPagos, registrarPago } from './complementos-pago.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const BASE = '/facturacion/V40/complemento-pago';

/** Payment complements (spec section 7): an invoice's payments, a new one, its cancellation. */
export function complementosPagoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.get(
      `${BASE}/:id`,
      { schema: { params: IdParams, response: { 200: ok(PagosDeFacturaResponse) } } },
      async (request) =>
        envelope(await listarPagos(deps, authOf(request).enterpriseId, request.params.id)),
    );

    app.post(
      BASE,
      {
        schema: {
          headers: IdempotencyKeyHeaders,
          querystring: SustituyeQuery,
          body: ComplementoPagoRequest,
          response: { 200: ok(ComplementoPagoResponse) },
        },
      },
      async (request) => {
        // The standard Idempotency-Key header, or the body field: one key space.
        const key = request.headers['idempotency-key'] ?? request.body.idempotency_key;
        const body = { ...request.body, idempotency_key: key };
        const sustituye = request.query.sustituye ?? null;
        return envelope(await registrarPago(deps, authOf(request).enterpriseId, body, sustituye));
      },
    );

    app.post(
      `${BASE}/:id/cancelar`,
      {
        schema: {
          params: IdParams,
          body: CancelarPagoRequest,
          response: { 200: ok(CancelarPagoResponse) },
        },
      },
      async (request) =>
        envelope(
          await cancelarPago(deps, authOf(request).enterpriseId, request.params.id, request.body),
        ),
    );
  };
}
