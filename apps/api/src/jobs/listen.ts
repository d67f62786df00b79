import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { JOBS_CHANNEL } from './aviso.ts';

export interface Escucha {
  close(): Promise<void>;
}

/**
 * LISTEN on the jobs' channel with a connection of its own (a pool's connections come and go), and
 * `onAviso` on each NOTIFY. A lost connection is opened again after `reintentoMs`; meanwhile the
 * jobs' timers still find the work.
 */
export function escucharAvisos(
  url: string,
  log: FastifyBaseLogger,
  onAviso: (que: string) => void,
  reintentoMs = 5_000,
): Escucha {
  let client: pg.Client | null = null;
  let cerrada = false;
  let reintento: NodeJS.Timeout | null = null;

  const conectar = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => onAviso(n.payload ?? ''));
    c.on('error', (err) => {
      log.warn({ err }, 'worker: the LISTEN connection was lost; opening another');
      void c.end().catch(() => {});
      if (client === c) client = null;
      programar();
    });
    try {
      await c.connect();
      await c.query(`listen ${JOBS_CHANNEL}`);
      if (cerrada) await c.end();
      else client = c;
    } catch (err) {
      log.warn({ err }, 'worker: could not LISTEN; trying again');
      await c.end().catch(() => {});
      programar();
    }
  };
  const programar = () => {
    if (cerrada || reintento) return;
    reintento = setTimeout(() => {
      reintento = null;
      void conectar();
    }, reintentoMs);
    reintento.unref();
  };
  void conectar();

  return {
    async close() {
      cerrada = true;
      if (reintento) clearTimeout(reintento);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
