import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root (the same from src/ and from the compiled dist/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// Every environment variable the API reads, with its default. The README table is checked against this list.
export const configSchema = z.object({
  /** Port the API and the SPA are served on. */
  PORT: z.coerce.number().int().positive().default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the app, used in e-mailed links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Folder for local state: PGlite database, outbox, secrets, sandbox PAC certificate; a relative path is taken from the repository's root, not the working directory. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when empty the embedded PGlite under DATA_DIR/db is used. */
  DATABASE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || isPostgresUrl(v), {
      message:
        'must be a PostgreSQL URL like postgres://user:password@host:5432/database or postgresql:///database?host=/var/run/postgresql (or empty for the embedded PGlite)',
    }),
  /** PostgreSQL: "on" sends the stamping path's statements as named prepared statements (parsed once per connection); "off" behind PgBouncer older than 1.21 in transaction mode, which cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /** Secret for tokens and for encrypting CSD keys at rest; generated into DATA_DIR/secrets when empty. */
  APP_SECRET: z.string().default(''),
  /** Access-token lifetime in seconds. */
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  /** Seconds after expiry during which an access token can still be refreshed. */
  REFRESH_WINDOW: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(7 * 24 * 3600),
  /** Absolute session lifetime in seconds from sign-in: refreshing never extends a session past it. */
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  /** SMTP server URL (smtp://user:pass@host:port); when empty e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: z.string().default(''),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().default('Facturación CFDI <no-reply@localhost>'),
  /** Address that receives help-center questions. */
  SUPPORT_EMAIL: z.string().email().default('soporte@localhost'),
  /** Days a shared invoice link keeps working; 0 = links never expire. */
  SHARE_LINK_TTL_DAYS: z.coerce.number().int().nonnegative().default(30),
  /** Log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PAC that stamps: "sandbox" (local, validates like a real PAC, no cost) or "sw" (SW Sapien). */
  PAC: z.enum(['sandbox', 'sw']).default('sandbox'),
  /** Sandbox PAC: files (DER .cer or PEM) of the certificate authorities whose CSDs it accepts, separated by commas; the SAT's own CA certificates go here. The test CA in data/test-ca is always trusted. */
  PAC_SANDBOX_CAS: z.string().default(''),
  /** With a real PAC: files (DER .cer or PEM) of the SAT's certificate authorities, separated by commas; an uploaded CSD must chain to one of them. Empty: checked only by the PAC at stamping. */
  SAT_CAS: z.string().default(''),
  /** SW Sapien services host (production: https://services.sw.com.mx). */
  SW_URL: z.string().url().default('https://services.test.sw.com.mx'),
  /** SW Sapien user; with SW_PASSWORD, used when SW_TOKEN is empty. */
  SW_USER: z.string().default(''),
  /** SW Sapien password. */
  SW_PASSWORD: z.string().default(''),
  /** SW Sapien long-lived token from its portal; wins over user and password. */
  SW_TOKEN: z.string().default(''),
  /** Banxico SIE API query token: the reference exchange rates of each day are fetched with it (the dollar's FIX SF43718, and Banxico's euro, yen, pound, yuan and Canadian dollar); when empty only the committed history in data/banxico is known, and an invoice or payment is checked against its newest rate with a band widened for its age (the forms then ask to verify the day's rate). */
  BANXICO_TOKEN: z.string().default(''),
  /** Banxico SIE API base URL (its official address unless told otherwise, e.g. a test double). */
  BANXICO_URL: z.string().url().default('https://www.banxico.org.mx/SieAPIRest/service/v1'),
  /** Card payments for buying credits: "sandbox" (built-in checkout with test cards, no charge) or "stripe" (Stripe Checkout). */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Minutes a credit checkout stays open before it expires and its promotional code is released (Stripe needs 30 or more). */
  PAYMENT_CHECKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Stripe secret API key (sk_live_… or sk_test_…), needed with PAYMENT_GATEWAY=stripe. */
  STRIPE_SECRET_KEY: z.string().default(''),
  /** Signing secret (whsec_…) of the Stripe webhook endpoint PUBLIC_URL/api/payments/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  /** Another Stripe API base (a local server answering Stripe's shapes, for tests); empty for Stripe's own. */
  STRIPE_API_URL: z.string().default(''),
  /** RFC of the platform's own enterprise (an account of this app with its CSD, an income serie and a product with internal code CREDITOS-TIMBRADO) that invoices credit purchases; empty: a seeded test issuer (XIA190128J61) on the embedded database. */
  CREDITS_INVOICE_ISSUER_RFC: z.string().default(''),
  /** Create the demo account on the first start of an empty embedded database ("0" to skip). */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Proxies whose X-Forwarded-For is believed (per-IP rate limits): "true", a hop count, or IPs/CIDRs separated by commas; empty trusts none. */
  TRUST_PROXY: z.string().default(''),
  /** Failed sign-ins one address may make in 15 minutes, whatever the accounts, before it must wait; a device an account signed in from before is never stopped by it. Set it to the size of the largest office behind one address. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
  /** Sentry-compatible DSN for the API's errors; error reporting is off when empty. */
  SENTRY_DSN: z.string().default(''),
  /** Sentry-compatible DSN for the SPA's errors and session replays, handed to it by GET /api/client-config; off when empty. */
  SENTRY_DSN_WEB: z.string().default(''),
  /** Environment name attached to reported errors. */
  SENTRY_ENVIRONMENT: z.string().default('production'),
  /** Token a Prometheus scraper sends (Authorization: Bearer …) to read GET /metrics; when empty /metrics answers 404. */
  METRICS_TOKEN: z.string().default(''),
  /** Background jobs (PAC recovery, ZIP exports) in this API process: "on", or "off" when worker processes (npm run worker) run them; "off" needs DATABASE_URL. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Port on which a worker (npm run worker) answers GET /api/health, /api/ready and /metrics (with METRICS_TOKEN); 0: the worker serves no HTTP. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Webhooks may be sent to http:// addresses and to private networks or this machine ("on"): for development and tests only; "off" keeps them to public https:// addresses, so an enterprise cannot make the server call its own internal services. */
  WEBHOOKS_RED_PRIVADA: z.enum(['on', 'off']).default('off'),
  /** Requests one API key may make per minute, over every route (a 429 in Spanish past it; docs/decisions/014). */
  CLAVES_API_SOLICITUDES_POR_MINUTO: z.coerce.number().int().positive().default(120),
});

/** Fastify's trustProxy option from TRUST_PROXY. */
export function trustProxyOption(
  value: string,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * postgres:// or postgresql:// with a host and a database name. The host may be a Unix socket's
 * folder, written encoded (`postgresql://user@%2Fvar%2Frun%2Fpostgresql/db`) or, as libpq writes it,
 * in the query (`postgresql:///db?host=/var/run/postgresql`).
 */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const socket = url.searchParams.get('host')?.startsWith('/') ?? false;
    return (
      (url.protocol === 'postgres:' || url.protocol === 'postgresql:') &&
      (url.hostname !== '' || socket) &&
      url.pathname.length > 1
    );
  } catch {
    return false;
  }
}

/** A configuration the API cannot start with; main.ts prints its one-line message and exits 1. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`);
  }
  const { DATA_DIR } = parsed.data;
  if (parsed.data.JOBS === 'off' && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: JOBS=off needs DATABASE_URL: the embedded database serves one process, so no worker could run the jobs',
    );
  }
  return {
    ...parsed.data,
    DATA_DIR: isAbsolute(DATA_DIR) ? DATA_DIR : resolve(REPO_ROOT, DATA_DIR),
  };
}
