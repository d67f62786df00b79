import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listRubros } from './rubros-impuestos.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Tax = {
  id: number;
  value: string | null;
  tax_type: string;
  tipo_factor: string;
  status: boolean;
};

async function taxes(e: SeededEnterprise, path: 'impuestos-trasladados' | 'impuestos-retenidos') {
  return (await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: e.headers })).json()
    .data as Tax[];
}

async function standardSelection(e: SeededEnterprise) {
  const tras = await taxes(e, 'impuestos-trasladados');
  const ret = await taxes(e, 'impuestos-retenidos');
  const iva16 = tras.find((x) => x.tax_type === 'IVA' && x.value === '0.160000')!;
  const isr10 = ret.find((x) => x.tax_type === 'ISR' && x.value === '0.100000')!;
  const ivaRet = ret.find((x) => x.tax_type === 'IVA' && x.value === '0.106666')!;
  return { tras, ret, iva16, isr10, ivaRet };
}

function post(e: SeededEnterprise, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/rubros-impuestos',
    headers: e.headers,
    payload,
  });
}

describe('rubros-impuestos', () => {
  it('creates a group with federal and local taxes and reads it back with the offered taxes flagged', async () => {
    const e = await seedEnterprise(t.deps);
    const { iva16, isr10, ivaRet, tras } = await standardSelection(e);
    const local = (
      await t.app.inject({
        method: 'GET',
        url: '/api/impuestos-locales-trasladados/estado/CMX',
        headers: e.headers,
      })
    ).json().data.data[0];
    const res = await post(e, {
      name: 'Honorarios',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [
        { id: iva16.id, selected: true },
        { id: tras[0]!.id, selected: false },
      ],
      impuestos_retenidos: [
        { id: isr10.id, selected: true },
        { id: ivaRet.id, selected: true },
      ],
      impuestos_locales_trasladados: [{ id: local.id, estado_key: 'CMX', selected: true }],
    });
    expect(res.statusCode).toBe(201);
    const rubro = res.json().data;
    expect(rubro).toMatchObject({
      name: 'Honorarios',
      objeto_impuesto_key: '02',
      enterprise_id: e.enterpriseId,
    });
    expect(rubro.impuestos_trasladados.filter((x: { selected: boolean }) => x.selected)).toEqual([
      { ...iva16, selected: true },
    ]);
    expect(rubro.impuestos_trasladados.length).toBe(tras.length);
    expect(
      rubro.impuestos_retenidos
        .filter((x: { selected: boolean }) => x.selected)
        .map((x: Tax) => x.id),
    ).toEqual([ivaRet.id, isr10.id]);
    expect(rubro.impuestos_locales_trasladados).toEqual([
      { id: local.id, estado_key: 'CMX', impuesto: local.impuesto, tasa: '3.50', selected: true },
    ]);
    expect(rubro.impuestos_locales_retenidos).toEqual([]);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/rubros-impuestos/${rubro.id}`,
      headers: e.headers,
    });
    expect(one.json().data).toEqual(rubro);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/rubros-impuestos',
      headers: e.headers,
    });
    expect(list.json().data).toEqual([
      {
        ...rubro,
        impuestos_trasladados: [{ ...iva16, selected: true }],
        impuestos_retenidos: rubro.impuestos_retenidos.filter(
          (x: { selected: boolean }) => x.selected,
        ),
      },
    ]);
  });

  it('groups the available taxes IEPS tasa, IVA (and ISR only when withheld)', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/rubros-impuestos/get-impuestos-trasladados',
      headers: e.headers,
    });
    expect(res.statusCode).toBe(200);
    const { impuestos_trasladados, impuestos_retenidos } = res.json().data;
    expect(impuestos_trasladados.map((g: { group: string }) => g.group)).toEqual([
      'IEPS tasa',
      'IVA',
    ]);
    expect(impuestos_retenidos.map((g: { group: string }) => g.group)).toEqual(['IVA', 'ISR']);
    // 42501 is outside the border region: IVA 8 % is not offered.
    expect(impuestos_trasladados[1].impuestos.map((x: Tax) => x.value)).toEqual([
      '0.160000',
      '0.000000',
      null,
    ]);
  });

  it('offers and accepts IVA 8 % only from a border-region postal code', async () => {
    const tijuana = await seedEnterprise(t.deps, { codigo_postal: '22000' });
    const grupos = (
      await t.app.inject({
        url: '/api/rubros-impuestos/get-impuestos-trasladados',
        headers: tijuana.headers,
      })
    ).json().data;
    const iva = grupos.impuestos_trasladados.find((g: { group: string }) => g.group === 'IVA');
    const iva8 = iva.impuestos.find((x: Tax) => x.value === '0.080000') as Tax;
    expect(iva8).toBeDefined();
    const ok = await post(tijuana, {
      name: 'Frontera',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva8.id, selected: true }],
      impuestos_retenidos: [],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });
    expect(ok.statusCode).toBe(201);

    // The same tax id sent by an enterprise of Pachuca (its own 8 % row, hidden from its lists).
    const pachuca = await seedEnterprise(t.deps);
    await taxes(pachuca, 'impuestos-trasladados');
    const [row] = rowsOf<{ id: number }>(
      await t.deps.db.execute(
        sql`select id from impuestos where enterprise_id = ${pachuca.enterpriseId} and tax_type = 'IVA' and value = 0.08`,
      ),
    );
    const refused = await post(pachuca, {
      name: 'Frontera',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: row!.id, selected: true }],
      impuestos_retenidos: [],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().dataError.impuestos_trasladados[0]).toMatch(
      /IVA del 8% \(estímulo de la región fronteriza\) solo se ofrece/,
    );
    expect(await listRubros(t.deps.db, pachuca.enterpriseId)).toEqual([]);
  });

  it('leaves a disabled tax out of new groups', async () => {
    const e = await seedEnterprise(t.deps);
    const { iva16 } = await standardSelection(e);
    await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-trasladados/toggle-status/${iva16.id}`,
      headers: e.headers,
    });
    const res = await post(e, {
      name: 'General',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva16.id, selected: true }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toEqual({
      impuestos_trasladados: ['El impuesto seleccionado no existe o está desactivado.'],
    });
  });

  it('validates name, objeto de impuesto and the tax selection with Spanish messages', async () => {
    const e = await seedEnterprise(t.deps);
    const { iva16, tras } = await standardSelection(e);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { name: '  ', objeto_impuesto_key: '01' },
        { name: ['El nombre del grupo de impuestos es obligatorio'] },
      ],
      [
        { name: 'X', objeto_impuesto_key: '03' },
        { objeto_impuesto_key: ['El objeto de impuesto debe ser 01 o 02'] },
      ],
      [
        {
          name: 'X',
          objeto_impuesto_key: '01',
          impuestos_trasladados: [{ id: iva16.id, selected: true }],
        },
        {
          objeto_impuesto_key: [
            'Un grupo con objeto de impuesto 01 (No objeto de impuesto) no puede llevar impuestos.',
          ],
        },
      ],
      [
        {
          name: 'X',
          objeto_impuesto_key: '02',
          impuestos_trasladados: [{ id: iva16.id, selected: false }],
        },
        {
          objeto_impuesto_key: [
            'Seleccione al menos un impuesto trasladado o retenido para el objeto de impuesto 02 (Sí objeto de impuesto).',
          ],
        },
      ],
      [
        {
          name: 'X',
          objeto_impuesto_key: '02',
          impuestos_trasladados: tras
            .filter((x) => x.tax_type === 'IVA')
            .slice(0, 2)
            .map((x) => ({ id: x.id, selected: true })),
        },
        { impuestos_trasladados: ['Solo puede seleccionar un impuesto trasladado de tipo IVA.'] },
      ],
      [
        {
          name: 'X',
          objeto_impuesto_key: '02',
          impuestos_trasladados: [{ id: iva16.id, selected: true }],
          impuestos_locales_retenidos: [
            { id: 'CMX-T-no-existe-1.00', estado_key: 'CMX', selected: true },
          ],
        },
        {
          impuestos_locales_retenidos: [
            'El impuesto local seleccionado no existe para ese estado.',
          ],
        },
      ],
    ];
    for (const [payload, dataError] of cases) {
      const res = await post(e, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ success: false, dataError });
    }
    expect(await listRubros(t.deps.db, e.enterpriseId)).toEqual([]);
  });

  it('allows a local tax of one state only for that state', async () => {
    const e = await seedEnterprise(t.deps);
    const { iva16 } = await standardSelection(e);
    const cmx = (
      await t.app.inject({
        method: 'GET',
        url: '/api/impuestos-locales-trasladados/estado/CMX',
        headers: e.headers,
      })
    ).json().data.data[0];
    const res = await post(e, {
      name: 'Hospedaje',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva16.id, selected: true }],
      impuestos_locales_trasladados: [{ id: cmx.id, estado_key: 'JAL', selected: true }],
    });
    expect(res.statusCode).toBe(422);
  });

  it('keeps the name unique per enterprise (ignoring case) and answers validate-unique-name', async () => {
    const e = await seedEnterprise(t.deps);
    const other = await seedEnterprise(t.deps);
    const first = (await post(e, { name: 'Exentos', objeto_impuesto_key: '01' })).json().data;
    const dup = await post(e, { name: ' exentos ', objeto_impuesto_key: '01' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      success: false,
      dataError: { name: ['Ya existe un grupo de impuestos con este nombre'] },
    });
    expect((await post(other, { name: 'Exentos', objeto_impuesto_key: '01' })).statusCode).toBe(
      201,
    );

    const check = (payload: Record<string, unknown>, who = e) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rubros-impuestos/validate-unique-name',
        headers: who.headers,
        payload,
      });
    expect((await check({ name: 'EXENTOS', enterprise_id: e.enterpriseId })).json()).toEqual({
      success: true,
      data: { is_unique: false },
    });
    expect(
      (
        await check({ name: 'Exentos', enterprise_id: e.enterpriseId, rubro_impuesto_id: first.id })
      ).json().data,
    ).toEqual({ is_unique: true });
    expect(
      (
        await check({ name: 'Nuevo', enterprise_id: e.enterpriseId, rubro_impuesto_id: null })
      ).json().data,
    ).toEqual({
      is_unique: true,
    });
    expect(
      (await check({ name: 'Exentos', enterprise_id: e.enterpriseId }, other)).statusCode,
    ).toBe(404);
  });

  it('updates a group, keeping a tax that was disabled after it was chosen', async () => {
    const e = await seedEnterprise(t.deps);
    const { iva16, isr10 } = await standardSelection(e);
    const rubro = (
      await post(e, {
        name: 'Servicios',
        objeto_impuesto_key: '02',
        impuestos_trasladados: [{ id: iva16.id, selected: true }],
      })
    ).json().data;
    await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-trasladados/toggle-status/${iva16.id}`,
      headers: e.headers,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/rubros-impuestos/${rubro.id}`,
      headers: e.headers,
      payload: {
        name: 'Servicios profesionales',
        objeto_impuesto_key: '02',
        impuestos_trasladados: [{ id: iva16.id, selected: true }],
        impuestos_retenidos: [{ id: isr10.id, selected: true }],
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.name).toBe('Servicios profesionales');
    expect(data.impuestos_trasladados.filter((x: { selected: boolean }) => x.selected)).toEqual([
      { ...iva16, status: false, selected: true },
    ]);
    expect(
      data.impuestos_retenidos
        .filter((x: { selected: boolean }) => x.selected)
        .map((x: Tax) => x.id),
    ).toEqual([isr10.id]);
  });

  it('deletes a group, refusing while a product uses it', async () => {
    const e = await seedEnterprise(t.deps);
    const rubro = (await post(e, { name: 'Sin impuestos', objeto_impuesto_key: '01' })).json().data;
    await t.deps.db.execute(
      sql`insert into products_services (enterprise_id, product_service_key, product_service_name, unit_key, unit_name, unity_price, description, rubro_impuesto_id)
          values (${e.enterpriseId}, '01010101', 'No existe en el catálogo', 'H87', 'Pieza', 10, 'Producto', ${rubro.id})`,
    );
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/rubros-impuestos/${rubro.id}`,
      headers: e.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      dataError:
        'No se puede eliminar el grupo de impuestos porque está asignado a productos o servicios.',
      showErrorToClient: true,
    });
    await t.deps.db.execute(
      sql`delete from products_services where enterprise_id = ${e.enterpriseId}`,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/rubros-impuestos/${rubro.id}`,
      headers: e.headers,
    });
    expect(del.json()).toEqual({ success: true, data: null });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/rubros-impuestos/${rubro.id}`,
      headers: e.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().dataError).toBe('El grupo de impuestos no existe.');
  });

  it("answers 404 for another enterprise's group and never uses another enterprise's taxes", async () => {
    const owner = await seedEnterprise(t.deps);
    const intruder = await seedEnterprise(t.deps);
    const { iva16 } = await standardSelection(owner);
    await standardSelection(intruder);
    const rubro = (
      await post(owner, {
        name: 'Propio',
        objeto_impuesto_key: '02',
        impuestos_trasladados: [{ id: iva16.id, selected: true }],
      })
    ).json().data;
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/rubros-impuestos/${rubro.id}`,
        headers: intruder.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/rubros-impuestos/${rubro.id}`,
      headers: intruder.headers,
      payload: { name: 'Robado', objeto_impuesto_key: '01' },
    });
    expect(put.statusCode).toBe(404);
    const steal = await post(intruder, {
      name: 'Ajeno',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva16.id, selected: true }],
    });
    expect(steal.statusCode).toBe(422);
    expect((await listRubros(t.deps.db, owner.enterpriseId)).map((r) => r.name)).toEqual([
      'Propio',
    ]);
    expect(await listRubros(t.deps.db, intruder.enterpriseId)).toEqual([]);
  });
});
