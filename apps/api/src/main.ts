import pino from 'pino';
import { loadCatalogos } from '@repo/catalogos';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { databaseHasNoUsers, seedDemo } from './db/seed/demo.ts';
import { createMailer } from './email/mailer.ts';
import { createTokenService } from './http/auth.ts';
import { resolveAppSecret } from './http/secrets.ts';
import { createPac } from './pac/create-pac.ts';
import { DbSandboxStore } from './pac/db-sandbox-store.ts';
import { createServer } from './server.ts';

const config = loadConfig();
const database = await openDatabase(config);
const applied = await migrate(database);
const secret = resolveAppSecret(config);
const now = () => new Date();
const logger = pino({ level: config.LOG_LEVEL });

const tokens = createTokenService(secret, config.ACCESS_TOKEN_TTL, now);
const catalogos = loadCatalogos();
const pac = createPac(config, catalogos, { store: new DbSandboxStore(database.db) });

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
    { email: demo.email, password: demo.password },
    `demo account created: sign in as ${demo.email} with password ${demo.password}`,
  );
}

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: config.PORT, host: config.HOST });
