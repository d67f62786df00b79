import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rubrosImpuestos } from '../../db/schema/rubros-impuestos.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function productOf(e: SeededEnterprise, rubroId: number, clave: string, unit: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products-services',
    headers: e.headers,
    payload: {
      productServiceObj: { clave, descripcion: 'x' },
      unitsObj: { clave: unit },
      unity_price: '100',
      internal_code: null,
      description: `Producto ${clave} ${unit}`,
      taxesGroup: rubroId,
      cuentaPredialNumber: null,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const search = (path: string, q: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/catalogos/${path}/search?per_page=10`,
    headers,
    payload: { data_search: q },
  });

describe("a signed-in catalog search leads with the enterprise's own keys", () => {
  it('most used first, only among the results, and the answer is private to the session', async () => {
    const e = await seedEnterprise(t.deps);
    const [rubro] = await t.deps.db
      .insert(rubrosImpuestos)
      .values({ enterprise_id: e.enterpriseId, name: 'IVA 16%', objeto_impuesto_key: '02' })
      .returning({ id: rubrosImpuestos.id });
    if (!rubro) throw new Error('no rubro');
    await productOf(e, rubro.id, '80151605', 'E48');
    await productOf(e, rubro.id, '84111802', 'E48');
    await productOf(e, rubro.id, '84111802', 'H87');
    await productOf(e, rubro.id, '43231601', 'H87');

    const anonymous = await search('productos-servicios', 'consultoría');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=86400');
    const plain = (anonymous.json().data.data as { clave: string }[]).map((r) => r.clave);
    expect(plain.slice(0, 3)).toContain('80101500');

    const mine = await search('productos-servicios', 'consultoría', e.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const keys = (mine.json().data.data as { clave: string }[]).map((r) => r.clave);
    // 84111802 is on two of its products, 80151605 on one; 43231601 is not a 'consultoría' result.
    expect(keys.slice(0, 2)).toEqual(['84111802', '80151605']);
    expect(keys).not.toContain('43231601');
    expect(mine.json().data.total).toBe(anonymous.json().data.total);

    // Units: E48 and H87 on two products each, H87 the latest; the plain list opens in key order.
    const unitKeys = async (headers?: Record<string, string>) =>
      ((await search('unidades', '', headers)).json().data.data as { clave: string }[]).map(
        (u) => u.clave,
      );
    expect((await unitKeys()).slice(0, 2)).not.toEqual(['H87', 'E48']);
    expect((await unitKeys(e.headers)).slice(0, 2)).toEqual(['H87', 'E48']);

    const other = await seedEnterprise(t.deps);
    const theirs = await search('productos-servicios', 'consultoría', other.headers);
    expect((theirs.json().data.data as { clave: string }[]).map((r) => r.clave)).toEqual(plain);
  });
});
