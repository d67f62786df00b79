/**
 * First start of the app on an empty embedded database (issue 26): what a newcomer's `npm start`
 * costs once built, the compiled API (`npm run serve`) on a new DATA_DIR with the demo account seeded.
 * "cpu" = the process's CPU time (user + system, /proc) when GET /api/health first answers 200 (the
 * demo account is seeded before the server listens), "rss" = its resident memory (VmRSS) 2 s after,
 * "peak" = its high-water mark (VmHWM). Then a warm start of the same DATA_DIR, for comparison.
 *
 *   node --import tsx bench/first-start/bench-first-start.ts [--runs=3] [--no-build] [--no-template]
 *
 * --no-template hides the build's database template (apps/api/dist/pglite-template, see
 * apps/api/src/db/pglite-template.ts) during the run: the first start then runs PGlite's initdb and
 * every migration itself, as before the template existed. Prints medians beside the targets.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const TARGETS = { cpuMs: 5000, rssMb: 300 };
const TEMPLATE = join(ROOT, 'apps/api/dist/pglite-template');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-template': { type: 'boolean', default: false },
  },
});

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

async function memoryMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time (user + system) of a process so far, in ms. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

interface Measure {
  wallMs: number;
  cpuMs: number;
  rss: number;
  peak: number;
}

async function startAndMeasure(dataDir: string): Promise<Measure> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const t0 = performance.now();
  const proc: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--conditions=compiled', 'apps/api/dist/main.js'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`The app exited:\n${output}`);
      if (performance.now() - t0 > 300_000) throw new Error(`The app did not start:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    const wallMs = performance.now() - t0;
    const cpu = await cpuMs(proc.pid as number);
    await sleep(2000);
    return { wallMs, cpuMs: cpu, ...(await memoryMb(proc.pid as number)) };
  } finally {
    if (proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

function row(label: string, ms: Measure[]) {
  const cpu = median(ms.map((m) => m.cpuMs));
  const rss = median(ms.map((m) => m.rss));
  const peak = median(ms.map((m) => m.peak));
  const wall = median(ms.map((m) => m.wallMs));
  console.log(
    `| ${label} | ${(cpu / 1000).toFixed(2)} s | ${rss.toFixed(0)} MB | ${peak.toFixed(0)} MB | ${(wall / 1000).toFixed(1)} s |`,
  );
  return { cpu, rss };
}

if (!args['no-build']) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  if (built.status !== 0) throw new Error('scripts/build.mjs --server failed');
}
if (!existsSync(join(ROOT, 'apps/api/dist/main.js')))
  throw new Error('No compiled API: run node scripts/build.mjs first (or drop --no-build).');

const hidden = `${TEMPLATE}.hidden-by-bench`;
if (args['no-template'] && existsSync(TEMPLATE)) renameSync(TEMPLATE, hidden);
const first: Measure[] = [];
const warm: Measure[] = [];
try {
  for (let i = 0; i < Number(args.runs); i++) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-first-start-'));
    try {
      first.push(await startAndMeasure(join(dir, 'data')));
      warm.push(await startAndMeasure(join(dir, 'data')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
} finally {
  if (existsSync(hidden)) renameSync(hidden, TEMPLATE);
}

console.log(
  `first start, ${args['no-template'] ? 'without' : 'with'} the build's database template; ` +
    `${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; median of ${first.length}`,
);
console.log('| start | CPU until ready | RSS after | peak RSS | wall until ready |');
console.log('| --- | --- | --- | --- | --- |');
const f = row('first (empty DATA_DIR, demo seeded)', first);
row('warm (same DATA_DIR)', warm);
console.log(
  `targets: first start CPU ≤ ${TARGETS.cpuMs / 1000} s: ${f.cpu <= TARGETS.cpuMs ? 'yes' : 'NO'}; ` +
    `RSS after it ≤ ${TARGETS.rssMb} MB: ${f.rss <= TARGETS.rssMb ? 'yes' : 'NO'} (on a quiet machine)`,
);
