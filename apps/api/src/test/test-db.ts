import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { fromPostgres, type Database } from '../db/client.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set (shared by the
 * run; every test seeds its own enterprise), otherwise a private PGlite loaded from the template that
 * the global setup migrated once (a fresh initdb per file would cost seconds).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return fromPostgres(url, 5);
  return openPrivateTestDatabase();
}

/**
 * A migrated database of this test file alone, even when the run shares PostgreSQL: for tests of
 * whole-database behaviour (the demo seed runs only on an empty database).
 */
export async function openPrivateTestDatabase(): Promise<Database> {
  const template = process.env.PGLITE_TEMPLATE;
  if (template) {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(template)]),
      extensions: PGLITE_EXTENSIONS,
    });
    return fromPglite(client);
  }
  const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  await migrate(database);
  return database;
}
