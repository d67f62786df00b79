import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impuestos } from '../../db/schema/impuestos.ts';
import { rubrosImpuestos, rubrosImpuestosImpuestos } from '../../db/schema/rubros-impuestos.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countProductsServices } from './products-services.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** 43232705 (software de navegador) is one of the c_ClaveProdServ keys without the stimulus. */
const SIN_ESTIMULO = '43232705';

/** An enterprise with a tax group holding its IVA 8 % row, whatever its postal code. */
async function conGrupoIva8(codigoPostal: string) {
  const e = await seedEnterprise(t.deps, { codigo_postal: codigoPostal });
  await t.app.inject({ url: '/api/impuestos-trasladados', headers: e.headers });
  const [iva8] = await t.deps.db
    .select({ id: impuestos.id })
    .from(impuestos)
    .where(
      and(
        eq(impuestos.enterprise_id, e.enterpriseId),
        eq(impuestos.tax_type, 'IVA'),
        eq(impuestos.value, '0.080000'),
      ),
    );
  const [rubro] = await t.deps.db
    .insert(rubrosImpuestos)
    .values({ enterprise_id: e.enterpriseId, name: 'Frontera 8%', objeto_impuesto_key: '02' })
    .returning({ id: rubrosImpuestos.id });
  await t.deps.db.insert(rubrosImpuestosImpuestos).values({
    enterprise_id: e.enterpriseId,
    rubro_impuesto_id: rubro!.id,
    impuesto_id: iva8!.id,
  });
  return { ...e, rubroId: rubro!.id };
}

function crear(e: SeededEnterprise & { rubroId: number }, clave: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/products-services',
    headers: e.headers,
    payload: {
      productServiceObj: { clave },
      unitsObj: { clave: 'E48' },
      unity_price: '100',
      internal_code: null,
      description: `Producto ${clave}`,
      taxesGroup: e.rubroId,
      cuentaPredialNumber: null,
    },
  });
}

async function motivo(e: SeededEnterprise, clave?: string) {
  const res = await t.app.inject({
    url: `/api/products-services/iva-fronterizo${clave ? `?clave=${clave}` : ''}`,
    headers: e.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.motivo as string | null;
}

describe('IVA 8 % (border region) on products', () => {
  it('accepts the group from a border-region postal code with a key that admits the stimulus', async () => {
    const tijuana = await conGrupoIva8('22000');
    expect(await motivo(tijuana)).toBeNull();
    expect(await motivo(tijuana, '84111506')).toBeNull();
    const res = await crear(tijuana, '84111506');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses it for a product key c_ClaveProdServ marks without the stimulus', async () => {
    const tijuana = await conGrupoIva8('22000');
    expect(await motivo(tijuana, SIN_ESTIMULO)).toMatch(/no admite el estímulo.*c_ClaveProdServ/);
    const res = await crear(tijuana, SIN_ESTIMULO);
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.taxesGroup[0]).toMatch(
      /^El grupo de impuestos lleva el IVA del 8% de la región fronteriza.*43232705 no admite el estímulo/,
    );
    expect(await countProductsServices(t.deps.db, tijuana.enterpriseId)).toBe(0);
  });

  it('refuses it from a postal code outside the border region, naming c_CodigoPostal', async () => {
    const pachuca = await conGrupoIva8('42501');
    expect(await motivo(pachuca)).toMatch(/c_CodigoPostal/);
    const res = await crear(pachuca, '84111506');
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.taxesGroup[0]).toMatch(/región fronteriza.*c_CodigoPostal/);
    expect(await countProductsServices(t.deps.db, pachuca.enterpriseId)).toBe(0);
  });
});
