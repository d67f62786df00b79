/**
 * Lists and search at scale (issue 16): seeds PostgreSQL with ENTERPRISES enterprises and DOCUMENTS
 * documents (income invoices, pre-invoices, payment complements, global invoices; one enterprise
 * holds a tenth of them: 200,000 of the default 2 million) with their clients and products, then
 * times the list and search requests of that largest enterprise at the real API (the Fastify app
 * through app.inject, signed in as its user) and prints p50/p95 beside the target, p95 < 50 ms.
 *
 *   node --import tsx bench/lists/bench-lists.ts [--documents 2000000] [--enterprises 1000]
 *        [--reps 30] [--compare-indexes] [--keep] [--reuse DBNAME] [--only TEXT,…] [--hashes]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server; the run
 * creates its own database and drops it at the end (--keep leaves it, --reuse times an existing
 * one without seeding, after applying its pending migrations). --compare-indexes times every
 * request twice in the same run: without the indexes of migration 0022 (dropped), then with them
 * (created again), and checks that both answer the same bytes. --hashes prints the SHA-256 of each
 * answer, to compare two checkouts' answers on the same database.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fromPostgres } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seedEnterprise } from '../../apps/api/src/db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../apps/api/src/test/build-test-app.ts';
import { casesOf, contextOf, type Case } from './cases.ts';
import { seedLists } from './seed.ts';

const TARGET_P95_MS = 50;
/**
 * The last migration the seed writes into. The later ones keep tables by triggers (counts, balances,
 * receivers) and backfill them set-based: seeded first and migrated after, the rows get the same
 * state as a production database migrated in place, where through the triggers a row at a time the
 * seed would take hours.
 */
const SEED_SCHEMA = '0022';
const BIG_NAME = 'EMPRESA MÁS GRANDE (BENCH LISTAS)';
const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '2000000' },
    enterprises: { type: 'string', default: '1000' },
    reps: { type: 'string', default: '30' },
    'compare-indexes': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string' },
    hashes: { type: 'boolean', default: false },
  },
});
const REPS = Number(values.reps);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = values.reuse ?? `bench_lists_${process.pid}`;
const url = new URL(base);
url.pathname = `/${name}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
if (!values.reuse) await admin.query(`create database ${name}`);
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const database = fromPostgres(url.toString(), 10);
let t: TestApp | null = null;

try {
  console.log(
    `bench/lists: ${availableParallelism()} cores, load ${load()}, Node ${process.version}, database ${name}`,
  );
  if (values.reuse) {
    // A kept database gets the migrations written since it was seeded (their backfill included).
    const t0 = performance.now();
    const applied = await migrate(database);
    console.log(
      `migrations applied: ${applied.join(', ') || 'none'} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  t = await buildTestApp({ database });
  if (values.reuse) await migratePending();
  const bigId = values.reuse ? await findBig() : await seed(t);
  const [user] = (
    await client.query(`select user_id from enterprise_users where enterprise_id = $1`, [bigId])
  ).rows as { user_id: number }[];
  const { token } = await t.deps.tokens.sign({ userId: user!.user_id, enterpriseId: bigId });
  const headers = { authorization: `Bearer ${token}` };
  const ctx = await contextOf(client, bigId);
  const only = values.only?.split(',');
  const cases = casesOf(ctx).filter((c) => !only || only.some((o) => c.name.includes(o)));
  await printSizes(bigId);
  if (values['compare-indexes']) {
    const indexes = indexesOf0022();
    console.log(
      `\nWithout the ${indexes.length} indexes of migration 0022 (dropped), load ${load()}:`,
    );
    await client.query(indexes.map((i) => `drop index if exists ${i.name}`).join(';'));
    await client.query('analyze');
    const before = await measure(t, headers, cases);
    const t0 = performance.now();
    for (const i of indexes) await client.query(i.create);
    await client.query('analyze');
    console.log(`\n(created again in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    console.log(`With them, load ${load()}:`);
    const after = await measure(t, headers, cases, before);
    const differ = cases.filter((c) => before.get(c.name)?.hash !== after.get(c.name)?.hash);
    console.log(
      differ.length
        ? `ANSWERS DIFFER with and without the indexes: ${differ.map((c) => c.name).join(', ')}`
        : `Answers identical with and without the indexes (${cases.length} requests).`,
    );
  } else {
    await measure(t, headers, cases);
  }
  console.log(`\nload at the end ${load()}`);
} finally {
  await t?.close();
  await client.end();
  if (!values.keep && !values.reuse) {
    await admin.query(`drop database if exists ${name} with (force)`);
  } else console.log(`database kept: ${name} (--reuse ${name})`);
  await admin.end();
}

/** A folder holding the migrations up to `last` (its number included). */
function migrationsUpTo(last: string): string {
  const dir = new URL('../../apps/api/src/db/migrations/', import.meta.url);
  const out = mkdtempSync(join(tmpdir(), 'bench-lists-migrations-'));
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.sql') && f.slice(0, 4) <= last) copyFileSync(new URL(f, dir), join(out, f));
  }
  return `${out}/`;
}

async function seed(app: TestApp): Promise<number> {
  const upTo = migrationsUpTo(SEED_SCHEMA);
  await migrate(database, upTo);
  rmSync(upTo, { recursive: true });
  const e = await seedEnterprise(app.deps, { razon_social: BIG_NAME, rfc: 'BIG010101AB1' });
  const t0 = performance.now();
  const documents = Number(values.documents);
  const enterprises = Number(values.enterprises);
  console.log(`seeding ${enterprises} enterprises, ${documents} documents…`);
  const nowMx = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Mexico_City',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date());
  await seedLists(client, { bigEnterpriseId: e.enterpriseId, enterprises, documents, nowMx }, (l) =>
    console.log(l),
  );
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${load()}`);
  await migratePending();
  return e.enterpriseId;
}

/**
 * Pages (8 KB) the server read for this database so far, from cache or disk. Backends report their
 * counters when idle for about a second, hence the wait.
 */
async function blocks(): Promise<number> {
  await new Promise((r) => setTimeout(r, 1200));
  const r = await client.query(
    `select (blks_hit + blks_read)::float8 as n from pg_stat_database where datname = current_database()`,
  );
  return (r.rows[0] as { n: number }).n;
}

/** A kept database was seeded by an older checkout: its pending migrations (and backfills) first. */
async function migratePending() {
  const t0 = performance.now();
  const applied = await migrate(database);
  if (applied.length) {
    // What autovacuum does after a large backfill: statistics and the visibility map.
    await client.query('vacuum analyze');
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`applied ${applied.join(', ')} in ${s} s (with vacuum analyze)`);
  }
}

async function findBig(): Promise<number> {
  const r = await client.query(`select id from enterprises where razon_social = $1`, [BIG_NAME]);
  return (r.rows[0] as { id: number }).id;
}

async function printSizes(bigId: number) {
  const r = await client.query(
    `select (select count(*) from enterprises)::int as enterprises,
            (select count(*) from comprobantes)::int as documents,
            (select count(*) from comprobantes where enterprise_id = $1)::int as big,
            (select count(*) from comprobantes where enterprise_id = $1 and serie_kind = 'facturas-ingreso' and status <> 'pre_factura')::int as facturas,
            (select count(*) from comprobantes where enterprise_id = $1 and status = 'pre_factura')::int as pre,
            (select count(*) from comprobantes where enterprise_id = $1 and tipo = 'P')::int as pagos,
            (select count(*) from facturas_globales where enterprise_id = $1)::int as globales,
            (select count(*) from clients where enterprise_id = $1)::int as clients,
            (select count(*) from products_services where enterprise_id = $1)::int as products,
            (select count(*) from credit_ledger where enterprise_id = $1)::int as ledger,
            pg_size_pretty(pg_database_size(current_database())) as size`,
    [bigId],
  );
  const s = r.rows[0] as Record<string, number | string>;
  console.log(
    `database: ${s.enterprises} enterprises, ${s.documents} documents, ${s.size}; the largest enterprise: ${s.big} documents (${s.facturas} income invoices, ${s.pre} pre-invoices, ${s.pagos} payment complements, ${s.globales} globales), ${s.clients} clients, ${s.products} products, ${s.ledger} credit ledger rows`,
  );
}

/** The `create index` statements of migration 0022 and their names. */
function indexesOf0022(): { name: string; create: string }[] {
  const dir = new URL('../../apps/api/src/db/migrations/', import.meta.url);
  const file = readFileSync(new URL('0022_list_indexes.sql', dir), 'utf8');
  return [...file.matchAll(/create index (\w+)[^;]+;/gi)].map((m) => ({
    name: m[1] as string,
    create: m[0],
  }));
}

interface Figure {
  p50: number;
  p95: number;
  /** 8 KB pages read (cache or disk) per request: the work, whatever the machine's load. */
  blocks: number;
  hash: string;
}

async function measure(
  app: TestApp,
  headers: Record<string, string>,
  cases: Case[],
  before?: Map<string, Figure>,
): Promise<Map<string, Figure>> {
  const out = new Map<string, Figure>();
  const width = Math.max(...cases.map((c) => c.name.length));
  for (const c of cases) {
    const times: number[] = [];
    let body = '';
    const blocks0 = await blocks();
    for (let i = 0; i < REPS + 3; i++) {
      const t0 = performance.now();
      const res = await app.app.inject({
        method: c.method,
        url: c.url,
        headers,
        ...(c.body === undefined ? {} : { payload: c.body as object }),
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200)
        throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i >= 3) times.push(ms);
      body = res.body;
    }
    const perRequest = Math.round((await blocks()) - blocks0) / (REPS + 3);
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
    const f = {
      p50: q(0.5),
      p95: q(0.95),
      blocks: perRequest,
      hash: createHash('sha256').update(body).digest('hex'),
    };
    out.set(c.name, f);
    const total = /"total":(\d+)/.exec(body)?.[1];
    const was = before?.get(c.name);
    console.log(
      `${c.name.padEnd(width)}  p50 ${f.p50.toFixed(1).padStart(7)} ms  p95 ${f.p95.toFixed(1).padStart(7)} ms  TARGET p95 < ${TARGET_P95_MS} ms ${f.p95 < TARGET_P95_MS ? 'met' : 'NOT MET'}  ${f.blocks.toFixed(0)} pages${was ? `  (without 0022: p95 ${was.p95.toFixed(1)} ms, ${was.blocks.toFixed(0)} pages)` : ''}${total ? `  [total ${total}]` : ''}${values.hashes ? `  sha256 ${f.hash.slice(0, 16)}` : ''}`,
    );
  }
  return out;
}
