import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * The pools (and their connections) opened with DATABASE_PREPARED_STATEMENTS=off: consulta() sends
 * their statements unnamed, since PgBouncer before 1.21 in transaction mode gives each transaction
 * any server connection, where a statement prepared on another one does not exist (or already does).
 */
export const sinSentenciasPreparadas = new WeakSet<object>();

/**
 * A hot-path statement as SQL text and parameters ($1, $2…), sent straight to the driver under `db`
 * (the pg pool, the client of a pg transaction, PGlite or its transaction) and answered as rows.
 * On the stamping path drizzle's query building (`sql` templates, insert builders, result mapping)
 * cost about 1 ms of CPU per stamp, as much as all the statements' sending and reading together
 * (bench/stamping). Values come back as `db.execute(sql…)` gives them: timestamps, dates and
 * intervals as text, JSON parsed, integers as numbers.
 */
export async function consulta<T>(
  db: Db,
  text: string,
  values: unknown[],
  /**
   * On PostgreSQL, a prepared statement of this name (one name, one text): each connection parses
   * and plans it once, then sends only its parameters (unless DATABASE_PREPARED_STATEMENTS=off).
   */
  nombre?: string,
): Promise<T[]> {
  const client = clienteDe(db);
  if (esPglite(client)) {
    const r = await client.query<T>(text, values, { parsers: COMO_TEXTO_PGLITE });
    return r.rows;
  }
  const r = await client.query<T & pg.QueryResultRow>({
    text,
    values,
    types: tiposPg ?? (await cargarTiposPg()),
    ...(nombre && !sinSentenciasPreparadas.has(client) ? { name: nombre } : {}),
  });
  return r.rows;
}

interface ClientePglite {
  exec: (sql: string) => Promise<unknown>;
  query: <T>(
    text: string,
    values: unknown[],
    options: { parsers: Record<number, (v: string) => unknown> },
  ) => Promise<{ rows: T[] }>;
}
type ClientePg = pg.Pool | pg.PoolClient | pg.Client;

function clienteDe(db: Db): ClientePglite | ClientePg {
  // drizzle keeps the driver's client (for a transaction, the connection it runs on) in its session.
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('consulta: the database handle has no driver client');
  }
  return client as ClientePglite | ClientePg;
}

function esPglite(c: ClientePglite | ClientePg): c is ClientePglite {
  return typeof (c as { exec?: unknown }).exec === 'function';
}

// timestamp, timestamptz, date, interval and their arrays: as text (drizzle's raw execute does so).
const COMO_TEXTO = [1114, 1184, 1082, 1186, 1115, 1185, 1182, 1187, 1231];
const COMO_TEXTO_PGLITE = Object.fromEntries(COMO_TEXTO.map((t) => [t, (v: string) => v]));
type TiposPg = { getTypeParser: typeof pg.types.getTypeParser };
let tiposPg: TiposPg | undefined;

/**
 * The parsers of node-postgres, with those types as text. Loaded with the first statement on
 * PostgreSQL, where open.ts has loaded node-postgres already: a server on PGlite never loads it.
 */
async function cargarTiposPg(): Promise<TiposPg> {
  const { default: driver } = await import('pg');
  tiposPg = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      COMO_TEXTO.includes(oid)
        ? (v: string) => v
        : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  return tiposPg;
}
