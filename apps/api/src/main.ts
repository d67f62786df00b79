import pino from 'pino';
import { loadCatalogos } from '@repo/catalogos';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { databaseHasNoUsers, seedDemo } from './db/seed/demo.ts';
import { seedPlatformIssuer } from './db/seed/platform-issuer.ts';
import { StartupError } from './db/startup-error.ts';
import { createMailer } from './email/mailer.ts';
import { createTokenService } from './http/auth.ts';
import { resolveAppSecret } from './http/secrets.ts';
import { createPac, createPacDePruebas } from './pac/create-pac.ts';
import { DbSandboxStore } from './pac/db-sandbox-store.ts';
import { createJobs } from './jobs/jobs.ts';
import { createTiposDeCambio } from './modules/tipos-de-cambio/tipos-de-cambio.service.ts';
import { createPayments } from './payments/create-payment-gateway.ts';
import { createServer } from './server.ts';
import { instrumentPac } from './metrics/instrument.ts';
import { createMetrics } from './metrics/metrics.ts';

/** Requests in flight get this long to finish after SIGTERM/SIGINT; then the process exits anyway. */
const SHUTDOWN_GRACE_MS = 9_000;

// Secrets, the embedded database and e-mails are readable by this user only (files 0600, folders 0700).
process.umask(0o077);

async function start() {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, (error) =>
    logger.warn({ err: error }, 'a database connection was lost; the pool opens a new one'),
  );
  const applied = await migrate(database);
  const secret = resolveAppSecret(config);
  const now = () => new Date();

  const tokens = createTokenService(
    secret,
    config.ACCESS_TOKEN_TTL,
    now,
    config.SESSION_MAX_AGE,
    config.CLAVES_API_SOLICITUDES_POR_MINUTO,
  );
  const catalogos = loadCatalogos();
  const tiposDeCambio = createTiposDeCambio(config, { logger, now });
  // One set of metrics for the routes and the jobs of this process (the recovery's PAC calls count too).
  const metrics = createMetrics({
    database,
    now,
    onCollectError: (err) => logger.warn({ err }, 'metrics: a gauge could not be read'),
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
  const payments = createPayments(config, {
    db: database.db,
    secret,
    clock: now,
    delivery: 'auto',
    onError: (what, err) => logger.error({ err }, `sandbox checkout: ${what}`),
  });
  // Abandoned sandbox checkouts expire (and release their promotional codes) within a minute.
  payments.sandbox?.startExpirySweep(60_000);

  const app = await createServer({
    config,
    database,
    db: database.db,
    secret,
    tokens,
    mailer: createMailer(config, logger),
    logger,
    now,
    catalogos,
    pac,
    pacPruebas,
    tiposDeCambio,
    payments,
    metrics,
  });
  app.log.info({ database: database.kind, migrationsApplied: applied }, 'database ready');

  // First start of an empty embedded database: a demo account to try the app with.
  if (
    config.SEED_DEMO === '1' &&
    database.kind === 'pglite' &&
    (await databaseHasNoUsers(database.db))
  ) {
    const demo = await seedDemo({ db: database.db, tokens, secret, now, pac, catalogos });
    app.log.info(
      { email: demo.email },
      `demo account created: sign in as ${demo.email} with password ${demo.password}`,
    );
  }

  // The platform's own issuer of credit purchase invoices, on the embedded default (a test CSD).
  if (database.kind === 'pglite' && !config.CREDITS_INVOICE_ISSUER_RFC) {
    await seedPlatformIssuer({ db: database.db, secret, now });
  }

  // The background jobs (PAC recovery, ZIP exports) run here unless JOBS=off, when worker processes
  // (npm run worker) run them: jobs/jobs.ts.
  const jobs =
    config.JOBS === 'on'
      ? createJobs({ db: database.db, secret, now, pac, pacPruebas, catalogos, config }, app.log)
      : null;
  if (!jobs) app.log.info('background jobs off (JOBS=off): npm run worker runs them');

  // Stop accepting, let requests in flight finish, close the database, exit 0.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('requests still in flight after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    // A resend in flight gets a few seconds; one still waiting stays claimed and is resent later; an
    // export in progress stays claimed: another process (or this one, restarted) prepares it again.
    await jobs?.stop(3_000);
    payments.sandbox?.close();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  jobs?.start();
}

try {
  await start();
} catch (error) {
  // A problem the operator can fix (configuration, database address, a locked data folder): one line.
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
