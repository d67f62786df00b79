import type * as SentryBrowser from '@sentry/browser';
import type { BrowserOptions } from '@sentry/browser';
import type { WebErrorReporting } from '@repo/contracts/client-config';
import { loadClientConfig } from '../client-config.ts';
import { ApiError } from '../http/api-error.ts';
import { getSession, subscribeSession } from '../session/session-store.ts';

type Sdk = typeof SentryBrowser;

export interface ErrorReportingOptions {
  /** Loads the SDK; by default a lazy import, so the bundle carries nothing while reporting is off. */
  loadSdk?: () => Promise<Sdk>;
  /** Where events go; by default the SDK's own fetch transport to the DSN. */
  transport?: BrowserOptions['transport'];
}

/**
 * Spec section 8, item 11: the error-reporting service ignores errors from the HTTP client. Every
 * failed call rejects with an ApiError that the error catalogue already showed the user; a 5xx is
 * reported by the API itself, with the errorTrackingUUID shown in the banner.
 */
export function isHttpClientError(error: unknown): boolean {
  return error instanceof ApiError;
}

/**
 * Starts error reporting and session replay with the configuration the API handed over; with null
 * (SENTRY_DSN_WEB unset) it does nothing and the SDK is never loaded. Answers whether it started.
 * On login the service receives the user id, e-mail and host name (spec section 1).
 */
export async function startErrorReporting(
  config: WebErrorReporting | null,
  options: ErrorReportingOptions = {},
): Promise<Sdk | null> {
  if (!config) return null;
  const Sentry = await (options.loadSdk ?? (() => import('@sentry/browser')))();
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: config.traces_sample_rate,
    replaysSessionSampleRate: config.replays_session_sample_rate,
    replaysOnErrorSampleRate: config.replays_on_error_sample_rate,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    beforeSend: (event, hint) => (isHttpClientError(hint.originalException) ? null : event),
    ...(options.transport ? { transport: options.transport } : {}),
  });
  // Spec section 1: the service gets the user id, e-mail and host name; the session recordings
  // (the SDK's replay) are tagged with the stored user name and e-mail and the enterprise's rfc and
  // razon_social.
  const identify = () => {
    const { user, enterprise } = getSession();
    Sentry.setUser(
      user ? { id: String(user.id), email: user.email, username: user.name ?? '' } : null,
    );
    Sentry.setTag('host', window.location.hostname);
    Sentry.setTags({
      user_name: user?.name ?? null,
      user_email: user?.email ?? null,
      rfc: enterprise?.rfc ?? null,
      razon_social: enterprise?.razon_social ?? null,
    });
  };
  identify();
  subscribeSession(identify);
  return Sentry;
}

/** At start: asks the API for the SPA's configuration, then starts reporting if it is configured. */
export async function bootErrorReporting(): Promise<void> {
  const config = (await loadClientConfig())?.error_reporting;
  // Without its configuration the app works the same, only unreported.
  if (config && typeof config.dsn === 'string' && config.dsn) await startErrorReporting(config);
}
