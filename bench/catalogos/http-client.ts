/**
 * The HTTP client of the catalog benchmark: `fetch` (undici, keep-alive) POSTs of the bench
 * queries to one or more servers, alternating server by server query by query (the order turned
 * every repetition), timed on the client's side. bench-catalogos.ts runs it in its own process
 * (the server's process: how it was measured until 2026-11-25) or in a child process started with
 * `fork` (a real client is never in the server's process: its work and its garbage collections
 * are not the server's).
 *
 * Every time is also kept as an absolute interval (performance.timeOrigin + now), so that the
 * server's process can say what happened inside its slow requests.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { BenchQuery, QueryType } from './queries.ts';

export interface ClientRun {
  servers: string[];
  queries: BenchQuery[];
  repeat: number;
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

async function ask(address: string, q: BenchQuery): Promise<void> {
  const path = q.type === 'unit' ? 'unidades' : 'productos-servicios';
  const res = await fetch(`${address}/api/catalogos/${path}/search?page=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data_search: q.q }),
  });
  await res.arrayBuffer();
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
