/**
 * Catalog search benchmark: `node --import tsx bench/catalogos/bench-catalogos.ts`.
 *
 * Runs the fixed query set of queries.ts (product keys and units) and prints p50 / p99 per query
 * type for: @repo/catalogos in process (uncached: result and prefix caches cleared before each
 * query; cached: the same query again), over HTTP (the real catalog routes on a local Fastify
 * server, 10 untimed passes then 20 timed, beside a bare node:http server: http-bench.ts), SQLite FTS5 (better-sqlite3, in memory) and PostgreSQL pg_trgm (DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped at the end). Also the
 * start-up load time and memory of the catalogs. Skips a store that is not available, saying so.
 */
import { basename, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalogos, type ClaveProdServ, type ClaveUnidad } from '@repo/catalogos';
import { PRODUCTOS_SPEC, UNIDADES_SPEC } from '../../packages/catalogos/src/create-catalogos.ts';
import { normalize } from '../../packages/catalogos/src/search/normalize.ts';
import { TextIndex } from '../../packages/catalogos/src/search/text-index.ts';
import type { Client as PgClient } from 'pg';
import { benchHttp, type ClientMode } from './http-bench.ts';
import { inProcessCost, measureAlternating } from './in-process-cost.ts';
import { benchQueries, type BenchQuery, type QueryType } from './queries.ts';
import { answerQueries, compareAnswers } from './same-answers.ts';

const { values: args } = parseArgs({
  options: { compare: { type: 'string' }, only: { type: 'string' }, client: { type: 'string' } },
});
const STORES = ['in-process', 'http', 'sqlite', 'postgres'];
const stores = new Set(args.only ? args.only.split(',') : STORES);

const REPEAT = 20;
const queries = benchQueries();
const TYPES: QueryType[] = ['key', 'key-prefix', 'word', 'words', 'typing', 'unit'];

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

type Timings = Map<QueryType, number[]>;
const results: { name: string; timings: Timings }[] = [];

function record(name: string, timings: Timings) {
  results.push({ name, timings });
}

async function measure(
  name: string,
  run: (q: BenchQuery) => unknown,
  opts: { before?: (q: BenchQuery) => void; repeat?: number } = {},
) {
  const timings: Timings = new Map(TYPES.map((t) => [t, []]));
  for (const q of queries) await run(q); // warm-up of the code paths (JIT), not of the answers
  for (let r = 0; r < (opts.repeat ?? REPEAT); r++) {
    for (const q of queries) {
      opts.before?.(q);
      const t0 = performance.now();
      await run(q);
      timings.get(q.type)?.push(performance.now() - t0);
    }
  }
  record(name, timings);
}

const inProcessNotes: string[] = [];

// --- start-up load time and memory -------------------------------------------------------------
const mem0 = process.memoryUsage();
let t0 = performance.now();
const catalogos = loadCatalogos();
const tLoad = performance.now() - t0;
t0 = performance.now();
const prodRows = catalogos.productosServicios.rows;
const unitRows = catalogos.unidades.rows;
const tReadSearchable = performance.now() - t0;
t0 = performance.now();
catalogos.searchProductosServicios('a');
catalogos.searchUnidades('a');
const tIndex = performance.now() - t0;
t0 = performance.now();
void catalogos.codigosPostales.rows.length;
void catalogos.colonias.rows.length;
void catalogos.municipios.rows.length;
void catalogos.localidades.rows.length;
const tPostal = performance.now() - t0;
globalThis.gc?.();
const mem1 = process.memoryUsage();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
console.log(`Catalogs: ${prodRows.length} productos y servicios, ${unitRows.length} unidades`);
console.log(`loadCatalogos(): ${tLoad.toFixed(1)} ms (lazy: no file read yet)`);
console.log(`read c_ClaveProdServ + c_ClaveUnidad: ${tReadSearchable.toFixed(0)} ms`);
console.log(`build both search indexes (first search): ${tIndex.toFixed(0)} ms`);
console.log(`read c_CodigoPostal, c_Colonia, c_Municipio, c_Localidad: ${tPostal.toFixed(0)} ms`);
console.log(
  `memory after everything loaded: heap +${mb(mem1.heapUsed - mem0.heapUsed)}, rss +${mb(mem1.rss - mem0.rss)}`,
);

// --- in process ---------------------------------------------------------------------------------
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** A TextIndex built on its own: CPU time (moves less with the load than the wall time) and heap. */
function built<I>(name: string, build: () => I): I {
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const c0 = cpuMs();
  const w0 = performance.now();
  const index = build();
  const cpu = cpuMs() - c0;
  const wall = performance.now() - w0;
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed - heap0;
  console.log(
    `${name}: CPU ${cpu.toFixed(0)} ms, wall ${wall.toFixed(0)} ms${globalThis.gc ? `, heap +${mb(heap)}` : ' (heap: run with --expose-gc)'}`,
  );
  return index;
}
type Index<T> = Pick<TextIndex<T>, 'search' | 'clearCaches'>;
/**
 * This checkout's TextIndex uncached, against another checkout's (`--compare`) or against itself
 * without the prefix unions, and cached. Only with the in-process store: the indexes it builds
 * (tens of MB) would otherwise sit in the heap of the HTTP phase's server.
 */
async function benchInProcess() {
  const prodIndex: Index<ClaveProdServ> = built(
    'TextIndex c_ClaveProdServ',
    () => new TextIndex(prodRows, PRODUCTOS_SPEC),
  );
  const unitIndex: Index<ClaveUnidad> = built(
    'TextIndex c_ClaveUnidad',
    () => new TextIndex(unitRows, UNIDADES_SPEC),
  );
  const uncached = (prod: Index<ClaveProdServ>, unit: Index<ClaveUnidad>) => ({
    run: (q: BenchQuery) => (q.type === 'unit' ? unit : prod).search(q.q),
    before: (q: BenchQuery) => (q.type === 'unit' ? unit : prod).clearCaches(),
  });
  const variants: { name: string; prod: Index<ClaveProdServ>; unit: Index<ClaveUnidad> }[] = [
    { name: 'in-process, uncached', prod: prodIndex, unit: unitIndex },
  ];
  if (args.compare) {
    // Another checkout's index (e.g. a worktree of main), alternating with this one query by query.
    const dir = resolve(args.compare);
    const other = (await import(
      pathToFileURL(`${dir}/packages/catalogos/src/search/text-index.ts`).href
    )) as {
      TextIndex: typeof TextIndex;
    };
    const prodOther = built(
      `TextIndex c_ClaveProdServ (${args.compare})`,
      () => new other.TextIndex(prodRows, PRODUCTOS_SPEC),
    );
    const unitOther = built(
      `TextIndex c_ClaveUnidad (${args.compare})`,
      () => new other.TextIndex(unitRows, UNIDADES_SPEC),
    );
    const same = [
      compareAnswers(
        prodIndex,
        prodOther,
        answerQueries(prodRows, (r) => `${r.descripcion} ${r.palabrasSimilares}`, queries),
        prodRows.filter((_, i) => i % 1300 === 0).map((r) => r.clave),
      ),
      compareAnswers(
        unitIndex,
        unitOther,
        answerQueries(unitRows, (r) => `${r.clave} ${r.nombre} ${r.simbolo}`, queries),
        unitRows.filter((_, i) => i % 50 === 0).map((r) => r.clave),
      ),
    ];
    const differences = same.flatMap((s) => s.differences);
    console.log(
      `answers compared with ${args.compare}: ${same.reduce((n, s) => n + s.compared, 0)} pages, ${differences.length === 0 ? 'all identical' : `DIFFERENT:\n  ${differences.join('\n  ')}`}`,
    );
    variants.push({
      name: `in-process, uncached (${basename(dir)})`,
      prod: prodOther,
      unit: unitOther,
    });
  } else {
    // Without the prefix unions built with the index: what they bring, in the same run.
    variants.push({
      name: 'in-process, uncached, no prefix unions',
      prod: new TextIndex(prodRows, PRODUCTOS_SPEC, { precompute: false }),
      unit: new TextIndex(unitRows, UNIDADES_SPEC, { precompute: false }),
    });
  }
  const timed = variants.map((v) => ({ name: v.name, ...uncached(v.prod, v.unit) }));
  await measureAlternating(timed, 5, queries, TYPES, record, inProcessNotes);
  inProcessNotes.push(
    `  CPU time and allocation per uncached query (40 passes alternating${globalThis.gc ? '; KB: median of 10 passes after a full GC' : '; KB: run with --expose-gc'}):`,
    ...inProcessCost(timed, queries, TYPES),
  );
  await measure('in-process, cached', (q) =>
    q.type === 'unit' ? catalogos.searchUnidades(q.q) : catalogos.searchProductosServicios(q.q),
  );
}
if (stores.has('in-process')) await benchInProcess();

// --- over HTTP ----------------------------------------------------------------------------------
// The client in another process (a real client's place) and, for comparison with the figures
// before 2026-11-25, in the server's process; `--client=process` or `--client=in-process` for one.
const httpNotes = stores.has('http')
  ? await benchHttp({
      catalogos,
      queries,
      types: TYPES,
      compare: args.compare,
      modes: (args.client ?? 'process,in-process').split(',') as ClientMode[],
      repeat: 20,
      warmup: 10,
      record,
    })
  : [];

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
if (stores.has('sqlite'))
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

// --- PostgreSQL pg_trgm -------------------------------------------------------------------------
if (stores.has('postgres')) {
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

// --- report -------------------------------------------------------------------------------------
console.log(
  `\n${queries.length} queries (${TYPES.map((t) => `${t} ${queries.filter((q) => q.type === t).length}`).join(', ')})`,
);
console.log('p50 / p99 in ms per query type\n');
const header = ['store', ...TYPES]
  .map((h, i) => (i === 0 ? h.padEnd(42) : h.padStart(16)))
  .join('');
console.log(header);
for (const { name, timings } of results) {
  const cells = TYPES.map((t) => {
    const s = [...(timings.get(t) ?? [])].sort((a, b) => a - b);
    const f = (n: number) => (n < 0.1 ? n.toFixed(4) : n < 10 ? n.toFixed(3) : n.toFixed(1));
    return `${f(pct(s, 50))} / ${f(pct(s, 99))}`.padStart(16);
  });
  console.log(name.padEnd(42) + cells.join(''));
}

// Issue 16's targets, beside the figures: every query type's p99 under 0.1 ms in process uncached
// and under 2 ms over HTTP.
const TARGETS: Array<[store: string, p99Ms: number]> = [
  ['in-process, uncached', 0.1],
  ['HTTP, client in another process', 2],
  ['HTTP, client in this process', 2],
];
console.log('');
for (const [store, target] of TARGETS) {
  const timings = results.find((r) => r.name === store)?.timings;
  if (!timings) continue;
  const over = TYPES.filter(
    (t) =>
      pct(
        [...(timings.get(t) ?? [])].sort((a, b) => a - b),
        99,
      ) >= target,
  );
  console.log(
    `TARGET ${store}: p99 < ${target} ms for every query type — ${over.length === 0 ? 'met' : `not met for ${over.join(', ')}`}`,
  );
}
if (inProcessNotes.length > 0)
  console.log(`\nIn process, uncached, the slow answers:\n${inProcessNotes.join('\n')}`);
if (httpNotes.length > 0) console.log(`\nHTTP, where the time goes:\n${httpNotes.join('\n')}`);
