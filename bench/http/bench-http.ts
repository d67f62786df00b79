/**
 * bench/http — a stamp as users and integrators ask for it (issue 26): POST
 * /api/facturacion/V40/facturas-ingreso (create and stamp) with a signed-in session and one
 * Idempotency-Key per request, from N concurrent clients, against 1 and then 2 compiled API
 * processes (`npm run build`'s output; the second with JOBS=off) on one PostgreSQL, in the same run
 * as the in-process stamping bench (bench/stamping, the same concurrency and stamps), each figure
 * printed beside its target. Then the other hot requests (invoice list, search, dashboard, a
 * pre-invoice save) on one process: round trips per request.
 *
 * Round trips: the processes' db_statements_total (/metrics; every statement sent, BEGIN and COMMIT
 * included); transactions: pg_stat_database of the bench's own database; CPU: /proc of the API
 * processes and of every PostgreSQL process (so other work on the machine counts in the latter:
 * the load average is printed). At the end the credits and folios are checked exact.
 *
 *   node --import tsx bench/http/bench-http.ts [--stamps 1000] [--warmup 200] [--concurrency 16] [--requests 300] [--no-in-process]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fromPostgres } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { buildTestApp } from '../../apps/api/src/test/build-test-app.ts';
import {
  basico,
  seedFacturador,
} from '../../apps/api/src/modules/facturas/facturas.test-support.ts';
import { login, medir, send, type Pedido, type Session } from './load.ts';
import { carga, printHot, printStamps, revisarCreditosYFolios, type EnProceso } from './report.ts';
import { startApi, stopApi, type Api } from './servers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    stamps: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '16' },
    requests: { type: 'string', default: '300' },
    'no-in-process': { type: 'boolean', default: false },
  },
});
const STAMPS = Number(values.stamps);
const WARMUP = Number(values.warmup);
const CONCURRENCY = Number(values.concurrency);
const REQUESTS = Number(values.requests);
const SECRET = 'bench-http-secret-0123456789abcdef';
const V40 = '/api/facturacion/V40';

/** The in-process stamping bench with the same workload, in its own process: its JSON line. */
function enProceso(): EnProceso | null {
  if (values['no-in-process']) return null;
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/stamping/bench-stamping.ts',
      '--only',
      'postgres',
      '--no-phases',
      '--json',
      '--stamps',
      String(STAMPS),
      '--warmup',
      String(WARMUP),
      '--concurrency',
      String(CONCURRENCY),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const line = r.stdout.split('\n').find((l) => l.startsWith('JSON '));
  if (!line) throw new Error(`bench/stamping gave no figures:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(line.slice(5)) as EnProceso;
}

console.log(`bench/http: building the server (scripts/build.mjs --server)`);
const built = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the server did not build');

const inProcess = enProceso();
console.log(`in process (bench/stamping, ${carga()}): done`);

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_http_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const apis: Api[] = [];
try {
  const database = fromPostgres(url.toString(), 5);
  await migrate(database);
  const t = await buildTestApp({ database, env: { APP_SECRET: SECRET } });
  const credits = WARMUP * 2 + STAMPS * 2 + 10;
  const e = await seedFacturador(t, { credits });
  const { draft } = await basico(t, e);
  await t.close();

  apis.push(await startApi({ databaseUrl: url.toString(), secret: SECRET, dataDir, jobs: true }));
  const stamp: Pedido = {
    method: 'POST',
    path: `${V40}/facturas-ingreso`,
    body: () => draft(),
    idempotencyKey: true,
    check: (status, body) => {
      const estado = (body as { data?: { factura?: { status?: string } } }).data?.factura?.status;
      if (status !== 200 || estado !== 'timbrada')
        throw new Error(`stamp answered ${status}: ${JSON.stringify(body).slice(0, 400)}`);
    },
  };
  const sesiones = async (api: Api) => {
    const list: Session[] = [];
    for (let i = 0; i < CONCURRENCY; i++) list.push(await login(api, e.email, e.password));
    return list;
  };
  let stamped = 0;
  const warm = async (api: Api, sessions: Session[]) => {
    for (let i = 0; i < WARMUP; i++) await send(api, sessions[i % sessions.length]!, stamp);
    stamped += WARMUP;
  };
  const sessionsA = await sesiones(apis[0]!);
  await warm(apis[0]!, sessionsA);
  const medida = (list: Api[], sessions: Session[]) =>
    medir({
      apis: list,
      sessions,
      pedido: stamp,
      total: STAMPS,
      concurrency: CONCURRENCY,
      admin,
      database: name,
    });
  const one = await medida([apis[0]!], sessionsA);
  stamped += one.requests;

  apis.push(await startApi({ databaseUrl: url.toString(), secret: SECRET, dataDir, jobs: false }));
  const sessionsB = await sesiones(apis[1]!);
  await warm(apis[1]!, sessionsB);
  const mixed = sessionsA.map((s, i) => (i % 2 ? sessionsB[i]! : s));
  const two = await medida(apis, mixed);
  stamped += two.requests;
  printStamps({ inProcess, one, two, cores: availableParallelism(), concurrency: CONCURRENCY });

  const check = await fromPostgres(url.toString(), 2);
  await revisarCreditosYFolios(check.db, e.enterpriseId, { credits, stamped });
  await check.close();

  const hot: [string, Pedido][] = [
    [
      'invoice list, page 1',
      { method: 'GET', path: `${V40}/facturas-ingreso?page=1&items_per_page=30` },
    ],
    [
      'invoice search (client name)',
      {
        method: 'POST',
        path: `${V40}/facturas-ingreso/search`,
        body: () => ({ rfc_name: 'XOCHILT', items_per_page: 30 }),
      },
    ],
    ['dashboard (Inicio)', { method: 'GET', path: '/api/inicio/resumen' }],
    [
      'pre-invoice save',
      { method: 'POST', path: `${V40}/pre-facturas-ingreso`, body: () => draft() },
    ],
  ];
  for (const [label, pedido] of hot) {
    await medir({
      apis: [apis[0]!],
      sessions: sessionsA,
      pedido,
      total: 30,
      concurrency: 4,
      admin,
      database: name,
    });
    const m = await medir({
      apis: [apis[0]!],
      sessions: sessionsA,
      pedido,
      total: REQUESTS,
      concurrency: 4,
      admin,
      database: name,
    });
    printHot(label, m);
  }
} finally {
  for (const api of apis) await stopApi(api).catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
