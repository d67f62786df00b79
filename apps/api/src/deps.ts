import type { FastifyBaseLogger } from 'fastify';
import type { Catalogos } from '@repo/catalogos';
import type { Pac } from '@repo/pac';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './email/mailer.ts';
import type { TokenService } from './http/auth.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { TiposDeCambio } from './modules/tipos-de-cambio/tipos-de-cambio.service.ts';
import type { Payments } from './payments/create-payment-gateway.ts';

/** Everything a module needs from the outside world, built once by main.ts (or by the test harness). */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  secret: string;
  tokens: TokenService;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** The SAT catalogs, loaded once per process (@repo/catalogos). */
  catalogos: Catalogos;
  /** The configured PAC (sandbox by default; see pac/create-pac.ts). */
  pac: Pac;
  /**
   * The sandbox PAC, for what test API keys stamp (docs/decisions/014); the configured PAC when it
   * is the sandbox already. createServer makes one when not given.
   */
  pacPruebas?: Pac;
  /** Reference exchange rates (committed history, Banxico's SIE API with BANXICO_TOKEN). */
  tiposDeCambio: TiposDeCambio;
  /** The configured card-payment gateway (sandbox checkout by default; see payments/). */
  payments: Payments;
  /** The clock: injected so tests can move time. */
  now: () => Date;
  /** Prometheus metrics (GET /metrics); createServer makes them when not given (main.ts gives them, so the jobs it runs count too). */
  metrics?: Metrics;
}
