import { z } from 'zod';

// Every environment variable the API reads, with its default. The README table is checked against this list.
export const configSchema = z.object({
  /** Port the API and the SPA are served on. */
  PORT: z.coerce.number().int().positive().default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the app, used in e-mailed links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Folder for local state: PGlite database, outbox, secrets, sandbox PAC certificate. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when empty the embedded PGlite under DATA_DIR/db is used. */
  DATABASE_URL: z.string().default(''),
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
  /** SW Sapien services host (production: https://services.sw.com.mx). */
  SW_URL: z.string().url().default('https://services.test.sw.com.mx'),
  /** SW Sapien user; with SW_PASSWORD, used when SW_TOKEN is empty. */
  SW_USER: z.string().default(''),
  /** SW Sapien password. */
  SW_PASSWORD: z.string().default(''),
  /** SW Sapien long-lived token from its portal; wins over user and password. */
  SW_TOKEN: z.string().default(''),
  /** Create the demo account on the first start of an empty embedded database ("0" to skip). */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Proxies whose X-Forwarded-For is believed (per-IP rate limits): "true", a hop count, or IPs/CIDRs separated by commas; empty trusts none. */
  TRUST_PROXY: z.string().default(''),
  /** Sentry-compatible DSN for the API's errors; error reporting is off when empty. */
  SENTRY_DSN: z.string().default(''),
  /** Sentry-compatible DSN for the SPA's errors and session replays, handed to it by GET /api/client-config; off when empty. */
  SENTRY_DSN_WEB: z.string().default(''),
  /** Environment name attached to reported errors. */
  SENTRY_ENVIRONMENT: z.string().default('production'),
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

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
