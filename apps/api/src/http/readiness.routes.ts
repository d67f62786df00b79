import type { FastifyPluginAsync } from 'fastify';
import type { ErrorBody } from '@repo/contracts/envelope';
import type { Db } from '../db/client.ts';
import { migrationState } from '../db/migrate.ts';

/** A database that does not answer this fast is taken as not answering (a load balancer waits less). */
export const READY_TIMEOUT_MS = 3_000;

export const READY_MESSAGES = {
  sinBase: 'La base de datos no responde.',
  pendientes: (nombres: string[]) =>
    `Faltan migraciones por aplicar en la base de datos: ${nombres.join(', ')}.`,
  editadas: (nombres: string[]) =>
    `Migraciones cambiadas después de aplicarse en la base de datos: ${nombres.join(', ')}.`,
} as const;

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health is liveness: the process answers (no database call, so a database outage does
 * not get every process restarted). GET /api/ready is readiness: 200 only when the database answers
 * and every migration file of this build is applied, with the text it had; 503 with the reason
 * otherwise, so a load balancer sends no traffic to a process that could not serve it.
 */
export function readinessRoutes(deps: { db: Db }): FastifyPluginAsync {
  return async (app) => {
    app.get('/ready', async (request, reply) => {
      const notReady = (dataError: string) =>
        reply.status(503).send({ success: false, dataError } satisfies ErrorBody);
      let state: Awaited<ReturnType<typeof migrationState>>;
      try {
        state = await withTimeout(migrationState(deps.db), READY_TIMEOUT_MS);
      } catch (err) {
        request.log.warn({ err }, 'readiness: the database did not answer');
        return notReady(READY_MESSAGES.sinBase);
      }
      if (state.pending.length) return notReady(READY_MESSAGES.pendientes(state.pending));
      if (state.changed.length) return notReady(READY_MESSAGES.editadas(state.changed));
      return { success: true as const, data: { status: 'ready', migrations: state.applied } };
    });
  };
}
