import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client.ts';
import { lockDataFolder, restrictToOwner } from './data-folder.ts';
import { StartupError } from './startup-error.ts';

/** postgres://user:***@host:port/db: the URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * PostgreSQL when DATABASE_URL is set (checked with one query, so a wrong URL stops the start with
 * one clear line), otherwise PGlite under DATA_DIR/db, locked for this process. Each driver is loaded
 * only when it is the database: PGlite (about 40 MB of code and a WebAssembly PostgreSQL, pglite.ts)
 * and node-postgres with its drizzle driver (client.ts, about a tenth of a second of the start).
 */
export async function openDatabase(
  cfg: { DATABASE_URL: string; DATA_DIR: string; DATABASE_PREPARED_STATEMENTS?: 'on' | 'off' },
  onConnectionError?: (error: Error) => void,
): Promise<Database> {
  if (cfg.DATABASE_URL) {
    const { fromPostgres } = await import('./client.ts');
    const database = fromPostgres(
      cfg.DATABASE_URL,
      10,
      onConnectionError,
      cfg.DATABASE_PREPARED_STATEMENTS,
    );
    try {
      await database.exec('select 1');
    } catch (error) {
      await database.close().catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartupError(
        `Cannot connect to the PostgreSQL database of DATABASE_URL (${redactUrl(cfg.DATABASE_URL)}): ${reason}`,
      );
    }
    return database;
  }
  const dir = join(cfg.DATA_DIR, 'db');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = lockDataFolder(dir);
  try {
    const { createPglite, fromPglite } = await import('./pglite.ts');
    const { copyTemplateInto } = await import('./pglite-template.ts');
    copyTemplateInto(dir);
    const client = await createPglite(dir);
    restrictToOwner(dir);
    return fromPglite(client, () => {
      restrictToOwner(dir);
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}
