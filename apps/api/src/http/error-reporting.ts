import type {
  BaseTransportOptions,
  ClientOptions,
  Event,
  EventHint,
  ParameterizedString,
  SeverityLevel,
  StackLineParser,
  Transport,
} from '@sentry/core';
import type * as SentryModule from '@sentry/core';
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

type SentryTransport = (options: BaseTransportOptions) => Transport;
type SentryCore = typeof SentryModule;

/** One line of a V8 stack ("    at fn (file:line:col)" or "    at file:line:col") as a frame. */
const LINEA_V8 = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const lineaV8: StackLineParser = [
  90,
  (line) => {
    const m = LINEA_V8.exec(line);
    if (!m?.[2]) return undefined;
    const filename = m[2].replace(/^file:\/\//, '');
    return {
      filename,
      function: m[1] ?? '?',
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: !filename.includes('/node_modules/') && !filename.startsWith('node:'),
    };
  },
];

/** Sends an envelope with fetch (Node ≥ 18), as the Node SDK's own transport does. */
function transporteFetch(sentry: SentryCore): SentryTransport {
  return (options) =>
    sentry.createTransport(options, async (request) => {
      const res = await fetch(options.url, {
        method: 'POST',
        body: typeof request.body === 'string' ? request.body : new Uint8Array(request.body),
        headers: options.headers ?? {},
      });
      return {
        statusCode: res.status,
        headers: {
          'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'),
          'retry-after': res.headers.get('retry-after'),
        },
      };
    });
}

/**
 * The API's error reporting to a Sentry-compatible DSN (SENTRY_DSN). Off when unset: answers null and
 * the SDK is never loaded. When set, @sentry/core (the SDK's base, without the Node SDK's
 * OpenTelemetry and bundler tooling: 18 MB installed instead of about 85) is imported here, once, as
 * a client of its own (no global instrumentation), and every 5xx is sent with its errorTrackingUUID as
 * a tag so support can find the report from the ID the user reads in the banner.
 */
export async function createErrorReporter(
  config: Pick<Config, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT'>,
  options: { transport?: SentryTransport; release?: string } = {},
): Promise<ErrorReporter | null> {
  if (!config.SENTRY_DSN) return null;
  const Sentry = await import('@sentry/core');
  const stackParser = Sentry.createStackParser(lineaV8);
  class ClienteApi extends Sentry.Client<ClientOptions> {
    constructor(opciones: ClientOptions) {
      super(opciones);
    }
    eventFromException(exception: unknown, hint?: EventHint): PromiseLike<Event> {
      return Promise.resolve({
        ...Sentry.eventFromUnknownInput(this, stackParser, exception, hint),
        level: 'error' as const,
      });
    }
    eventFromMessage(
      message: ParameterizedString,
      level: SeverityLevel = 'info',
      hint?: EventHint,
    ): PromiseLike<Event> {
      return Promise.resolve(Sentry.eventFromMessage(stackParser, message, level, hint));
    }
  }
  const client = new ClienteApi({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    release: options.release ?? 'facturacion-cfdi-api@1.4.5',
    tracesSampleRate: TRACES_SAMPLE_RATE,
    transport: options.transport ?? transporteFetch(Sentry),
    stackParser,
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
