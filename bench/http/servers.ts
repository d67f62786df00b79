/**
 * The API processes of bench/http: the compiled server (`npm run build`'s output, as `npm run serve`
 * runs it) on the bench's own PostgreSQL database, their CPU read from /proc, their statements read
 * from /metrics (db_statements_total), and the database's transactions from pg_stat_database.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import {
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../../apps/api/src/test/server-process.ts';

export const METRICS_TOKEN = 'bench-http-metrics';

export interface Api {
  server: ServerProcess;
  pid: number;
  url: string;
}

/** One compiled API process; `jobs: false` is a second process whose jobs another one runs. */
export async function startApi(options: {
  databaseUrl: string;
  secret: string;
  dataDir: string;
  jobs: boolean;
}): Promise<Api> {
  const server = await spawnServer({
    env: {
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: options.secret,
      DATA_DIR: options.dataDir,
      METRICS_TOKEN,
      JOBS: options.jobs ? 'on' : 'off',
      SEED_DEMO: '0',
      SMTP_URL: '',
      NODE_ENV: 'production',
    },
  });
  await waitForHealth(server, 120_000);
  return { server, pid: server.child.pid!, url: server.url };
}

export async function stopApi(api: Api): Promise<void> {
  api.server.child.kill('SIGTERM');
  await api.server.exited;
}

/** CPU time (user + system) of a process so far, ms (clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Statements the process has sent to PostgreSQL (its /metrics). */
export async function statementsOf(api: Api): Promise<number> {
  const res = await fetch(`${api.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith('db_statements_total '));
  if (!line) throw new Error('/metrics has no db_statements_total');
  return Number(line.split(' ')[1]);
}

/** Committed + rolled-back transactions of one database so far. */
export async function transactionsOf(admin: pg.Client, database: string): Promise<number> {
  // The statistics are sent by each backend at the end of its transaction and read from a snapshot
  // taken per transaction: a fresh one for each reading.
  await admin.query('select pg_stat_clear_snapshot()');
  const r = await admin.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [database],
  );
  return Number(r.rows[0]?.n ?? NaN);
}
