import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { rowsOf } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  api,
  basico,
  crearCliente,
  seedFacturador,
  type Facturador,
} from './facturas.test-support.ts';

// The invoice list's search by name or RFC looks first in the distinct receivers the triggers of
// migration 0027 keep: whatever is written (an invoice stamped, a pre-invoice created, edited after
// its client was renamed or given another client, deleted), the search must find the invoices
// holding that name or RFC right away, never another enterprise's, and the kept receivers must be
// exactly those of the invoice rows.

const V40 = '/api/facturacion/V40';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function buscar(e: Facturador, texto: string): Promise<number[]> {
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso/search?page=1`, {
    rfc_name: texto,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data.map((r: { id: number }) => r.id);
}

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body).data;
}

const PAPELERIA = {
  name_razon_social: 'PAPELERÍA ÚNICA DEL CENTRO',
  rfc: 'PUC920101AB1',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigo_postal: '42501',
};

/** The kept receivers of the enterprises beside those of their invoice rows, grouped. */
async function receptoresYFacturas(enterprises: number[]) {
  const ids = sql.join(
    enterprises.map((e) => sql`${e}`),
    sql`, `,
  );
  const kept = rowsOf(
    await t.deps.db.execute(sql`select enterprise_id, client_id, client_name, client_rfc, n
      from facturas_receptores where enterprise_id in (${ids}) order by 1, 2, 3, 4`),
  );
  const grouped = rowsOf(
    await t.deps.db.execute(sql`select enterprise_id, client_id, client_name, client_rfc,
        count(*)::int as n
      from facturas_ingreso where enterprise_id in (${ids}) group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  return { kept, grouped };
}

describe('the invoice search by receiver, kept by triggers', () => {
  it('finds a name or RFC as invoiced right after each write, and only in its own enterprise', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const otra = await seedFacturador(t, { credits: 1 });
    const { clientId, draft } = await basico(t, e);
    const deOtra = await basico(t, otra);
    const papeleriaDeOtra = await crearCliente(t, otra, PAPELERIA);
    const preDeOtra = await ok(
      await api(
        t,
        otra,
        'POST',
        `${V40}/pre-facturas-ingreso`,
        deOtra.draft({ client_id: papeleriaDeOtra }),
      ),
    );
    expect(await buscar(otra, 'papelería')).toEqual([preDeOtra.id]);
    // Another enterprise's receivers never match.
    expect(await buscar(e, 'papelería')).toEqual([]);
    expect(await buscar(e, 'PUC920101')).toEqual([]);

    const stamped: FacturaDetail = (
      await ok(await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft()))
    ).factura;
    expect(await buscar(e, 'xochilt')).toEqual([stamped.id]);
    const pre = await ok(await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft()));
    expect(await buscar(e, 'xochilt')).toEqual([pre.id, stamped.id]);

    // The client renamed: its stamped invoice keeps the name it was invoiced with, the pre-invoice
    // takes the new one when edited.
    await ok(
      await api(t, e, 'PUT', `/api/clients/${clientId}`, {
        name_razon_social: 'XOCHILT CASAS DE LEÓN',
        rfc: 'CACX7605101P8',
        regimenFiscal: '612',
        usoCfdi: 'G03',
        address: { codigo_postal: '10740' },
      }),
    );
    expect(await buscar(e, 'de león')).toEqual([]);
    await ok(await api(t, e, 'PUT', `${V40}/pre-facturas-ingreso/${pre.id}`, draft()));
    expect(await buscar(e, 'de león')).toEqual([pre.id]);
    expect(await buscar(e, 'chavez')).toEqual([stamped.id]);
    expect(await buscar(e, 'xochilt')).toEqual([pre.id, stamped.id]);
    expect(await buscar(e, 'CACX7605')).toEqual([pre.id, stamped.id]);

    // The pre-invoice given another client, then a second pre-invoice for it, then one deleted.
    const papeleria = await crearCliente(t, e, PAPELERIA);
    await ok(
      await api(
        t,
        e,
        'PUT',
        `${V40}/pre-facturas-ingreso/${pre.id}`,
        draft({ client_id: papeleria }),
      ),
    );
    expect(await buscar(e, 'xochilt')).toEqual([stamped.id]);
    expect(await buscar(e, 'ÚNICA del')).toEqual([pre.id]);
    const pre2 = await ok(
      await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft({ client_id: papeleria })),
    );
    expect(await buscar(e, 'PUC920101')).toEqual([pre2.id, pre.id]);
    await ok(await api(t, e, 'DELETE', `${V40}/pre-facturas-ingreso/${pre.id}`));
    expect(await buscar(e, 'papelería')).toEqual([pre2.id]);
    expect(await buscar(otra, 'papelería')).toEqual([preDeOtra.id]);

    const { kept, grouped } = await receptoresYFacturas([e.enterpriseId, otra.enterpriseId]);
    expect(kept).toEqual(grouped);
    expect(kept.map((r) => (r as { client_name: string }).client_name)).toEqual(
      expect.arrayContaining(['XOCHILT CASAS CHAVEZ', 'PAPELERÍA ÚNICA DEL CENTRO']),
    );
  });

  it('keeps one row per receiver with its number of invoices through raw writes', async () => {
    const e = await seedFacturador(t, { credits: 0 });
    const { draft } = await basico(t, e);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await ok(await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft()))).id);
    }
    const db = t.deps.db;
    // A name and an RFC changed on the row itself, each alone, then back, then the rows deleted.
    await db.execute(sql`update facturas_ingreso set client_name = 'OTRO NOMBRE'
      where enterprise_id = ${e.enterpriseId} and comprobante_id = ${ids[0]!}`);
    await db.execute(sql`update facturas_ingreso set client_rfc = 'XEXX010101000'
      where enterprise_id = ${e.enterpriseId} and comprobante_id = ${ids[1]!}`);
    expect(await buscar(e, 'otro nombre')).toEqual([ids[0]]);
    expect(await buscar(e, 'XEXX0101')).toEqual([ids[1]]);
    expect(await buscar(e, 'xochilt')).toEqual([ids[2], ids[1]]);
    let r = await receptoresYFacturas([e.enterpriseId]);
    expect(r.kept).toEqual(r.grouped);
    expect(r.kept).toHaveLength(3);

    await db.execute(sql`update facturas_ingreso set client_name = 'XOCHILT CASAS CHAVEZ',
      client_rfc = 'CACX7605101P8' where enterprise_id = ${e.enterpriseId}`);
    r = await receptoresYFacturas([e.enterpriseId]);
    expect(r.kept).toEqual(r.grouped);
    expect(r.kept).toEqual([expect.objectContaining({ n: 3 })]);

    await db.execute(sql`delete from comprobantes where enterprise_id = ${e.enterpriseId}`);
    r = await receptoresYFacturas([e.enterpriseId]);
    expect(r.kept).toEqual([]);
    expect(await buscar(e, 'xochilt')).toEqual([]);
  });
});
