/**
 * The HTTP client of the catalog benchmark: POSTs of the bench queries with node:http over one
 * kept-alive connection per server (as a browser keeps its connection to the API), to one or more
 * servers, alternating server by server query by query (the order turned
 * every repetition), timed on the client's side. bench-catalogos.ts runs it in its own process
 * (the server's process: how it was measured until 2026-11-25) or in a child process started with
 * `fork` (a real client is never in the server's process: its work and its garbage collections
 * are not the server's).
 *
 * Until 2026-11-25 it used `fetch` (undici): its WHATWG streams, Headers and Response objects cost
 * the client more CPU and garbage per request than the server's own part, and a client that busy
 * on a loaded machine measured itself. `--fetch` in the child's arguments keeps that client.
 *
 * Every time is also kept as an absolute interval (performance.timeOrigin + now), so that the
 * server's process can say what happened inside its slow requests.
 */
import { Agent, request } from 'node:http';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { BenchQuery, QueryType } from './queries.ts';

export interface ClientRun {
  servers: string[];
  queries: BenchQuery[];
  repeat: number;
  /** Untimed passes over every query first (at least one: code paths and connections). */
  warmup: number;
}

/** One request as the client saw it: absolute start and end in ms since the epoch. */
export interface Sample {
  type: QueryType;
  start: number;
  end: number;
}

export interface ClientResult {
  /** Per server, in `servers` order. */
  samples: Sample[][];
  /** The client process's garbage collections during the run, absolute [start, end]. */
  gc: [number, number][];
}

const abs = () => performance.timeOrigin + performance.now();

/** What a browser (Chromium) accepts: the answers over 1 KB come compressed, as in production. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One connection per server, kept open between requests. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(address: string, path: string, body: string): Promise<void> {
  return new Promise((done, fail) => {
    const req = request(`${address}${path}`, {
      agent,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'accept-encoding': ACCEPT_ENCODING,
      },
    });
    req.once('response', (res) => {
      if (res.statusCode !== 200) fail(new Error(`${path}: ${res.statusCode}`));
      res.on('data', () => undefined); // read and dropped, as the browser's bytes are read
      res.once('end', done);
    });
    req.once('error', fail);
    req.end(body);
  });
}

async function viaFetch(address: string, path: string, body: string): Promise<void> {
  const res = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await res.arrayBuffer();
}

const send = process.argv.includes('--fetch') ? viaFetch : post;

function ask(address: string, q: BenchQuery): Promise<void> {
  const path = q.type === 'unit' ? 'unidades' : 'productos-servicios';
  return send(
    address,
    `/api/catalogos/${path}/search?page=1`,
    JSON.stringify({ data_search: q.q }),
  );
}

export async function runClient(run: ClientRun): Promise<ClientResult> {
  const gc: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gc.push([
        performance.timeOrigin + e.startTime,
        performance.timeOrigin + e.startTime + e.duration,
      ]);
  });
  // Warm-up of the code paths and connections (every answer is then in the result cache, as a
  // popular query is).
  for (let w = 0; w < Math.max(1, run.warmup); w++)
    for (const s of run.servers) for (const q of run.queries) await ask(s, q);
  observer.observe({ entryTypes: ['gc'] });
  const samples: Sample[][] = run.servers.map(() => []);
  for (let r = 0; r < run.repeat; r++) {
    for (const q of run.queries) {
      for (let j = 0; j < run.servers.length; j++) {
        const k = r % 2 === 0 ? j : run.servers.length - 1 - j;
        const start = abs();
        await ask(run.servers[k]!, q);
        samples[k]!.push({ type: q.type, start, end: abs() });
      }
    }
  }
  await new Promise((done) => setImmediate(done)); // the observer's last entries
  observer.disconnect();
  agent.destroy();
  return { samples, gc };
}

// Started by `fork(..., ['--child'])`: one run asked over IPC, its result sent back.
if (process.argv.includes('--child') && process.send) {
  process.once('message', (run: ClientRun) => {
    void runClient(run).then((result) => {
      process.send!(result, () => process.disconnect());
    });
  });
}
