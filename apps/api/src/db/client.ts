import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sinSentenciasPreparadas } from './consulta.ts';

// The database handle every query takes, and the PostgreSQL pool. A server opens its database with
// open.ts, which loads this module's node-postgres only on PostgreSQL (and pglite.ts only on PGlite).

/** A database or a transaction: every query function takes one, so transactions compose. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL runner used by the migrator (multi-statement). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (for /metrics); absent on the embedded PGlite. */
  pool?: () => PoolStats;
  /**
   * PostgreSQL: statements this process has sent so far (each one a round trip; BEGIN and COMMIT
   * count), for /metrics' db_statements_total; absent on the embedded PGlite.
   */
  statements?: () => number;
}

export interface PoolStats {
  /** Connections open: lent to a query or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
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
  preparedStatements: 'on' | 'off' = 'on',
): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => onConnectionError(error));
  // Every statement goes through a pooled client's query (pool.query lends one too): counted there.
  let statements = 0;
  pool.on('connect', (client) => {
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  if (preparedStatements === 'off') {
    sinSentenciasPreparadas.add(pool);
    pool.on('connect', (client) => sinSentenciasPreparadas.add(client));
  }
  return {
    db: drizzlePg(pool),
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    statements: () => statements,
  };
}
