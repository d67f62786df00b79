import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadCatalogos } from '@repo/catalogos';
import { loadConfig } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { Mailer } from '../email/mailer.ts';
import { createTokenService } from '../http/auth.ts';
import { createPac } from '../pac/create-pac.ts';
import { DbSandboxStore } from '../pac/db-sandbox-store.ts';
import { createTiposDeCambio } from '../modules/tipos-de-cambio/tipos-de-cambio.service.ts';
import { createPayments } from '../payments/create-payment-gateway.ts';
import { createServer, type App } from '../server.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestApp {
  app: App;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The real app over a real database, for app.inject(). Override any dependency (mailer, clock, config). */
export async function buildTestApp(
  overrides: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const { env, ...rest } = overrides;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    APP_SECRET: 'test-secret',
    ...env,
  });
  const database = rest.database ?? (await openTestDatabase());
  const now = rest.now ?? (() => new Date());
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const noMail: Mailer = {
    send: async () => {
      throw new Error('This test did not expect an e-mail: pass a mailer to buildTestApp');
    },
  };
  const catalogos = rest.catalogos ?? loadCatalogos();
  // The sandbox PAC, its timbre certificate in a temp dir made on first use, its state in the database.
  const tiposDeCambio = rest.tiposDeCambio ?? createTiposDeCambio(config, { now });
  const pacDir = rest.pac ? null : mkdtempSync(join(tmpdir(), 'pac-sandbox-'));
  const pac =
    rest.pac ??
    createPac({ ...config, PAC: 'sandbox', DATA_DIR: pacDir ?? '' }, catalogos, {
      store: new DbSandboxStore(database.db),
      tiposDeCambio,
    });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    secret: config.APP_SECRET,
    tokens: createTokenService(
      config.APP_SECRET,
      config.ACCESS_TOKEN_TTL,
      now,
      config.SESSION_MAX_AGE,
      config.CLAVES_API_SOLICITUDES_POR_MINUTO,
    ),
    mailer: noMail,
    logger,
    now,
    // loadCatalogos is memoized per process and reads each catalog on first use.
    catalogos,
    pac,
    tiposDeCambio,
    // The sandbox checkout holds its webhooks until a test delivers them (takeEvents, deliver).
    payments: createPayments(config, {
      db: database.db,
      secret: config.APP_SECRET,
      clock: now,
      delivery: 'manual',
    }),
    ...rest,
  };
  const app = await createServer(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      if (!rest.database) await database.close();
      if (pacDir) rmSync(pacDir, { recursive: true, force: true });
    },
  };
}
