// @vitest-environment jsdom
import * as Sentry from '@sentry/browser';
import { ERROR_REPORTING_SAMPLE_RATES } from '@repo/contracts/client-config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { startErrorReporting } from './error-reporting.ts';

/** A transport that keeps the envelopes the SDK would send, instead of sending them. */
function fakeTransport() {
  const sent: string[] = [];
  const transport: NonNullable<Sentry.BrowserOptions['transport']> = (options) =>
    Sentry.createTransport(options, async (request) => {
      const body = request.body;
      sent.push(typeof body === 'string' ? body : new TextDecoder().decode(body));
      return { statusCode: 200 };
    });
  return { sent, transport };
}

const CONFIG = {
  dsn: 'https://clavespa@errores.example.com/7',
  environment: 'pruebas',
  release: 'facturacion-cfdi-web@1.4.5',
  ...ERROR_REPORTING_SAMPLE_RATES,
};

afterEach(async () => {
  await Sentry.close();
});

describe('error reporting of the SPA', () => {
  it('loads nothing and sends nothing when the API hands no configuration', async () => {
    const loadSdk = vi.fn(() => import('@sentry/browser'));
    expect(await startErrorReporting(null, { loadSdk })).toBeNull();
    expect(loadSdk).not.toHaveBeenCalled();
    expect(Sentry.getClient()).toBeUndefined();
  });

  it('reports to the configured DSN with the sample rates of spec section 9, but never an HTTP client error', async () => {
    const fake = fakeTransport();
    const loadSdk = vi.fn(() => import('@sentry/browser'));
    const sdk = await startErrorReporting(CONFIG, { loadSdk, transport: fake.transport });
    expect(loadSdk).toHaveBeenCalledOnce();
    const options = sdk?.getClient()?.getOptions();
    expect(options).toMatchObject({
      dsn: CONFIG.dsn,
      environment: 'pruebas',
      tracesSampleRate: 0.3,
      replaysSessionSampleRate: 0.2,
      replaysOnErrorSampleRate: 1,
    });
    expect(options?.integrations.map((i) => i.name)).toEqual(
      expect.arrayContaining(['BrowserTracing', 'Replay']),
    );

    Sentry.captureException(new ApiError(500, 'Ocurrió un error inesperado.', null, null));
    Sentry.captureException(new TypeError('no se puede leer "partidas" de undefined'));
    await Sentry.flush(2000);

    const events = fake.sent.filter((e) => e.includes('"type":"event"'));
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('no se puede leer');
    expect(events[0]).toContain('"public_key":"clavespa"');
    expect(fake.sent.join('\n')).not.toContain('Ocurrió un error inesperado.');
  });
});
