import { z } from 'zod';

/** Spec section 9: error-reporting sample rates. */
export const ERROR_REPORTING_SAMPLE_RATES = {
  replays_session_sample_rate: 0.2,
  replays_on_error_sample_rate: 1,
  traces_sample_rate: 0.3,
} as const;

/** Error reporting and session replay of the SPA (a Sentry-compatible DSN); null when off. */
export const WebErrorReporting = z.object({
  dsn: z.string(),
  environment: z.string(),
  release: z.string(),
  replays_session_sample_rate: z.number(),
  replays_on_error_sample_rate: z.number(),
  traces_sample_rate: z.number(),
});
export type WebErrorReporting = z.infer<typeof WebErrorReporting>;

/** GET /api/client-config: what the SPA reads from the server at start, so one build fits every deployment. */
export const ClientConfig = z.object({
  error_reporting: WebErrorReporting.nullable(),
  /** True when the configured PAC is a test one (the sandbox): what it stamps has no fiscal validity. */
  modo_pruebas: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
