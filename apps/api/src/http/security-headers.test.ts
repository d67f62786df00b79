import { createHash } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { inlineHashPolicy, registerSecurityHeaders } from './security-headers.ts';
import { IMMUTABLE, registerSpa } from './spa.ts';

// Headers a browser acts on: the CSP that keeps injected script from running, no framing, no
// sniffing, no referrer, HSTS on https; compression; a year of cache for hashed files only.

describe('the SPA as a browser receives it', () => {
  const dist = mkdtempSync(join(tmpdir(), 'spa-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const app = Fastify();
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.map'), '{"version":3}');
    await registerSecurityHeaders(app, loadConfig({}), `${dist}/`);
    await registerSpa(app, `${dist}/`);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('index.html: a CSP without inline script, no framing, nosniff, no referrer, never cached; no HSTS on http', async () => {
    for (const url of ['/', '/facturacion/facturas']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HEAD of a screen answers as GET does, without the body; HEAD of an unknown API path is 404', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/facturacion/facturas' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/api/no-existe' })).statusCode).toBe(404);
  });

  it("index.html's own inline script (the route preloader) runs by its hash; no other inline script does", async () => {
    const own = 'document.head.dataset.preload="1"';
    const built = mkdtempSync(join(tmpdir(), 'spa-dist-'));
    writeFileSync(
      join(built, 'index.html'),
      `<!doctype html><head><script>${own}</script><script type="module" src="/assets/x.js"></script></head>`,
    );
    const withPreloader = Fastify();
    await registerSecurityHeaders(withPreloader, loadConfig({}), `${built}/`);
    await registerSpa(withPreloader, `${built}/`);
    const csp = String(
      (await withPreloader.inject({ url: '/' })).headers['content-security-policy'],
    );
    await withPreloader.close();
    rmSync(built, { recursive: true, force: true });
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' ${sha(own)}`);
    expect(csp).not.toContain(sha('alert(1)'));
  });

  it('hashed assets: br or gzip from the build, cached a year, immutable; source maps not served', async () => {
    const br = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    const gz = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(script.length / 10);
    const map = await app.inject({ url: '/assets/index-Ab12Cd34.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"version":3');
    const missing = await app.inject({ url: '/assets/nope-123.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the API', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await buildTestApp();
    https = await buildTestApp({ env: { PUBLIC_URL: 'https://facturas.example.mx' } });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  it('compresses JSON for clients that accept it, with the same headers', async () => {
    const res = await http.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const br = await http.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const res = await https.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const plain = await http.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS on https even with the answers given before any hook runs', async () => {
    const app = await buildTestApp({
      database: https.deps.database,
      env: { PUBLIC_URL: 'https://facturas.example.mx' },
    });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.app.server.address() as AddressInfo).port;
      const hsts = 'max-age=31536000; includeSubDomains';
      // A path parameter too long (414), a malformed URL (400), headers too large (431).
      for (const [path, status] of [
        [`/api/clients/${'9'.repeat(5000)}`, 414],
        ['/api/clients/%E0%A4%A', 400],
        [`/api/clients?search=${'a'.repeat(20_000)}`, 431],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(res.status).toBe(status);
        expect(res.headers.get('strict-transport-security'), path.slice(0, 20)).toBe(hsts);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
      // Garbage Node's HTTP parser refuses (400), answered on the socket itself.
      const raw = await new Promise<string>((resolve) => {
        let out = '';
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nHost: x\r\nNo es un encabezado\r\n\r\n'),
        );
        socket.on('data', (chunk) => (out += String(chunk)));
        socket.on('close', () => resolve(out));
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      expect(raw).toContain(`\r\nstrict-transport-security: ${hsts}\r\n`);
    } finally {
      await app.close();
    }
  });
});

describe('a page with its own inline script (the sandbox card form)', () => {
  it('allows exactly its blocks by hash and framing by this origin only', () => {
    const policy = inlineHashPolicy('<style>a{}</style><script>go()</script>');
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });
});
