import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise, type SeededEnterprise } from '../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { LONE_SURROGATE_MESSAGE, MAX_DEPTH, TOO_DEEP_MESSAGE } from './control-characters.ts';

// JSON nested 100,000 levels deep, and text holding half of a surrogate pair: every route answers a
// 4xx in the app's envelope, in Spanish, and stores nothing; never a 500.
let t: TestApp;
let e: SeededEnterprise;
beforeAll(async () => {
  t = await buildTestApp();
  e = await seedEnterprise(t.deps);
});
afterAll(async () => {
  await t.close();
});

/** Every route of the app taking a body (method and path, parameters filled in), from its route tree. */
function routesWithBody(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    const parents: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false, method }).split('\n')) {
      const match = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]*)\)/.exec(line);
      if (!match) continue;
      const level = match[1]!.length / 4;
      const path = (parents[level - 1] ?? '') + match[2]!;
      parents[level] = path;
      if (!match[3]!.split(', ').includes(method)) continue;
      routes.push({
        method,
        url: path.replace(/:enterpriseId/g, String(e.enterpriseId)).replace(/:[A-Za-z]+/g, '1'),
      });
    }
  }
  return routes;
}

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number, inner = '1') =>
  '{"a":'.repeat(levels) + inner + '}'.repeat(levels);

describe('JSON nested too deep', () => {
  it('every route with a body answers a 4xx in Spanish, never a 500', async () => {
    const routes = routesWithBody();
    expect(routes.length).toBeGreaterThan(50);
    const payload = deepArray(100_000);
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: { ...e.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.dataError).toBeTruthy();
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    // Most routes reach the check (the others refuse earlier: a token of another kind, no route).
    expect(statuses.get(400)).toBeGreaterThan(routes.length / 2);
  });

  it('names the limit; a form as deep as the limit allows is still read', async () => {
    for (const payload of [deepArray(100_000), deepObject(100_000), deepArray(MAX_DEPTH + 1)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clients/search',
        headers: { ...e.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, dataError: TOO_DEEP_MESSAGE });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: deepObject(100_000),
    });
    expect(login.json()).toEqual({ success: false, dataError: TOO_DEEP_MESSAGE });
    // With a prototype key at the bottom, the JSON parser's own scan refuses it first.
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: deepObject(100_000, '{"__proto__":{"x":1}}'),
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json().success).toBe(false);
    // MAX_DEPTH levels in all: refused by the route's own schema, not by the depth check.
    const deepest = await t.app.inject({
      method: 'POST',
      url: '/api/clients/search',
      headers: { ...e.headers, 'content-type': 'application/json' },
      payload: deepArray(MAX_DEPTH),
    });
    expect(deepest.statusCode).toBe(422);
    expect(deepest.json().dataError).not.toBe(TOO_DEEP_MESSAGE);
  });
});

describe('a lone surrogate in text', () => {
  const client = {
    name_razon_social: 'COMERCIALIZADORA DEL NORTE',
    rfc: 'CNO010203AB1',
    usoCfdi: 'G03',
    regimenFiscal: '601',
    address: { codigo_postal: '64000', calle: 'Av. Constitución' },
    description: 'Cliente con emoji 😀 completo',
  };

  it('is a field error in Spanish, and nothing is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { ...e.headers, 'content-type': 'application/json' },
      // Written by hand: JSON.stringify would escape the lone halves the same way.
      payload: JSON.stringify(client)
        .replace('DEL NORTE', 'DEL NORTE \\ud800')
        .replace('Constitución', 'Constitución \\udfff'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      dataError: {
        name_razon_social: [LONE_SURROGATE_MESSAGE],
        'address.calle': [LONE_SURROGATE_MESSAGE],
      },
    });
    const list = await t.app.inject({ url: '/api/clients', headers: e.headers });
    expect(list.json().data.total).toBe(0);

    // A whole pair (an emoji) is text like any other.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: e.headers,
      payload: client,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.description).toBe('Cliente con emoji 😀 completo');

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/clients/search',
      headers: { ...e.headers, 'content-type': 'application/json' },
      payload: '{"data_search":"\\udc00norte"}',
    });
    expect(search.statusCode).toBe(422);
    expect(search.json().dataError).toEqual({ data_search: [LONE_SURROGATE_MESSAGE] });
  });
});
