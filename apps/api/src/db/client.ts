import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** A database or a transaction: every query function takes one, so transactions compose. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL runner used by the migrator (multi-statement). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

export function fromPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/db. */
export async function openDatabase(cfg: {
  DATABASE_URL: string;
  DATA_DIR: string;
}): Promise<Database> {
  if (cfg.DATABASE_URL) return fromPostgres(cfg.DATABASE_URL);
  const dir = join(cfg.DATA_DIR, 'db');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return fromPglite(client);
}
