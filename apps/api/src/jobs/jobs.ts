import type { FastifyBaseLogger } from 'fastify';
import { exportadorDe, type Exportador } from '../modules/exportacion-zip/exportador.ts';
import type { PrepararDeps } from '../modules/exportacion-zip/preparar-zip.ts';
import { crearRecuperacion, type Recuperacion } from '../modules/timbrado/recuperacion.ts';
import { crearRepartidor, type Repartidor } from '../modules/webhooks/repartidor.ts';
import type { TimbradoDeps } from '../modules/timbrado/timbrado.service.ts';

/**
 * The background jobs: the PAC recovery (sealed documents whose answer never came), the ZIP
 * exports and the webhook deliveries. They run in the API process (JOBS=on, the default) or in worker processes (`npm run
 * worker`, with JOBS=off on the API). Either way each one claims its work under a lease (FOR UPDATE
 * SKIP LOCKED: recuperacion.queries.ts, exportacion-zip.queries.ts), so any number of processes can
 * run them side by side on one PostgreSQL.
 */
export interface Jobs {
  recuperacion: Recuperacion;
  exportador: Exportador;
  repartidor: Repartidor;
  /** Starts the timers, and looks at once for work left waiting. */
  start(): void;
  /** Stops them; work in flight gets `esperaMs`, then stays claimed and is taken up again later. */
  stop(esperaMs: number): Promise<void>;
}

export function createJobs(
  deps: TimbradoDeps & PrepararDeps,
  log: FastifyBaseLogger,
  /** How often the exporter looks for waiting exports by itself (its default: 30 s). */
  options: { exportIntervalMs?: number } = {},
): Jobs {
  const recuperacion = crearRecuperacion(deps, {
    onError: (err) => log.error({ err }, 'stamping recovery: pass failed'),
    onReenvio: (doc, r) =>
      log.info(
        {
          enterpriseId: doc.enterprise_id,
          comprobanteId: doc.id,
          intento: doc.reenvio_intentos,
          status: 'status' in r ? r.status : 'sellada',
          err: 'error' in r ? r.error : undefined,
        },
        'stamping recovery: sealed document resent to the PAC',
      ),
  });
  // One exporter per database in a process: the API's routes wake the same one (exportador.ts).
  const exportador = exportadorDe(deps, {
    ...(options.exportIntervalMs ? { intervaloMs: options.exportIntervalMs } : {}),
    onError: (err, job) =>
      log.error(
        { err, enterpriseId: job?.enterprise_id, exportacionId: job?.id },
        'ZIP export failed',
      ),
  });
  const repartidor = crearRepartidor(
    {
      db: deps.db,
      secret: deps.secret,
      now: deps.now,
      redPrivada: deps.config.WEBHOOKS_RED_PRIVADA === 'on',
    },
    { onError: (err) => log.error({ err }, 'webhooks: a delivery pass failed') },
  );
  return {
    recuperacion,
    exportador,
    repartidor,
    start() {
      recuperacion.start();
      exportador.start();
      exportador.despertar();
      repartidor.start();
    },
    async stop(esperaMs) {
      await Promise.all([
        recuperacion.stop(esperaMs),
        exportador.stop(esperaMs),
        repartidor.stop(esperaMs),
      ]);
    },
  };
}
