import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise, type SeededEnterprise } from '../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { CONTROL_CHARACTER_MESSAGE } from './control-characters.ts';
import { FRAMEWORK_MESSAGES } from './framework-errors.ts';

// Requests Fastify or Node's HTTP parser refuse before a route runs, and text with control
// characters, all answer in the app's envelope, in Spanish; none is a 500. Over real HTTP, since some
// never reach Fastify's inject.
let t: TestApp;
let base: string;
let e: SeededEnterprise;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  e = await seedEnterprise(t.deps);
});
afterAll(async () => {
  await t.close();
});

async function envelope(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as { success: boolean; dataError: unknown };
}

const json = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

describe('failures outside the routes', () => {
  it('a path parameter too long: 414', async () => {
    const res = await fetch(`${base}/api/clients/${'9'.repeat(5000)}`, { headers: e.headers });
    expect(res.status).toBe(414);
    expect(await envelope(res)).toEqual({
      success: false,
      dataError: FRAMEWORK_MESSAGES.uriTooLong,
    });
  });

  it('a URL or headers beyond the HTTP parser: 431', async () => {
    const res = await fetch(`${base}/api/clients?search=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await envelope(res)).toEqual({
      success: false,
      dataError: FRAMEWORK_MESSAGES.headersTooLarge,
    });
  });

  it('a body beyond the limit: 413', async () => {
    const res = await fetch(
      `${base}/api/users/login`,
      json(JSON.stringify({ email: 'a@b.mx', password: 'x'.repeat(6 * 1024 * 1024) })),
    );
    expect(res.status).toBe(413);
    expect(await envelope(res)).toEqual({
      success: false,
      dataError: FRAMEWORK_MESSAGES.bodyTooLarge,
    });
  });

  it('a content type the API does not take: 415; malformed JSON: 400', async () => {
    const xml = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    expect(xml.status).toBe(415);
    expect(await envelope(xml)).toEqual({
      success: false,
      dataError: FRAMEWORK_MESSAGES.unsupportedMediaType,
    });
    const broken = await fetch(`${base}/api/users/login`, json('{"email": '));
    expect(broken.status).toBe(400);
    expect(await envelope(broken)).toEqual({
      success: false,
      dataError: FRAMEWORK_MESSAGES.invalidJson,
    });
  });

  it('bytes that are not HTTP: 400 in the envelope', async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(JSON.stringify(FRAMEWORK_MESSAGES.malformed));
  });
});

describe('control characters in text', () => {
  it('a NUL or another control character in the body, the query or the path is a field error, and nothing is stored', async () => {
    const created = await fetch(
      `${base}/api/clients`,
      json(
        JSON.stringify({
          name_razon_social: 'COMERCIALIZADORA\u0000 DEL NORTE',
          rfc: 'CNO010203AB1',
          usoCfdi: 'G03',
          regimenFiscal: '601',
          address: { codigo_postal: '64000', calle: 'Av.\u0007 Constitución' },
          description: 'Varias\nlíneas\tcon tabulador',
        }),
        e.headers,
      ),
    );
    expect(created.status).toBe(422);
    expect(await envelope(created)).toEqual({
      success: false,
      dataError: {
        name_razon_social: [CONTROL_CHARACTER_MESSAGE],
        'address.calle': [CONTROL_CHARACTER_MESSAGE],
      },
    });
    const list = await fetch(`${base}/api/clients`, { headers: e.headers });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(0);

    const search = await fetch(`${base}/api/clients?search=norte%00`, { headers: e.headers });
    expect(search.status).toBe(422);
    expect((await envelope(search)).dataError).toEqual({ search: [CONTROL_CHARACTER_MESSAGE] });

    const login = await fetch(
      `${base}/api/users/login`,
      json(JSON.stringify({ email: 'a\u0000@b.mx', password: 'x' })),
    );
    expect(login.status).toBe(422);
    expect((await envelope(login)).dataError).toEqual({ email: [CONTROL_CHARACTER_MESSAGE] });
  });
});
