/**
 * A lean server (issue 16): how long the app takes to answer after a warm start, and how much memory
 * it holds when idle, on PGlite (embedded) and on PostgreSQL, beside the targets.
 *
 *   node --import tsx bench/server/bench-server.ts [--runs=3] [--only=pglite|postgres] [--compare=DIR]
 *
 * Each database gets a first start (migrations, and on PGlite the demo account) that is not timed;
 * then RUNS warm starts of the same data: "ready" = from spawning the server as `npm run serve`
 * does (the compiled API, built first by scripts/build.mjs) to the first 200 of GET /api/health; "idle RSS" = the process's resident
 * memory (VmRSS) 10 s after ready with nothing asked; then the catalogs a user touches first (a
 * postal code with its colonias, a product key search) are asked once and RSS is read again.
 * PostgreSQL is BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the run creates and drops its own database. `cpu_ms` is the CPU time (user + system) the process
 * spent until ready, which moves less with the machine's load than the wall time. `--compare=DIR`
 * runs another checkout (e.g. a worktree of main with its own node_modules/@repo links) alternately.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '../..');
const TARGETS = {
  pglite: { readyMs: 3000, rssMb: 300 },
  postgres: { readyMs: 2000, rssMb: 150 },
} as const;
type Kind = keyof typeof TARGETS;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    compare: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const IDLE_MS = 10_000;
const kinds: Kind[] = args.only ? [args.only as Kind] : ['pglite', 'postgres'];

/**
 * How `npm run serve` starts the app: the compiled API on plain node (scripts/build.mjs builds it);
 * a checkout from before the compiled build runs its TypeScript through tsx.
 */
function serverArgs(root: string): string[] {
  return existsSync(join(root, 'scripts/build.mjs'))
    ? ['--enable-source-maps', '--conditions=compiled', 'apps/api/dist/main.js']
    : ['--import', 'tsx', 'apps/api/src/main.ts'];
}

/** Builds what `npm start` builds (the SPA, and the API when the checkout compiles it). */
function buildApp(root: string): void {
  const compiled = existsSync(join(root, 'scripts/build.mjs'));
  const [cmd, argv] = compiled
    ? [process.execPath, ['scripts/build.mjs']]
    : ['npm', ['run', 'build', '-w', '@repo/web']];
  const built = spawnSync(cmd as string, argv as string[], { cwd: root, stdio: 'ignore' });
  if (built.status !== 0) throw new Error(`building ${root} failed`);
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** CPU time (user + system) of a process so far, in ms. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

interface Started {
  proc: ChildProcess;
  url: string;
  readyMs: number;
  cpuMs: number;
}

async function start(root: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const t0 = performance.now();
  const proc = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`The app exited:\n${output}`);
    if (performance.now() - t0 > 300_000) throw new Error(`The app did not start:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      const readyMs = performance.now() - t0;
      return { proc, url, readyMs, cpuMs: await cpuMs(proc.pid as number) };
    }
    await sleep(20);
  }
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

/** The catalogs a user touches first: a postal code with its colonias, a product, a unit. */
async function touchCatalogs(url: string): Promise<void> {
  const calls: Array<[string, unknown]> = [
    ['codigos-postales/search', { codigo_postal: '06600' }],
    ['colonias/search', { codigo_postal: '06600' }],
    ['productos-servicios/search', { data_search: 'consultoria' }],
    ['unidades/search', { data_search: 'pieza' }],
  ];
  for (const [path, body] of calls) {
    const res = await fetch(`${url}/api/catalogos/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    await res.arrayBuffer();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Figures {
  ready: number[];
  cpu: number[];
  idle: number[];
  touched: number[];
}

async function bench(kind: Kind): Promise<void> {
  const roots = [ROOT, ...(args.compare ? [resolve(args.compare)] : [])];
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const envs: Record<string, string>[] = [];
    for (const [n] of roots.entries()) {
      const dataDir = await mkdtemp(join(tmpdir(), 'bench-server-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '1', DATABASE_URL: '' };
      if (kind === 'postgres') {
        const base =
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
        const name = `bench_server_${process.pid}_${n}`;
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(base);
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.toString();
        cleanups.push(async () => {
          const c = new pg.Client({ connectionString: base });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        });
      }
      envs.push(env);
    }
    for (const root of roots) buildApp(root);
    // First starts (migrations, and the demo account on PGlite): not timed.
    for (const [n, root] of roots.entries()) await stop((await start(root, envs[n] ?? {})).proc);
    const figures: Figures[] = roots.map(() => ({ ready: [], cpu: [], idle: [], touched: [] }));
    for (let i = 0; i < RUNS; i++) {
      for (const [n, root] of roots.entries()) {
        const f = figures[n] as Figures;
        const s = await start(root, envs[n] ?? {});
        f.ready.push(s.readyMs);
        f.cpu.push(s.cpuMs);
        await sleep(IDLE_MS);
        f.idle.push(await rssMb(s.proc.pid as number));
        await touchCatalogs(s.url);
        await sleep(2000);
        f.touched.push(await rssMb(s.proc.pid as number));
        await stop(s.proc);
      }
    }
    const t = TARGETS[kind];
    for (const [n, root] of roots.entries()) {
      const f = figures[n] as Figures;
      const which = roots.length > 1 ? ` checkout=${root === ROOT ? 'this' : root}` : '';
      console.log(
        `RESULT db=${kind}${which} warm_ready_ms=${median(f.ready).toFixed(0)} (target < ${t.readyMs}) ` +
          `cpu_ms=${median(f.cpu).toFixed(0)} idle_rss_mb=${median(f.idle).toFixed(0)} (target < ${t.rssMb}) ` +
          `rss_after_first_catalogs_mb=${median(f.touched).toFixed(0)} runs=${RUNS} ` +
          `ready_all=[${f.ready.map((x) => x.toFixed(0)).join(',')}] ` +
          `idle_all=[${f.idle.map((x) => x.toFixed(0)).join(',')}]`,
      );
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

console.log(
  `server: ${RUNS} warm starts per database, idle RSS read ${IDLE_MS / 1000} s after ready, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of kinds) await bench(kind);
