import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CollectFunction,
} from 'prom-client';
import type { Database } from '../db/client.ts';
import { exportacionesEnCola, recuperacionPendiente } from './job-queues.queries.ts';

/**
 * The API's metrics in the Prometheus text format (served by metrics.routes.ts at /metrics when
 * METRICS_TOKEN is set). Each app has its own registry (tests build many apps in one process);
 * the process's own (CPU, memory, event loop, GC) live once per process and are merged at scrape.
 */
export interface Metrics {
  /** Answered HTTP requests by method, route pattern (never the raw URL) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Each PAC call: stamp (timbrar), cancel, status query; outcome ok or error. */
  pacDuration: Histogram<'operation' | 'outcome'>;
  /** PAC failures by kind (@repo/pac PacError.kind, or "inesperado" for anything else). */
  pacErrors: Counter<'operation' | 'kind'>;
  /** E-mails handed to the mail server (or the outbox): outcome sent or failed. */
  emails: Counter<'outcome'>;
  emailsInFlight: Gauge;
  /** The whole exposition: this app's metrics and the process's. */
  text(): Promise<string>;
  readonly contentType: string;
}

let processRegistry: Registry | null = null;
/** Node's own metrics (process_*, nodejs_*), collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A PAC answers in about a second; its client gives up at 30 s. */
const PAC_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60];

export interface MetricsSource {
  database: Database;
  now: () => Date;
  /** A gauge that could not be read at a scrape (the database down): it is left out, and reported here. */
  onCollectError?: (error: unknown) => void;
}

/** A collect callback whose failure leaves its gauge empty instead of failing the whole scrape. */
function safely<T extends Gauge<string>>(
  onError: ((error: unknown) => void) | undefined,
  read: (gauge: T) => Promise<void> | void,
): CollectFunction<T> {
  return async function (this: T) {
    this.reset();
    try {
      await read(this);
    } catch (error) {
      this.reset();
      onError?.(error);
    }
  };
}

/** What the background jobs have waiting, read from the database at each scrape. */
function queueGauges(registers: Registry[], source: MetricsSource): void {
  const { db } = source.database;
  new Gauge({
    name: 'cfdi_jobs_queue_depth',
    help: 'Work waiting for the background jobs: the PAC recovery (sealed documents without a PAC answer: all, and due now) and ZIP exports (waiting, being prepared).',
    labelNames: ['job', 'state'] as const,
    registers,
    collect: safely(source.onCollectError, async (gauge) => {
      const [recuperacion, zip] = await Promise.all([
        recuperacionPendiente(db, source.now()),
        exportacionesEnCola(db),
      ]);
      gauge.set({ job: 'pac_recovery', state: 'sealed' }, recuperacion.selladas);
      gauge.set({ job: 'pac_recovery', state: 'due' }, recuperacion.vencidas);
      gauge.set({ job: 'zip_export', state: 'waiting' }, zip.pendiente);
      gauge.set({ job: 'zip_export', state: 'preparing' }, zip.preparando);
    }),
  });
}

/** The PostgreSQL pool of this process; the embedded PGlite is one connection inside it: none. */
function poolGauges(registers: Registry[], source: MetricsSource): void {
  const pool = source.database.pool;
  if (!pool) return;
  const onError = source.onCollectError;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections of this process: in_use (lent to a query) and idle.',
    labelNames: ['state'] as const,
    registers,
    collect: safely(onError, (gauge) => {
      const p = pool();
      gauge.set({ state: 'in_use' }, p.total - p.idle);
      gauge.set({ state: 'idle' }, p.idle);
    }),
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free PostgreSQL pool connection.',
    registers,
    collect: safely(onError, (gauge) => gauge.set(pool().waiting)),
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the PostgreSQL pool of this process opens.',
    registers,
    collect: safely(onError, (gauge) => gauge.set(pool().max)),
  });
  const statements = source.database.statements;
  if (!statements) return;
  new Counter({
    name: 'db_statements_total',
    help: 'Statements this process sent to PostgreSQL (each a round trip; BEGIN and COMMIT count).',
    registers,
    collect() {
      this.reset();
      this.inc(statements());
    },
  });
}

export function createMetrics(source: MetricsSource): Metrics {
  const registers = [new Registry()];

  const httpLabels = ['method', 'route', 'status'] as const;
  const metrics = {
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: httpLabels,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: httpLabels,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    pacDuration: new Histogram({
      name: 'cfdi_pac_request_duration_seconds',
      help: 'Time of each PAC call (operation timbrar is the stamp latency), by outcome.',
      labelNames: ['operation', 'outcome'] as const,
      buckets: PAC_BUCKETS,
      registers,
    }),
    pacErrors: new Counter({
      name: 'cfdi_pac_errors_total',
      help: 'PAC calls that failed, by operation and kind (rechazado, duplicado, no-disponible, credenciales, respuesta-invalida, inesperado).',
      labelNames: ['operation', 'kind'] as const,
      registers,
    }),
    emails: new Counter({
      name: 'cfdi_emails_total',
      help: 'E-mails handed to the mail server (or written to the outbox), by outcome: sent or failed.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    emailsInFlight: new Gauge({
      name: 'cfdi_emails_in_flight',
      help: 'E-mails being sent right now (they are sent during the request, not queued).',
      registers,
    }),
  };

  queueGauges(registers, source);
  poolGauges(registers, source);

  const own = registers[0]!;
  return {
    ...metrics,
    text: () => Registry.merge([processMetrics(), own]).metrics(),
    contentType: own.contentType,
  };
}
