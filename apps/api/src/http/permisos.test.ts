import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROL_NO_PERMITE_MESSAGE,
  ROLES_DE_CAPACIDAD,
  Rol,
  type Rol as RolT,
} from '@repo/contracts/equipo';
import { enterpriseUsers } from '../db/schema/enterprises.ts';
import { seedEnterprise, seedMember, type SeededEnterprise } from '../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { SESSION_EXPIRED_MESSAGE } from './auth.ts';
import { capacidadesDeRutas, capacidadesDobles } from './permisos.ts';
import { rfcAleatorio } from '../test/rfc.ts';

// Issue 27: the route × role table, walked in full (as tenant-schema.test.ts walks the tables for
// tenants): every route a role may call answers anything but the role's 403, every other answers
// exactly that 403; and no signed-in route of the app is missing from the table.
let t: TestApp;
let e: SeededEnterprise;
const miembros = new Map<RolT, SeededEnterprise>();

beforeAll(async () => {
  t = await buildTestApp();
  // A random RFC: an enterprise's RFC is unique, and the API suite runs twice on one database in CI.
  e = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), credits: 5 });
  miembros.set('propietario', e);
  for (const rol of Rol.options.filter((r) => r !== 'propietario')) {
    miembros.set(rol, await seedMember(t.deps, e.enterpriseId, rol));
  }
});
afterAll(async () => {
  await t.close();
});

/** A fresh token per call: a walk through /logout must not end the next call's session. */
async function headersOf(rol: RolT) {
  const m = miembros.get(rol)!;
  const { token } = await t.deps.tokens.sign({ userId: m.userId, enterpriseId: m.enterpriseId });
  return { authorization: `Bearer ${token}` };
}

/** A route pattern with its parameters filled in: the enterprise's id, 1 for any other. */
function urlOf(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, (p) =>
    p.includes('enterpriseId') ? String(e.enterpriseId) : '1',
  );
}

async function call(rol: RolT, key: string) {
  const [method, pattern] = key.split(' ') as [string, string];
  const headers = await headersOf(rol);
  const url = urlOf(pattern);
  if (method === 'GET' || method === 'DELETE') return t.app.inject({ method, url, headers });
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{}',
  });
}

/** Every route of the app (method and pattern) from its route tree. */
function everyRoute(): string[] {
  const routes: string[] = [];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const parents: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false, method }).split('\n')) {
      const match = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]*)\)/.exec(line);
      if (!match) continue;
      const level = match[1]!.length / 4;
      const path = (parents[level - 1] ?? '') + match[2]!;
      parents[level] = path;
      if (match[3]!.split(', ').includes(method)) routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('the route × role table', () => {
  it('names only routes that exist, each once (in the table or beside the route)', () => {
    expect(capacidadesDobles(t.app)).toEqual([]);
    // A document type's routes declare theirs beside each route (the credit note's, issue 25).
    expect(capacidadesDeRutas(t.app)['POST /api/facturacion/V40/nota-credito']).toBe('emitir');
    for (const key of Object.keys(capacidadesDeRutas(t.app))) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method, url }), key).toBe(true);
    }
  });

  it('leaves out no signed-in route: the owner, who may do everything, is refused by none', async () => {
    const routes = everyRoute().filter((r) => r.includes(' /api/'));
    expect(routes.length).toBeGreaterThan(130);
    const missing: string[] = [];
    for (const route of routes) {
      const res = await call('propietario', route);
      if (res.statusCode === 403 && res.json().dataError === ROL_NO_PERMITE_MESSAGE)
        missing.push(route);
    }
    expect(missing, 'signed-in routes without a capability').toEqual([]);
  });

  it('every route answers each role as the table says', async () => {
    const seen = new Map<RolT, { allowed: number; refused: number }>();
    for (const [key, capacidad] of Object.entries(capacidadesDeRutas(t.app))) {
      for (const rol of Rol.options) {
        const res = await call(rol, key);
        const refused = res.statusCode === 403 && res.json().dataError === ROL_NO_PERMITE_MESSAGE;
        const allowed = ROLES_DE_CAPACIDAD[capacidad].includes(rol);
        expect(refused, `${rol} ${key} (${capacidad}): ${res.statusCode} ${res.body}`).toBe(
          !allowed,
        );
        expect(res.statusCode, `${rol} ${key}: ${res.body}`).toBeLessThan(500);
        const count = seen.get(rol) ?? { allowed: 0, refused: 0 };
        count[refused ? 'refused' : 'allowed']++;
        seen.set(rol, count);
      }
    }
    // The shape of the table: the owner may do everything, the administrator all but what only the
    // owner decides (whether administrators buy credits), the invoicer less, the read-only
    // accountant only reads (and keeps their own account).
    const soloDelPropietario = Object.values(capacidadesDeRutas(t.app)).filter(
      (c) => c === 'propiedad',
    );
    expect(soloDelPropietario).toHaveLength(2);
    expect(seen.get('propietario')!.refused).toBe(0);
    expect(seen.get('administrador')!.refused).toBe(soloDelPropietario.length);
    expect(seen.get('facturista')!.refused).toBeGreaterThan(20);
    expect(seen.get('lectura')!.refused).toBeGreaterThan(seen.get('facturista')!.refused);
  });

  it('a refused call changes nothing: a facturista cannot create a serie or upload seals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/series/${e.enterpriseId}`,
      headers: await headersOf('facturista'),
      payload: { serie: 'Z', folio: 1, kind: 'facturas-ingreso' },
    });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/series/${e.enterpriseId}/facturas-ingreso`,
      headers: await headersOf('facturista'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { serie: string }) => s.serie)).not.toContain('Z');
  });
});

describe('the role is read on every request', () => {
  it('a role changed or a member removed takes effect on the next request of the same token', async () => {
    const m = await seedMember(t.deps, e.enterpriseId, 'facturista');
    const createSerie = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/impuestos-trasladados/toggle-status/999999`,
        headers: m.headers,
      });
    expect((await createSerie()).statusCode).toBe(403);
    const where = and(
      eq(enterpriseUsers.enterprise_id, e.enterpriseId),
      eq(enterpriseUsers.user_id, m.userId),
    );
    await t.deps.db.update(enterpriseUsers).set({ role: 'administrador' }).where(where);
    expect((await createSerie()).statusCode).toBe(404);
    await t.deps.db.delete(enterpriseUsers).where(where);
    const res = await t.app.inject({ method: 'GET', url: '/api/clients', headers: m.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().dataError).toBe(SESSION_EXPIRED_MESSAGE);
  });
});
