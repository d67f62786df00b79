import pino from 'pino';
import { loadCatalogos } from '@repo/catalogos';
import { ConfigError, loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { StartupError } from './db/startup-error.ts';
import { resolveAppSecret } from './http/secrets.ts';
import { createJobs } from './jobs/jobs.ts';
import { escucharAvisos } from './jobs/listen.ts';
import { startWorkerHttp } from './jobs/worker-http.ts';
import { instrumentPac } from './metrics/instrument.ts';
import { createMetrics } from './metrics/metrics.ts';
import { createTiposDeCambio } from './modules/tipos-de-cambio/tipos-de-cambio.service.ts';
import { createPac, createPacDePruebas } from './pac/create-pac.ts';
import { DbSandboxStore } from './pac/db-sandbox-store.ts';

// `npm run worker`: the background jobs (PAC recovery, ZIP exports, webhook deliveries) without the HTTP API, for API
// processes started with JOBS=off. Any number of workers may run: each job claims its work under a
// lease (jobs/jobs.ts). The same configuration as the API; PostgreSQL only.

process.umask(0o077);

async function start() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database serves one process (the API runs the jobs itself with JOBS=on)',
    );
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, (err) =>
    log.warn({ err }, 'a database connection was lost; the pool opens a new one'),
  );
  await migrate(database);
  const now = () => new Date();
  const catalogos = loadCatalogos();
  const tiposDeCambio = createTiposDeCambio(config, { logger: log, now });
  const metrics = createMetrics({
    database,
    now,
    onCollectError: (err) => log.warn({ err }, 'metrics: a gauge could not be read'),
  });
  const pac = instrumentPac(
    createPac(config, catalogos, { store: new DbSandboxStore(database.db), tiposDeCambio }),
    metrics,
  );
  const pacPruebas = instrumentPac(
    createPacDePruebas(config, catalogos, pac, {
      store: new DbSandboxStore(database.db),
      tiposDeCambio,
    }),
    metrics,
  );
  const secret = resolveAppSecret(config);
  // Told of a new export by NOTIFY, a worker also looks every 5 s: behind PgBouncer in transaction
  // mode its LISTEN hears nothing, and an export should not wait the API's 30 s for it.
  const jobs = createJobs(
    { db: database.db, secret, now, pac, pacPruebas, catalogos, config },
    log,
    {
      exportIntervalMs: 5_000,
    },
  );
  // An API process with JOBS=off says when an export waits; the timers find it anyway.
  const escucha = escucharAvisos(config.DATABASE_URL, log, (que) => {
    if (que === 'exportacion-zip') jobs.exportador.despertar();
    if (que === 'webhooks') jobs.repartidor.despertar();
  });

  const http = await startWorkerHttp(config, database, metrics, log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    await escucha.close();
    await http?.close();
    // Work in flight gets a few seconds, then stays claimed and is taken up by another process.
    await jobs.stop(3_000);
    await database.close();
    log.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  jobs.start();
  log.info('worker ready: PAC recovery, ZIP exports and webhook deliveries');
}

try {
  await start();
} catch (error) {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
