import type { NodeOptions } from '@sentry/node';
import type { Config } from '../config.ts';

/** What the error handler tells the error-reporting service about one 5xx. */
export interface ReportedError {
  errorTrackingUUID: string;
  requestId: string;
  method: string;
  url: string;
  userId?: number | undefined;
}

export interface ErrorReporter {
  capture(error: unknown, context: ReportedError): void;
  /** Waits until queued reports are sent (shutdown, tests). */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** Spec section 9: error-reporting sample rates (the API has no session replay). */
export const TRACES_SAMPLE_RATE = 0.3;

type SentryTransport = NonNullable<NodeOptions['transport']>;

/**
 * The API's error reporting to a Sentry-compatible DSN (SENTRY_DSN). Off when unset: answers null and
 * the SDK is never loaded. When set, the SDK is imported here, once, as a client of its own (no global
 * instrumentation), and every 5xx is sent with its errorTrackingUUID as a tag so support can find the
 * report from the ID the user reads in the banner.
 */
export async function createErrorReporter(
  config: Pick<Config, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT'>,
  options: { transport?: SentryTransport; release?: string } = {},
): Promise<ErrorReporter | null> {
  if (!config.SENTRY_DSN) return null;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    release: options.release ?? 'facturacion-cfdi-api@1.4.5',
    tracesSampleRate: TRACES_SAMPLE_RATE,
    transport: options.transport ?? Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
  });
  client.init();
  return {
    capture(error, context) {
      const scope = new Sentry.Scope();
      scope.setClient(client);
      scope.setTag('errorTrackingUUID', context.errorTrackingUUID);
      scope.setTag('requestId', context.requestId);
      scope.setContext('request', { method: context.method, url: context.url });
      if (context.userId !== undefined) scope.setUser({ id: String(context.userId) });
      scope.captureException(error);
    },
    async flush(timeoutMs = 2000) {
      return client.flush(timeoutMs);
    },
  };
}
