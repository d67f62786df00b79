// @vitest-environment jsdom
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../src/app/router.tsx';
import {
  ROUTER_FILE,
  pathPattern,
  preloaderSource,
  routeTableFiles,
  routesFromSource,
  routesOfTable,
} from './route-preload.ts';

const webDir = join(import.meta.dirname, '..');
const routerSource = readFileSync(join(webDir, ROUTER_FILE), 'utf8');

function runPreloader(path: string, signedIn: boolean): string[] {
  history.pushState(null, '', path);
  if (signedIn) localStorage.setItem('accessToken', 'token');
  const source = preloaderSource(
    [
      [pathPattern('/login'), ['assets/login.js'], false],
      [
        pathPattern('/facturacion/facturas/detalle/:facturaId'),
        ['assets/app.js', 'assets/detalle.js'],
        true,
      ],
      [pathPattern('/reset-password/:passwordResetToken?'), ['assets/reset.js'], false],
    ],
    ['assets/login.js'],
    '/',
  );
  new Function(source)();
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (l) => new URL(l.href).pathname,
  );
}

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  delete window.__cfdiPrefetch;
  vi.unstubAllGlobals();
});

function runPrefetch(session: { expires: number; enterprise: unknown } | null, search = '') {
  history.pushState(null, '', `/facturacion/facturas/nuevo${search}`);
  if (session) {
    localStorage.setItem('accessToken', 'token-1');
    localStorage.setItem('expirationDate', String(session.expires));
    localStorage.setItem('enterprise', JSON.stringify(session.enterprise));
  }
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetch);
  const source = preloaderSource(
    [
      [
        pathPattern('/facturacion/facturas/nuevo'),
        ['assets/nuevo.js'],
        true,
        ['rubros-impuestos', 'series/{enterprise}/facturas-ingreso', 'x?page=1'],
      ],
    ],
    ['assets/login.js'],
    '/',
    '/api',
  );
  new Function(source)();
  return fetch.mock.calls as unknown as [string, { headers: Record<string, string> }][];
}

describe('route preload', () => {
  it('reads every route of the route table from its files, in order, with its frame and guard', () => {
    const parsed = routesOfTable(webDir);
    expect(parsed.map((r) => r.path)).toEqual(ROUTES.map((r) => r.path));
    expect(parsed.map((r) => r.layout)).toEqual(ROUTES.map((r) => r.layout));
    expect(parsed.map((r) => r.requiresAuth)).toEqual(
      ROUTES.map((r) => r.guard === 'requiresAuth'),
    );
    expect(parsed.map((r) => r.serverState)).toEqual(ROUTES.map((r) => r.serverState !== false));
    expect(parsed.map((r) => r.prefetch)).toEqual(ROUTES.map((r) => r.prefetch ?? []));
    expect(parsed.find((r) => r.path === '/facturacion/facturas/nuevo')?.prefetch).toContain(
      'series/{enterprise}/facturas-ingreso',
    );
    for (const route of parsed) {
      expect(route.module).toMatch(/^src\/app\/routes\/.+\.tsx$/);
      expect([route.module, existsSync(join(webDir, route.module))]).toEqual([route.module, true]);
    }
  });

  it('reads each file of src/app/route-table once, in the order ROUTES spreads them', () => {
    const files = routeTableFiles(routerSource);
    expect(files[0]).toBe('src/app/route-table/session-routes.ts');
    expect([...files].sort()).toEqual(
      readdirSync(join(webDir, 'src/app/route-table'))
        .map((f) => `src/app/route-table/${f}`)
        .sort(),
    );
    // The router itself holds no route: all of them are in the files read above.
    expect(routesFromSource(routerSource, ROUTER_FILE)).toEqual([]);
  });

  it('refuses a ROUTES it cannot follow: an inline route, or a spread that is not imported', () => {
    const spread = "import { aRoutes } from './route-table/a-routes.ts';\n";
    expect(routeTableFiles(`${spread}export const ROUTES: X[] = [\n  ...aRoutes,\n];`)).toEqual([
      'src/app/route-table/a-routes.ts',
    ]);
    expect(() =>
      routeTableFiles(`${spread}export const ROUTES: X[] = [...aRoutes, { path: '/x' }];`),
    ).toThrow(/only spreads/);
    expect(() => routeTableFiles(`${spread}export const ROUTES: X[] = [...bRoutes];`)).toThrow(
      /bRoutes.*not imported/,
    );
    expect(() => routeTableFiles('export const routes = [];')).toThrow(/no ROUTES/);
  });

  it("resolves a screen's import from the file it is written in", () => {
    const source = "{ path: '/x', layout: 'app', screen: lazy(() => import('../routes/x.tsx')) }";
    expect(routesFromSource(source, 'src/app/route-table/x-routes.ts')[0]?.module).toBe(
      'src/app/routes/x.tsx',
    );
    expect(routesFromSource(source.replace('../', './'), 'src/app/router.tsx')[0]?.module).toBe(
      'src/app/routes/x.tsx',
    );
  });

  it('matches paths as React Router does: parameters and optional parameters', () => {
    const detalle = new RegExp(pathPattern('/facturacion/facturas/detalle/:facturaId'));
    expect(detalle.test('/facturacion/facturas/detalle/42')).toBe(true);
    expect(detalle.test('/facturacion/facturas/detalle/42/')).toBe(true);
    expect(detalle.test('/facturacion/facturas/detalle')).toBe(false);
    expect(detalle.test('/facturacion/facturas/detalle/42/x')).toBe(false);
    const reset = new RegExp(pathPattern('/reset-password/:passwordResetToken?'));
    expect(reset.test('/reset-password')).toBe(true);
    expect(reset.test('/reset-password/abc')).toBe(true);
    expect(new RegExp(pathPattern('/')).test('/')).toBe(true);
    expect(new RegExp(pathPattern('/')).test('/login')).toBe(false);
  });

  it("preloads the opened screen's chunks, or the login's when a signed-in screen has no session", () => {
    expect(runPreloader('/facturacion/facturas/detalle/7', true)).toEqual([
      '/assets/app.js',
      '/assets/detalle.js',
    ]);
    document.head.innerHTML = '';
    localStorage.clear();
    expect(runPreloader('/facturacion/facturas/detalle/7', false)).toEqual(['/assets/login.js']);
    document.head.innerHTML = '';
    expect(runPreloader('/no-existe', false)).toEqual([]);
  });

  it("starts the screen's API GETs with the session's token and enterprise, and only with a live session", () => {
    const calls = runPrefetch({ expires: Date.now() + 60_000, enterprise: { id: 7 } });
    expect(calls.map(([url]) => url)).toEqual([
      '/api/rubros-impuestos',
      '/api/series/7/facturas-ingreso',
      '/api/x?page=1',
    ]);
    expect(calls[0]?.[1].headers.Authorization).toBe('Bearer token-1');
    expect(Object.keys(window.__cfdiPrefetch ?? {})).toEqual(calls.map(([url]) => url));
    expect(window.__cfdiPrefetch?.['/api/rubros-impuestos']?.token).toBe('token-1');
    localStorage.clear();
    delete window.__cfdiPrefetch;
    // Without an enterprise, only what does not need one.
    expect(runPrefetch({ expires: Date.now() + 60_000, enterprise: null }).length).toBe(2);
    localStorage.clear();
    // An expired token is refreshed by the app first: nothing is asked with it.
    expect(runPrefetch({ expires: Date.now() - 1, enterprise: { id: 7 } })).toEqual([]);
    localStorage.clear();
    expect(runPrefetch(null)).toEqual([]);
    // A URL with a query string (filters, a page) asks for other data: nothing is prefetched.
    localStorage.clear();
    expect(
      runPrefetch({ expires: Date.now() + 60_000, enterprise: { id: 7 } }, '?status=pre_factura'),
    ).toEqual([]);
  });
});
