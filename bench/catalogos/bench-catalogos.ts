/**
 * Catalog search benchmark: `node --import tsx bench/catalogos/bench-catalogos.ts`.
 *
 * Runs the fixed query set of queries.ts (product keys and units) and prints p50 / p99 per query
 * type for: @repo/catalogos in process (uncached: result and prefix caches cleared before each
 * query; cached: the same query again), over HTTP (the real catalog routes on a local Fastify
 * server, 10 untimed passes then 20 timed, beside a bare node:http server: http-bench.ts), SQLite
 * FTS5 (better-sqlite3, in memory) and PostgreSQL pg_trgm (BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped at the end: sql-stores.ts).
 * Also the start-up load time and memory of the catalogs. Skips a store that is not available,
 * saying so.
 */
import { basename, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalogos, type ClaveProdServ, type ClaveUnidad } from '@repo/catalogos';
import { PRODUCTOS_SPEC, UNIDADES_SPEC } from '../../packages/catalogos/src/create-catalogos.ts';
import { TextIndex } from '../../packages/catalogos/src/search/text-index.ts';
import { benchHttp, type ClientMode } from './http-bench.ts';
import { inProcessCost, measureAlternating } from './in-process-cost.ts';
import { benchQueries, type BenchQuery, type QueryType } from './queries.ts';
import { printTable, printTargets, type StoreResult } from './report.ts';
import { answerQueries, compareAnswers } from './same-answers.ts';
import { benchPostgres, benchSqlite } from './sql-stores.ts';

const { values: args } = parseArgs({
  options: { compare: { type: 'string' }, only: { type: 'string' }, client: { type: 'string' } },
});
const STORES = ['in-process', 'http', 'sqlite', 'postgres'];
const stores = new Set(args.only ? args.only.split(',') : STORES);

const REPEAT = 20;
const queries = benchQueries();
const TYPES: QueryType[] = ['key', 'key-prefix', 'word', 'words', 'typing', 'unit'];

type Timings = Map<QueryType, number[]>;
const results: StoreResult[] = [];

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

if (stores.has('sqlite')) await benchSqlite(prodRows, unitRows, measure);
if (stores.has('postgres')) await benchPostgres(prodRows, unitRows, measure);

// --- report -------------------------------------------------------------------------------------
printTable(results, queries, TYPES);
printTargets(results, TYPES);
if (inProcessNotes.length > 0)
  console.log(`\nIn process, uncached, the slow answers:\n${inProcessNotes.join('\n')}`);
if (httpNotes.length > 0) console.log(`\nHTTP, where the time goes:\n${httpNotes.join('\n')}`);
