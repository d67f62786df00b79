import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { withTransaction } from '../../db/transaction.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { listSeries, reserveNextFolio } from './series.queries.ts';
import { SERIE_EN_USO, folioUsadoMessage } from './series.service.ts';

const LETTERS = 'La serie no puede contener números, caracteres especiales o espacios en blanco';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function create(e: SeededEnterprise, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/series/${e.enterpriseId}`,
    headers: e.headers,
    payload,
  });
}

describe('series', () => {
  it('creates a serie of each kind and lists each kind on its own path', async () => {
    const e = await seedEnterprise(t.deps);
    const a = await create(e, { kind: 'facturas-ingreso', serie: 'A', folio: 1 });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        kind: 'facturas-ingreso',
        serie: 'A',
        folio: 1,
        folio_inicial: 1,
      },
    });
    expect(
      (await create(e, { kind: 'facturas-globales', serie: 'G', folio: '100' })).statusCode,
    ).toBe(201);
    expect((await create(e, { kind: 'recepcion-pagos', serie: 'Pago', folio: 5 })).statusCode).toBe(
      201,
    );

    for (const [kind, serie, folio] of [
      ['facturas-ingreso', 'A', 1],
      ['facturas-globales', 'G', 100],
      ['recepcion-pagos', 'Pago', 5],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/series/${e.enterpriseId}/${kind}`,
        headers: e.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([expect.objectContaining({ kind, serie, folio })]);
    }
  });

  it.each(['A1', 'A B', 'A-B', 'Á', ' '])(
    'rejects the serie %j with the spec message',
    async (serie) => {
      const e = await seedEnterprise(t.deps);
      const res = await create(e, { kind: 'facturas-ingreso', serie, folio: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, dataError: { serie: [LETTERS] } });
      expect(await listSeries(t.deps.db, e.enterpriseId, 'facturas-ingreso')).toEqual([]);
    },
  );

  it('rejects a folio that is not a whole number of at least 1', async () => {
    const e = await seedEnterprise(t.deps);
    for (const folio of [0, -3, 1.5, 'abc']) {
      const res = await create(e, { kind: 'facturas-ingreso', serie: 'A', folio });
      expect(res.statusCode).toBe(422);
      expect(res.json().dataError.folio).toEqual([
        'El folio debe ser un número entero mayor o igual a 1',
      ]);
    }
  });

  it('keeps a serie unique per kind and enterprise, ignoring case', async () => {
    const e = await seedEnterprise(t.deps);
    const other = await seedEnterprise(t.deps);
    expect((await create(e, { kind: 'facturas-ingreso', serie: 'FAC', folio: 1 })).statusCode).toBe(
      201,
    );
    const dup = await create(e, { kind: 'facturas-ingreso', serie: 'fac', folio: 1 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      success: false,
      dataError: { serie: ['Ya existe la serie fac para este tipo de comprobante'] },
    });
    expect((await create(e, { kind: 'recepcion-pagos', serie: 'FAC', folio: 1 })).statusCode).toBe(
      201,
    );
    expect(
      (await create(other, { kind: 'facturas-ingreso', serie: 'FAC', folio: 1 })).statusCode,
    ).toBe(201);
  });

  it('edits the letters and restarts numbering only when the folio changes', async () => {
    const e = await seedEnterprise(t.deps);
    const { data } = (await create(e, { kind: 'facturas-ingreso', serie: 'A', folio: 10 })).json();
    await withTransaction(t.deps.db, (tx) => reserveNextFolio(tx, e.enterpriseId, data.id));

    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/series/${data.id}`,
      headers: e.headers,
      payload: { serie: 'B', folio: 11 },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toEqual({ ...data, serie: 'B', folio: 11, folio_inicial: 10 });

    const restart = await t.app.inject({
      method: 'PUT',
      url: `/api/series/${data.id}`,
      headers: e.headers,
      payload: { serie: 'B', folio: 500 },
    });
    expect(restart.json().data).toEqual({ ...data, serie: 'B', folio: 500, folio_inicial: 500 });

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/series/${data.id}`,
      headers: e.headers,
      payload: { serie: 'B2', folio: 500 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toEqual({ serie: [LETTERS] });
  });

  it('the next folio cannot go back to one already used; a serie in use cannot be deleted', async () => {
    const e = await seedEnterprise(t.deps);
    const { data } = (await create(e, { kind: 'facturas-ingreso', serie: 'A', folio: 10 })).json();
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/series/${data.id}`, headers: e.headers, payload });
    const del = () =>
      t.app.inject({ method: 'DELETE', url: `/api/series/${data.id}`, headers: e.headers });
    // A pre-invoice (no folio yet) already uses the serie: it would stamp with it.
    await t.deps.db.insert(comprobantes).values({
      enterprise_id: e.enterpriseId,
      tipo: 'I',
      serie_kind: 'facturas-ingreso',
      serie_id: data.id,
      serie: 'A',
      status: 'pre_factura',
    });
    const enUso = await del();
    expect(enUso.statusCode).toBe(409);
    expect(enUso.json()).toEqual({
      success: false,
      dataError: SERIE_EN_USO,
      showErrorToClient: true,
    });
    // Folios 10 and 11 sealed (sent to the PAC): taken, whatever the PAC answers.
    for (const folio of [10, 11]) {
      await withTransaction(t.deps.db, (tx) => reserveNextFolio(tx, e.enterpriseId, data.id));
      await t.deps.db.insert(comprobantes).values({
        enterprise_id: e.enterpriseId,
        tipo: 'I',
        serie_kind: 'facturas-ingreso',
        serie_id: data.id,
        serie: 'A',
        folio,
        status: 'sellada',
        xml_sellado: '<cfdi:Comprobante/>',
        idempotency_key: `serie-${String(data.id)}-${String(folio)}`,
      });
    }
    for (const folio of [1, 11]) {
      const back = await put({ serie: 'A', folio });
      expect(back.statusCode).toBe(422);
      expect(back.json().dataError).toEqual({ folio: [folioUsadoMessage(11, 'A')] });
    }
    expect(await listSeries(t.deps.db, e.enterpriseId, 'facturas-ingreso')).toEqual([
      { ...data, folio: 12 },
    ]);
    // Renaming keeps the folio where it is; jumping ahead is fine.
    expect((await put({ serie: 'B', folio: 12 })).statusCode).toBe(200);
    const ahead = await put({ serie: 'B', folio: 100 });
    expect(ahead.json().data).toMatchObject({ serie: 'B', folio: 100, folio_inicial: 100 });
    expect((await del()).statusCode).toBe(409);
    expect(await listSeries(t.deps.db, e.enterpriseId, 'facturas-ingreso')).toHaveLength(1);
  });

  it('deletes a serie', async () => {
    const e = await seedEnterprise(t.deps);
    const { data } = (await create(e, { kind: 'facturas-globales', serie: 'G', folio: 1 })).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/series/${data.id}`,
      headers: e.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, data: null });
    expect(await listSeries(t.deps.db, e.enterpriseId, 'facturas-globales')).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/series/${data.id}`,
      headers: e.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, dataError: 'La serie no existe.' });
  });

  it("answers 404 for another enterprise's id or serie and changes nothing", async () => {
    const owner = await seedEnterprise(t.deps);
    const intruder = await seedEnterprise(t.deps);
    const { data } = (
      await create(owner, { kind: 'facturas-ingreso', serie: 'A', folio: 7 })
    ).json();

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/series/${owner.enterpriseId}/facturas-ingreso`,
      headers: intruder.headers,
    });
    expect(list.statusCode).toBe(404);
    const post = await create(
      { ...intruder, enterpriseId: owner.enterpriseId },
      {
        kind: 'facturas-ingreso',
        serie: 'X',
        folio: 1,
      },
    );
    expect(post.statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/series/${data.id}`,
      headers: intruder.headers,
      payload: { serie: 'Z', folio: 1 },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/series/${data.id}`,
      headers: intruder.headers,
    });
    expect(del.statusCode).toBe(404);

    expect(await listSeries(t.deps.db, owner.enterpriseId, 'facturas-ingreso')).toEqual([data]);
    expect(await listSeries(t.deps.db, intruder.enterpriseId, 'facturas-ingreso')).toEqual([]);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/series/1/facturas-ingreso' });
    expect(res.statusCode).toBe(401);
  });

  it('reserveNextFolio hands out consecutive folios and gives them back on rollback', async () => {
    const e = await seedEnterprise(t.deps);
    const { data } = (await create(e, { kind: 'facturas-ingreso', serie: 'A', folio: 41 })).json();
    const first = await withTransaction(t.deps.db, (tx) =>
      reserveNextFolio(tx, e.enterpriseId, data.id),
    );
    expect(first).toEqual({ serie: 'A', folio: 41 });
    await expect(
      withTransaction(t.deps.db, async (tx) => {
        await reserveNextFolio(tx, e.enterpriseId, data.id);
        throw new Error('PAC rejected');
      }),
    ).rejects.toThrow('PAC rejected');
    const second = await withTransaction(t.deps.db, (tx) =>
      reserveNextFolio(tx, e.enterpriseId, data.id),
    );
    expect(second).toEqual({ serie: 'A', folio: 42 });
    const other = await seedEnterprise(t.deps);
    expect(await reserveNextFolio(t.deps.db, other.enterpriseId, data.id)).toBeNull();
  });
});
