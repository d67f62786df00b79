/**
 * The CPU this process spends per statement sent to PostgreSQL, over loopback TCP and over the Unix
 * socket of the same server, alternating in one run: the floor under each of a stamp's four
 * statements, whatever the statement does. Two statements, as named prepared statements like the
 * stamping path's: `select 1`, and one carrying a 9 KB text parameter (a sealed CFDI's size).
 *
 *   node --import tsx bench/stamping/bench-round-trip.ts [--rounds 3] [--n 3000]
 *     BENCH_DATABASE_URL (TCP, default postgres://postgres@127.0.0.1:5432/postgres)
 *     BENCH_SOCKET_DIR (default /var/run/postgresql)
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, n: { type: 'string', default: '3000' } },
});
const tcp = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(tcp);
const socketDir = process.env['BENCH_SOCKET_DIR'] ?? '/var/run/postgresql';
const transports = {
  tcp: { connectionString: tcp },
  unix: {
    host: socketDir,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
  },
};
const statements: [string, string, unknown[]][] = [
  ['select 1', 'select 1', []],
  ['9 KB parameter', 'select length($1::text)', ['x'.repeat(9000)]],
];
const N = Number(values.n);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`CPU of this process per statement (µs), ${N} statements each, load average ${load()}`);
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const [name, config] of Object.entries(transports)) {
    const client = new pg.Client(config);
    await client.connect();
    const cells: string[] = [];
    for (const [label, text, params] of statements) {
      const query = { name: label, text, values: params };
      for (let i = 0; i < 1000; i++) await client.query(query);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < N; i++) await client.query(query);
      const cpu = process.cpuUsage(cpu0);
      const wall = ((performance.now() - t0) * 1000) / N;
      cells.push(
        `${label}: ${((cpu.user + cpu.system) / N).toFixed(1)} (system ${(cpu.system / N).toFixed(1)}), wall ${wall.toFixed(0)}`,
      );
    }
    await client.end();
    console.log(`round ${round}  ${name.padEnd(4)}  ${cells.join('   ')}`);
  }
}
console.log(`load average after: ${load()}`);
