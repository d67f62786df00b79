/**
 * The HTTP phase of bench-catalogos.ts: the real catalog routes on Fastify behind the production
 * server's hooks (this checkout's, and with `--compare=DIR` that checkout's on a second server,
 * both over the same catalogs object), asked by http-client.ts with node:http from another process
 * (`process`), with `fetch` from another process (`fetch`, the client until 2026-11-25) or from
 * this process (`in-process`), alternating servers query by query.
 *
 * The client first asks every query `warmup` times untimed (a server answers all day: the timed
 * requests are its steady state, not its JIT's first minutes nor the garbage of building the
 * indexes), then `repeat` timed passes. A bare node:http server (http-floor.ts) is asked in turn
 * with the catalog server(s), query by query: the machine's floor for a round trip between two
 * processes, in the same minutes.
 *
 * Beside the client's times it prints, per server, the server's own part of each request
 * (onRequest → onResponse), and what lies inside the requests the client saw over 2 ms: the
 * server's part, a garbage collection of the server's process, one of the client's process; then
 * the server's CPU time and allocation per request, which move little with the machine's load.
 */
import { fork } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { basename, resolve } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import * as zodProvider from 'fastify-type-provider-zod';
import type { Catalogos } from '@repo/catalogos';
import type { AppDeps } from '../../apps/api/src/deps.ts';
import * as controlCharacters from '../../apps/api/src/http/control-characters.ts';
import * as errors from '../../apps/api/src/http/errors.ts';
import * as requestLog from '../../apps/api/src/http/request-log.ts';
import * as security from '../../apps/api/src/http/security-headers.ts';
import * as routes from '../../apps/api/src/modules/catalogos/catalogos.routes.ts';
import { floorServer } from './http-floor.ts';
import { runClient, type ClientResult, type ClientRun, type Sample } from './http-client.ts';
import type { BenchQuery, QueryType } from './queries.ts';

/** node:http in another process, `fetch` (undici) in another process, node:http in this one. */
export type ClientMode = 'process' | 'fetch' | 'in-process';
type Timings = Map<QueryType, number[]>;

const SLOW_MS = 2;
/** The name of the bare server's rows (http-floor.ts). */
export const FLOOR = 'floor';
const WHERE: Record<ClientMode, string> = {
  process: 'client in another process',
  fetch: 'fetch client in another process',
  'in-process': 'client in this process',
};
const abs = () => performance.timeOrigin + performance.now();

interface Checkout {
  name: string;
  routes: typeof routes;
  provider: typeof zodProvider;
  errors: typeof errors;
  security: typeof security;
  controlCharacters: typeof controlCharacters;
  requestLog: typeof requestLog;
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
    security: (await at('apps/api/src/http/security-headers.ts')) as typeof security,
    controlCharacters: (await at(
      'apps/api/src/http/control-characters.ts',
    )) as typeof controlCharacters,
    requestLog: (await at('apps/api/src/http/request-log.ts')) as typeof requestLog,
  };
}

interface Server {
  name: string;
  close(): Promise<unknown>;
  address: string;
  /** The server's part of each request, absolute [start, end]. */
  spans: [number, number][];
}

/**
 * The catalog routes behind what the production server (apps/api/src/server.ts) puts before every
 * route, each checkout's own: request ids, the error handler, the control-character check, the
 * request log (pino at info, written to /dev/null), security headers and compression.
 */
async function serve(c: Checkout, catalogos: Catalogos): Promise<Server> {
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, pino.destination('/dev/null')) as FastifyBaseLogger,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID(),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: true,
    }),
  });
  app.setValidatorCompiler(c.provider.validatorCompiler);
  app.setSerializerCompiler(c.provider.serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  c.errors.registerErrorHandler(app);
  c.controlCharacters.registerControlCharacterCheck(app);
  c.requestLog.registerRequestLog(app);
  await c.security.registerSecurityHeaders(app, {
    PUBLIC_URL: 'http://localhost:3000',
    SENTRY_DSN_WEB: '',
  });
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
  return { name: c.name, close: () => app.close(), address, spans };
}

function inChild(run: ClientRun, useFetch: boolean): Promise<ClientResult> {
  const args = useFetch ? ['--child', '--fetch'] : ['--child'];
  const child = fork(new URL('./http-client.ts', import.meta.url), args, {
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
  warmup: number;
  record: (name: string, timings: Timings) => void;
}): Promise<string[]> {
  const checkouts: Checkout[] = [
    { name: '', routes, provider: zodProvider, errors, security, controlCharacters, requestLog },
  ];
  if (opts.compare) checkouts.push(await checkout(opts.compare));
  const servers: Server[] = [];
  for (const c of checkouts) servers.push(await serve(c, opts.catalogos));
  servers.push({ name: FLOOR, ...(await floorServer(abs)) });
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
      warmup: opts.warmup,
    };
    const child = mode !== 'in-process';
    const result = child ? await inChild(run, mode === 'fetch') : await runClient(run);
    loop.disable();
    const clientGc = child ? result.gc : serverGc;
    const where = WHERE[mode];
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
  notes.push('Per request, whatever the load:', ...(await serverCost(servers, opts.queries)));
  for (const s of servers) await s.close();
  return notes;
}

/**
 * The server's CPU time and heap allocation per request, per server (each asked alone by a client
 * in another process, the servers in turn twice): what a request costs the server whatever the
 * load. Allocation is estimated by V8's sampling heap profiler with collected objects kept.
 */
async function serverCost(servers: Server[], queries: BenchQuery[]): Promise<string[]> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  const cpu = servers.map(() => 0);
  const bytes = servers.map(() => 0);
  const requests = servers.map(() => 0);
  // Rounds 0 and 1 count CPU time, 2 and 3 allocation (the profiler's own work is not counted).
  for (let round = 0; round < 4; round++) {
    const sampling = round >= 2;
    for (let j = 0; j < servers.length; j++) {
      const k = round % 2 === 0 ? j : servers.length - 1 - j;
      const s = servers[k]!;
      if (sampling)
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 16384,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      const c0 = process.cpuUsage();
      const result = await inChild({ servers: [s.address], queries, repeat: 2, warmup: 1 }, false);
      const c = process.cpuUsage(c0);
      // The client's warm-up pass asks every query once more.
      const n = result.samples[0]!.length + queries.length;
      if (!sampling) {
        cpu[k]! += c.user + c.system;
        requests[k]! += n;
        continue;
      }
      const { profile } = await session.post('HeapProfiler.stopSampling');
      const total = (node: typeof profile.head): number =>
        node.selfSize + node.children.reduce((sum, child) => sum + total(child), 0);
      bytes[k]! += total(profile.head) / n / 2;
    }
  }
  await session.post('HeapProfiler.disable');
  session.disconnect();
  return servers.map(
    (s, k) =>
      `  server ${s.name || 'this checkout'}: ${(cpu[k]! / requests[k]!).toFixed(0)} µs CPU (process, GC threads included) and ${(bytes[k]! / 1024).toFixed(1)} KB allocated per request (${requests[k]} requests each)`,
  );
}
