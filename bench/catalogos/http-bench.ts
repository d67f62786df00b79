/**
 * The HTTP phase of bench-catalogos.ts: the real catalog routes on Fastify (this checkout's, and
 * with `--compare=DIR` that checkout's routes on a second server, both over the same catalogs
 * object), asked by http-client.ts from another process (`process`) and from this process
 * (`in-process`, the measure until 2026-11-25), alternating servers query by query.
 *
 * Beside the client's times it prints, per server, the server's own part of each request
 * (onRequest → onResponse), and what lies inside the requests the client saw over 2 ms: the
 * server's part, a garbage collection of the server's process, one of the client's process.
 */
import { fork } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import * as zodProvider from 'fastify-type-provider-zod';
import type { Catalogos } from '@repo/catalogos';
import type { AppDeps } from '../../apps/api/src/deps.ts';
import * as errors from '../../apps/api/src/http/errors.ts';
import * as routes from '../../apps/api/src/modules/catalogos/catalogos.routes.ts';
import { runClient, type ClientResult, type ClientRun, type Sample } from './http-client.ts';
import type { BenchQuery, QueryType } from './queries.ts';

export type ClientMode = 'process' | 'in-process';
type Timings = Map<QueryType, number[]>;

const SLOW_MS = 2;
const abs = () => performance.timeOrigin + performance.now();

interface Checkout {
  name: string;
  routes: typeof routes;
  provider: typeof zodProvider;
  errors: typeof errors;
}

/** A checkout's routes with its own zod provider and error handler (its own zod instance). */
async function checkout(dir: string): Promise<Checkout> {
  const at = (p: string) => import(pathToFileURL(resolve(dir, p)).href);
  return {
    name: basename(resolve(dir)),
    routes: (await at('apps/api/src/modules/catalogos/catalogos.routes.ts')) as typeof routes,
    provider: (await at(
      'node_modules/fastify-type-provider-zod/dist/esm/index.js',
    )) as typeof zodProvider,
    errors: (await at('apps/api/src/http/errors.ts')) as typeof errors,
  };
}

interface Server {
  name: string;
  app: FastifyInstance;
  address: string;
  /** The server's part of each request, absolute [start, end]. */
  spans: [number, number][];
}

async function serve(c: Checkout, catalogos: Catalogos): Promise<Server> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(c.provider.validatorCompiler);
  app.setSerializerCompiler(c.provider.serializerCompiler);
  c.errors.registerErrorHandler(app);
  const spans: [number, number][] = [];
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    started.set(request, abs());
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    spans.push([started.get(request) ?? NaN, abs()]);
    done();
  });
  const deps = { catalogos, now: () => new Date() } as unknown as AppDeps;
  await app.register(c.routes.catalogosRoutes(deps), { prefix: '/api/catalogos' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { name: c.name, app, address, spans };
}

function inChild(run: ClientRun): Promise<ClientResult> {
  const child = fork(new URL('./http-client.ts', import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((done, fail) => {
    child.once('message', (m) => done(m as ClientResult));
    child.once('error', fail);
    child.once('exit', (code) => code !== 0 && fail(new Error(`client exited ${code}`)));
    child.send(run);
  });
}

const overlaps = (s: Sample, spans: [number, number][]) =>
  spans.some(([a, b]) => a < s.end && b > s.start);
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const pctOf = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN);
};

/** What lies inside the slow requests of one server, a line printed under the table. */
function explain(
  label: string,
  samples: Sample[],
  server: Server,
  serverGc: [number, number][],
  clientGc: [number, number][],
): string {
  const own = server.spans.map(([a, b]) => b - a);
  const slow = samples.filter((s) => s.end - s.start > SLOW_MS);
  const inside = slow.map((s) =>
    server.spans.filter(([a, b]) => a >= s.start && b <= s.end).reduce((n, [a, b]) => n + b - a, 0),
  );
  return (
    `${label}: server's part p50 / p99 ${ms(pctOf(own, 50))} / ${ms(pctOf(own, 99))} ms; ` +
    `${slow.length} of ${samples.length} requests over ${SLOW_MS} ms, server's part in them p50 / max ` +
    `${ms(pctOf(inside, 50))} / ${ms(Math.max(0, ...inside))} ms, with a GC of the server's process ` +
    `inside ${slow.filter((s) => overlaps(s, serverGc)).length}, of the client's ${slow.filter((s) => overlaps(s, clientGc)).length}`
  );
}

export async function benchHttp(opts: {
  catalogos: Catalogos;
  queries: BenchQuery[];
  types: QueryType[];
  compare?: string | undefined;
  modes: ClientMode[];
  repeat: number;
  record: (name: string, timings: Timings) => void;
}): Promise<string[]> {
  const checkouts: Checkout[] = [{ name: '', routes, provider: zodProvider, errors }];
  if (opts.compare) checkouts.push(await checkout(opts.compare));
  const servers: Server[] = [];
  for (const c of checkouts) servers.push(await serve(c, opts.catalogos));
  const serverGc: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      serverGc.push([
        performance.timeOrigin + e.startTime,
        performance.timeOrigin + e.startTime + e.duration,
      ]);
  });
  observer.observe({ entryTypes: ['gc'] });
  const notes: string[] = [];
  for (const mode of opts.modes) {
    for (const s of servers) s.spans.length = 0;
    serverGc.length = 0;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const run: ClientRun = {
      servers: servers.map((s) => s.address),
      queries: opts.queries,
      repeat: opts.repeat,
    };
    const result = mode === 'process' ? await inChild(run) : await runClient(run);
    loop.disable();
    const clientGc = mode === 'process' ? result.gc : serverGc;
    const where = mode === 'process' ? 'client in another process' : 'client in this process';
    servers.forEach((s, k) => {
      const name = `HTTP, ${where}${s.name ? ` (${s.name})` : ''}`;
      const timings: Timings = new Map(opts.types.map((t) => [t, []]));
      for (const x of result.samples[k]!) timings.get(x.type)?.push(x.end - x.start);
      opts.record(name, timings);
      // The server's spans of the warm-up are not among the samples: keep the last ones only.
      s.spans.splice(0, s.spans.length - result.samples[k]!.length);
      notes.push(explain(name, result.samples[k]!, s, serverGc, clientGc));
    });
    const gcMs = serverGc.map(([a, b]) => b - a);
    notes.push(
      `  ${where}: server process GCs ${serverGc.length} (max ${ms(Math.max(0, ...gcMs))} ms), client process GCs ${result.gc.length}` +
        `, server event-loop delay p99 / max ${ms(loop.percentile(99) / 1e6)} / ${ms(loop.max / 1e6)} ms`,
    );
  }
  observer.disconnect();
  for (const s of servers) await s.app.close();
  return notes;
}
