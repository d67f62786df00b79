import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { readinessRoutes } from '../http/readiness.routes.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { registerMetrics } from '../metrics/metrics.routes.ts';

/**
 * A worker's own small HTTP server, on WORKER_PORT when set: GET /api/health (liveness),
 * GET /api/ready (the database answers, migrations applied) and GET /metrics (with METRICS_TOKEN,
 * as on the API: the PAC calls of this worker's recovery and the job queues).
 */
export async function startWorkerHttp(
  config: Pick<Config, 'WORKER_PORT' | 'HOST' | 'METRICS_TOKEN'>,
  database: Database,
  metrics: Metrics,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance | null> {
  if (!config.WORKER_PORT) return null;
  const app = Fastify({ loggerInstance: logger, disableRequestLogging: true });
  registerMetrics(app, metrics, config);
  await app.register(
    async (api) => {
      api.get('/health', async () => ({ success: true as const, data: { status: 'ok' } }));
      await api.register(readinessRoutes(database));
    },
    { prefix: '/api' },
  );
  await app.listen({ port: config.WORKER_PORT, host: config.HOST });
  return app;
}
