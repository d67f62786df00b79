// @vitest-environment jsdom
import * as Sentry from '@sentry/browser';
import { ERROR_REPORTING_SAMPLE_RATES } from '@repo/contracts/client-config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { destroySession, startSession } from '../session/session-store.ts';
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

  it('tags what it reports and records with the user name and e-mail and the enterprise rfc and razon_social', async () => {
    startSession(
      {
        token: 't1',
        expires_in: 3600,
        user: {
          id: 4,
          email: 'ana@example.com',
          name: 'Ana Pérez',
          phone: '',
          first_steps_completed: false,
          enterprises: [
            {
              id: 7,
              rfc: 'AAA010101AAA',
              razon_social: 'ANA SA',
              nombre_comercial: '',
              settings_v40: { has_ppd_invoices: false },
              rol: 'propietario',
              administradores_compran: true,
            },
          ],
        },
      },
      Date.now(),
    );
    const fake = fakeTransport();
    await startErrorReporting(CONFIG, { transport: fake.transport });
    Sentry.captureException(new TypeError('falla de prueba'));
    await Sentry.flush(2000);
    const event = fake.sent.find((e) => e.includes('falla de prueba')) ?? '';
    expect(event).toContain('"email":"ana@example.com"');
    expect(event).toContain('"username":"Ana Pérez"');
    expect(event).toContain('"rfc":"AAA010101AAA"');
    expect(event).toContain('"razon_social":"ANA SA"');
    expect(event).toContain('"user_name":"Ana Pérez"');
    destroySession();
  });
});
