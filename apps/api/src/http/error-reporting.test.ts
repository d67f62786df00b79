import { createTransport, type BaseTransportOptions } from '@sentry/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createErrorReporter } from './error-reporting.ts';
import { AppError, registerErrorHandler } from './errors.ts';
import { buildTestApp } from '../test/build-test-app.ts';

/** A transport that keeps the envelopes the SDK would send, instead of sending them. */
function fakeTransport() {
  const sent: string[] = [];
  const urls: string[] = [];
  const transport = (options: BaseTransportOptions) =>
    createTransport(options, async (request) => {
      urls.push(options.url);
      const body = request.body;
      sent.push(typeof body === 'string' ? body : new TextDecoder().decode(body));
      return { statusCode: 200 };
    });
  return { sent, urls, transport };
}

async function appThatFails(reporter: Awaited<ReturnType<typeof createErrorReporter>>) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app, reporter);
  app.get('/api/roto', async () => {
    throw new Error('la base de datos no contesta');
  });
  app.get('/api/pac-caido', async () => {
    throw new AppError('UNAVAILABLE', 'El PAC no responde.', { persistent: true });
  });
  app.get('/api/no-existe', async () => {
    throw new AppError('NOT_FOUND', 'No existe.');
  });
  await app.ready();
  return app;
}

describe('error reporting of the API (SENTRY_DSN)', () => {
  it('is off when SENTRY_DSN is empty: no reporter, and a 5xx still answers its errorTrackingUUID', async () => {
    const reporter = await createErrorReporter(loadConfig({}));
    expect(reporter).toBeNull();
    const app = await appThatFails(reporter);
    const res = await app.inject({ method: 'GET', url: '/api/roto' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      dataError: 'Ocurrió un error inesperado. Inténtelo de nuevo en unos minutos.',
      persistentErrorMessage: true,
      errorTrackingUUID: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await app.close();
  });

  it('sends every 5xx to the configured DSN tagged with the errorTrackingUUID the user sees, and no 4xx', async () => {
    const fake = fakeTransport();
    const reporter = await createErrorReporter(
      loadConfig({ SENTRY_DSN: 'https://clavepublica@errores.example.com/42' }),
      { transport: fake.transport },
    );
    expect(reporter).not.toBeNull();
    const app = await appThatFails(reporter);

    const crash = await app.inject({ method: 'GET', url: '/api/roto' });
    const pac = await app.inject({ method: 'GET', url: '/api/pac-caido' });
    expect((await app.inject({ method: 'GET', url: '/api/no-existe' })).statusCode).toBe(404);
    expect(await reporter?.flush()).toBe(true);

    expect(fake.sent).toHaveLength(2);
    const [first, second] = fake.sent;
    expect(fake.urls[0]).toMatch(/^https:\/\/errores\.example\.com\/api\/42\/envelope\//);
    expect(first).toContain('"public_key":"clavepublica"');
    expect(first).toContain('la base de datos no contesta');
    // the stack as frames, this test's file among them (in the app, not in node_modules)
    expect(first).toMatch(/"filename":"[^"]*error-reporting\.test\.ts"[^}]*"in_app":true/);
    expect(first).toContain(`"errorTrackingUUID":"${crash.json().errorTrackingUUID}"`);
    expect(second).toContain('El PAC no responde.');
    expect(second).toContain(`"errorTrackingUUID":"${pac.json().errorTrackingUUID}"`);
    await app.close();
  });
});

describe('error reporting over HTTP (the transport a server uses)', () => {
  it("posts each report to the DSN's envelope endpoint with its key", async () => {
    const recibidos: { url: string; body: string }[] = [];
    const server = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => {
        recibidos.push({ url: req.url ?? '', body: Buffer.concat(partes).toString('utf8') });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as AddressInfo;
    const reporter = await createErrorReporter(
      loadConfig({ SENTRY_DSN: `http://clavelocal@127.0.0.1:${port}/9` }),
    );
    const app = await appThatFails(reporter);
    const crash = await app.inject({ method: 'GET', url: '/api/roto' });
    expect(await reporter?.flush()).toBe(true);
    expect(recibidos).toHaveLength(1);
    expect(recibidos[0]?.url).toMatch(/^\/api\/9\/envelope\/\?/);
    expect(recibidos[0]?.body).toContain('"public_key":"clavelocal"');
    expect(recibidos[0]?.body).toContain(`"errorTrackingUUID":"${crash.json().errorTrackingUUID}"`);
    await app.close();
    await new Promise((ok) => server.close(ok));
  });
});

describe('GET /api/client-config', () => {
  it('tells the SPA that error reporting is off when SENTRY_DSN_WEB is empty', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toEqual({
      success: true,
      data: { error_reporting: null, modo_pruebas: true },
    });
    await t.close();
  });

  it('says whether the PAC is a test one: the sandbox and SW test services are, SW production is not', async () => {
    const sw = { PAC: 'sw', SW_TOKEN: 'token-de-prueba' };
    for (const [env, modo] of [
      [{ PAC: 'sandbox' }, true],
      [{ ...sw, SW_URL: 'https://services.test.sw.com.mx' }, true],
      [{ ...sw, SW_URL: 'https://services.sw.com.mx' }, false],
    ] as const) {
      const t = await buildTestApp({ env });
      const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(res.json().data.modo_pruebas, JSON.stringify(env)).toBe(modo);
      await t.close();
    }
  });

  it('hands the SPA its DSN and the sample rates of spec section 9', async () => {
    const t = await buildTestApp({
      env: {
        SENTRY_DSN_WEB: 'https://clavespa@errores.example.com/7',
        SENTRY_ENVIRONMENT: 'pruebas',
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toEqual({
      success: true,
      data: {
        error_reporting: {
          dsn: 'https://clavespa@errores.example.com/7',
          environment: 'pruebas',
          release: 'facturacion-cfdi-web@1.4.5',
          replays_session_sample_rate: 0.2,
          replays_on_error_sample_rate: 1,
          traces_sample_rate: 0.3,
        },
        modo_pruebas: true,
      },
    });
    await t.close();
  });
});
