/**
 * The SQL stores bench-catalogos.ts compares with @repo/catalogos: SQLite FTS5 (better-sqlite3, in
 * memory, installed on demand) and PostgreSQL pg_trgm (BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped at the end). Each skips,
 * saying so, when its store is not available.
 */
import type { ClaveProdServ, ClaveUnidad } from '@repo/catalogos';
import { normalize } from '../../packages/catalogos/src/search/normalize.ts';
import type { Client as PgClient } from 'pg';
import type { BenchQuery } from './queries.ts';

/** bench-catalogos.ts's timing of one store: the query set warmed up once, then timed passes. */
export type Measure = (
  name: string,
  run: (q: BenchQuery) => unknown,
  opts?: { repeat?: number },
) => Promise<void>;

// --- SQLite FTS5 --------------------------------------------------------------------------------
function ftsQuery(q: string): string {
  return normalize(q)
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => `"${w}"*`)
    .join(' AND ');
}
/** The part of better-sqlite3 this comparison uses (installed on demand, see bench/README.md). */
interface SqliteStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  transaction(fn: () => void): () => void;
  close(): void;
}
// Only this comparison uses SQLite: not a dependency of the repository (a native build for everyone).
const SQLITE = 'better-sqlite3';

export async function benchSqlite(
  prodRows: readonly ClaveProdServ[],
  unitRows: readonly ClaveUnidad[],
  measure: Measure,
) {
  try {
    const { default: Database } = (await import(SQLITE)) as {
      default: new (path: string) => SqliteDatabase;
    };
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE prod (clave TEXT PRIMARY KEY, descripcion TEXT, palabras TEXT);
    CREATE VIRTUAL TABLE prod_fts USING fts5(descripcion, palabras, content='prod', content_rowid='rowid',
      tokenize='unicode61 remove_diacritics 2');
    CREATE TABLE unidad (clave TEXT PRIMARY KEY, nombre TEXT, descripcion TEXT);
    CREATE VIRTUAL TABLE unidad_fts USING fts5(nombre, descripcion, content='unidad', content_rowid='rowid',
      tokenize='unicode61 remove_diacritics 2');`);
    const insP = db.prepare('INSERT INTO prod VALUES (?, ?, ?)');
    const insU = db.prepare('INSERT INTO unidad VALUES (?, ?, ?)');
    db.transaction(() => {
      for (const r of prodRows) insP.run(r.clave, r.descripcion, r.palabrasSimilares);
      for (const r of unitRows) insU.run(r.clave, r.nombre, r.descripcion);
    })();
    db.exec(
      `INSERT INTO prod_fts(prod_fts) VALUES ('rebuild'); INSERT INTO unidad_fts(unidad_fts) VALUES ('rebuild');`,
    );
    const keyP = db.prepare(
      "SELECT clave, descripcion FROM prod WHERE clave >= ? AND clave < ? || 'z' ORDER BY clave LIMIT 20",
    );
    const textP = db.prepare(
      'SELECT p.clave, p.descripcion FROM prod_fts f JOIN prod p ON p.rowid = f.rowid WHERE prod_fts MATCH ? ORDER BY rank LIMIT 20',
    );
    const textU = db.prepare(
      'SELECT u.clave, u.nombre FROM unidad_fts f JOIN unidad u ON u.rowid = f.rowid WHERE unidad_fts MATCH ? ORDER BY rank LIMIT 20',
    );
    await measure('SQLite FTS5 (better-sqlite3, memory)', (q) => {
      if (q.type === 'unit') return textU.all(ftsQuery(q.q));
      if (/^\d+$/.test(q.q)) return keyP.all(q.q, q.q);
      return textP.all(ftsQuery(q.q));
    });
    db.close();
  } catch (err) {
    console.log(
      `SQLite FTS5 skipped (npm install --no-save better-sqlite3 to include it): ${(err as Error).message}`,
    );
  }
}

// --- PostgreSQL pg_trgm -------------------------------------------------------------------------
export async function benchPostgres(
  prodRows: readonly ClaveProdServ[],
  unitRows: readonly ClaveUnidad[],
  measure: Measure,
) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_catalogos_${process.pid}`;
  let client: PgClient | undefined;
  try {
    const { default: pg } = await import('pg');
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path = ${schema}, public`);
    const ext = await client.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    if (ext.rowCount === 0) await client.query(`CREATE EXTENSION pg_trgm SCHEMA ${schema}`);
    await client.query(
      'CREATE TABLE prod (clave text PRIMARY KEY, descripcion text, texto text); CREATE TABLE unidad (clave text PRIMARY KEY, nombre text, texto text)',
    );
    const insert = async (table: string, rows: string[][]) => {
      for (let i = 0; i < rows.length; i += 5000) {
        const chunk = rows.slice(i, i + 5000);
        const params: string[] = [];
        const values = chunk.map((r, j) => {
          params.push(...r);
          return `($${j * 3 + 1}, $${j * 3 + 2}, $${j * 3 + 3})`;
        });
        await client!.query(`INSERT INTO ${table} VALUES ${values.join(',')}`, params);
      }
    };
    await insert(
      'prod',
      prodRows.map((r) => [
        r.clave,
        r.descripcion,
        normalize(`${r.descripcion} ${r.palabrasSimilares}`),
      ]),
    );
    await insert(
      'unidad',
      unitRows.map((r) => [r.clave, r.nombre, normalize(`${r.clave} ${r.nombre} ${r.simbolo}`)]),
    );
    await client.query(
      `CREATE INDEX ON prod USING gin (texto gin_trgm_ops); CREATE INDEX ON prod (clave text_pattern_ops);
     CREATE INDEX ON unidad USING gin (texto gin_trgm_ops); ANALYZE prod; ANALYZE unidad;`,
    );
    const textSql = (table: string, n: number) =>
      `SELECT clave FROM ${table} WHERE ${Array.from({ length: n }, (_, i) => `texto LIKE $${i + 2}`).join(' AND ')}
     ORDER BY similarity(texto, $1) DESC, clave LIMIT 20`;
    await measure(
      'PostgreSQL pg_trgm',
      async (q) => {
        if (q.type !== 'unit' && /^\d+$/.test(q.q)) {
          return client!.query(
            'SELECT clave FROM prod WHERE clave LIKE $1 ORDER BY clave LIMIT 20',
            [`${q.q}%`],
          );
        }
        const words = normalize(q.q).split(' ');
        return client!.query(textSql(q.type === 'unit' ? 'unidad' : 'prod', words.length), [
          normalize(q.q),
          ...words.map((w) => `%${w}%`),
        ]);
      },
      { repeat: 3 },
    );
  } catch (err) {
    console.log(`PostgreSQL pg_trgm skipped: ${(err as Error).message}`);
  } finally {
    if (client) {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await client.end();
    }
  }
}
