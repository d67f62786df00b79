/**
 * The load of bench/http: N clients, each sending its requests one after another over keep-alive
 * HTTP, spread over the API processes; what the processes and PostgreSQL spent meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { cpuPostgresEntre, cpuPostgresMs } from '../stamping/cpu-postgres.ts';
import { cpuMsOf, statementsOf, transactionsOf, type Api } from './servers.ts';

/** A signed-in user as the SPA holds one: the session token and the known-device cookie. */
export interface Session {
  token: string;
  cookie: string;
}

export async function login(api: Api, email: string, password: string): Promise<Session> {
  const res = await fetch(`${api.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`login: ${res.status} ${JSON.stringify(body)}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { token: body.data.token, cookie };
}

/** One kind of request: its method, path and body (a function: each call may differ). */
export interface Pedido {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: () => unknown;
  /** A fresh Idempotency-Key header on each request (create-and-stamp). */
  idempotencyKey?: boolean;
  /** Throws when the answer is not the one the request must get. */
  check?: (status: number, body: unknown) => void;
}

export async function send(api: Api, session: Session, p: Pedido): Promise<unknown> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.token}`,
    cookie: session.cookie,
  };
  if (p.body) headers['content-type'] = 'application/json';
  if (p.idempotencyKey) headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${api.url}${p.path}`, {
    method: p.method,
    headers,
    ...(p.body ? { body: JSON.stringify(p.body()) } : {}),
  });
  const body: unknown = await res.json();
  if (p.check) p.check(res.status, body);
  else if (!res.ok) throw new Error(`${p.method} ${p.path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export interface Medida {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** CPU of the API processes, ms per request. */
  apiCpuMs: number;
  /** CPU of every PostgreSQL process on the machine, ms per request (null without /proc). */
  pgCpuMs: number | null;
  /** Statements sent to PostgreSQL (the processes' db_statements_total), per request. */
  statements: number;
  /** Transactions of the bench's database (pg_stat_database), per request. */
  transactions: number;
  cores: number;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `total` requests from `concurrency` clients, client i on process i mod n; each client with its
 * own session. The statement count includes the two /metrics scrapes' own (a few statements).
 */
export async function medir(options: {
  apis: Api[];
  sessions: Session[];
  pedido: Pedido;
  total: number;
  concurrency: number;
  admin: pg.Client;
  database: string;
}): Promise<Medida> {
  const { apis, sessions, pedido, total, concurrency, admin, database } = options;
  const statementsBefore = await Promise.all(apis.map(statementsOf));
  await sleep(1100); // pg_stat_database: each backend reports at most once a second
  const xactBefore = await transactionsOf(admin, database);
  const pgBefore = cpuPostgresMs();
  const cpuBefore = apis.map((a) => cpuMsOf(a.pid));
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const api = apis[i % apis.length]!;
      const session = sessions[i % sessions.length]!;
      while (next < total) {
        next++;
        const t0 = performance.now();
        await send(api, session, pedido);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = apis.reduce((s, a, i) => s + cpuMsOf(a.pid) - cpuBefore[i]!, 0);
  const pgAfter = cpuPostgresMs();
  const statementsAfter = await Promise.all(apis.map(statementsOf));
  await sleep(1100);
  const xactAfter = await transactionsOf(admin, database);
  const n = latencies.length;
  latencies.sort((a, b) => a - b);
  const statements = statementsAfter.reduce((s, v, i) => s + v - statementsBefore[i]!, 0);
  return {
    requests: n,
    perSecond: n / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    apiCpuMs: cpu / n,
    pgCpuMs: pgBefore && pgAfter ? cpuPostgresEntre(pgBefore, pgAfter) / n : null,
    statements: statements / n,
    transactions: (xactAfter - xactBefore) / n,
    cores: apis.length,
  };
}
