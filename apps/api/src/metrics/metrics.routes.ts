import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@repo/contracts/envelope';
import type { Metrics } from './metrics.ts';

/** The route label of a request no route matched (the SPA's pages, 404s): one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** True when the Authorization header is `Bearer <token>`; compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(sha256(given), sha256(token));
}

/**
 * Every answered request is counted and timed by its route pattern (`/api/clients/:id`, never the
 * raw URL, whose ids and tokens would make a series per request), and GET /metrics serves the
 * Prometheus text format. Metrics say how much each enterprise works and what fails, so they are
 * not public: without METRICS_TOKEN the route answers 404 as if it did not exist, and with it only
 * `Authorization: Bearer <METRICS_TOKEN>` is answered (401 otherwise).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: { METRICS_TOKEN: string },
): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = config.METRICS_TOKEN;
    if (!token) {
      return reply.status(404).send({
        success: false,
        dataError: 'El recurso solicitado no existe.',
      } satisfies ErrorBody);
    }
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({
          success: false,
          dataError: 'Las métricas requieren el token de METRICS_TOKEN (Authorization: Bearer).',
        } satisfies ErrorBody);
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
