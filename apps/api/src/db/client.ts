import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder, restrictToOwner } from './data-folder.ts';
import { StartupError } from './startup-error.ts';

/** A database or a transaction: every query function takes one, so transactions compose. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL runner used by the migrator (multi-statement). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A pool on PostgreSQL. A connection the server drops (restart, failover, pg_terminate_backend)
 * is reported to `onConnectionError` instead of crashing the process; the pool discards it and the
 * next query opens a new one.
 */
export function fromPostgres(
  url: string,
  max = 10,
  onConnectionError: (error: Error) => void = () => {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => onConnectionError(error));
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

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
 * one clear line), otherwise PGlite under DATA_DIR/db, locked for this process. PGlite (about 40 MB
 * of code and a WebAssembly PostgreSQL, in pglite.ts) is loaded only when it is the database.
 */
export async function openDatabase(
  cfg: { DATABASE_URL: string; DATA_DIR: string },
  onConnectionError?: (error: Error) => void,
): Promise<Database> {
  if (cfg.DATABASE_URL) {
    const database = fromPostgres(cfg.DATABASE_URL, 10, onConnectionError);
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
