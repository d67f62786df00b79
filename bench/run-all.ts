/**
 * `npm run bench`: every benchmark of bench/, one after the other, each in its own process so that
 * one does not warm or load the other. Prints the machine state first (cores, load average), because
 * the figures of a shared machine mean little without it.
 *
 *   npm run bench [-- --only cfdi,stamping,http,catalogos,server,first-load,first-start,globales,lists]
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES: Record<string, string[]> = {
  cfdi: ['bench/cfdi/bench-cfdi.ts', '--k=200', '--runs=5'],
  stamping: ['bench/stamping/bench-stamping.ts', '--concurrency', '8,16'],
  // Runs the in-process stamping bench again beside it, at its concurrency: the HTTP targets are ratios.
  http: ['bench/http/bench-http.ts', '--concurrency', '16'],
  catalogos: ['bench/catalogos/bench-catalogos.ts'],
  server: ['bench/server/bench-server.ts', '--runs=3'],
  'first-load': ['bench/first-load/bench-first-load.ts', '--runs=5'],
  'first-start': ['bench/first-start/bench-first-start.ts', '--runs=3'],
  globales: ['bench/globales/bench-globales.ts', '--sales', '5000', '--runs', '3'],
  lists: ['bench/lists/bench-lists.ts', '--compare-indexes'],
};

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const names = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(BENCHES);
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`,
  );
  process.exit(2);
}

const state = () =>
  `${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version}`;

let failed = 0;
for (const name of names) {
  const args = BENCHES[name] as string[];
  console.log(`\n=== bench/${name} — ${new Date().toISOString()} — ${state()}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    failed++;
    console.log(`=== bench/${name} ended with status ${r.status ?? r.signal}`);
  }
}
console.log(`\n=== done — ${state()}`);
process.exit(failed ? 1 : 0);
