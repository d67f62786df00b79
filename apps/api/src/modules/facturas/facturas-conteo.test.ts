import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';
import { facturasIngreso as f } from '../../db/schema/facturas.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import {
  facturasWhere,
  listFacturas,
  SIN_FILTROS,
  type FacturaFilters,
} from './facturas-lista.queries.ts';

// The invoice list's "N facturas" and its last pages come from the counts the triggers of migration
// 0023 keep: whatever is written to the invoices (created, sealed, stamped, cancelled, edited,
// deleted, the draft row stored late), each total must be the number of invoices the filter shows,
// and each page the invoices a plain count and offset would show.

let t: TestApp;
let e: number;
let clientId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ enterpriseId: e } = await seedEnterprise(t.deps));
  const [row] = rowsOf<{ id: number }>(
    await t.deps.db
      .execute(sql`insert into clients (enterprise_id, name_razon_social, rfc, uso_cfdi,
      regimen_fiscal) values (${e}, 'CLIENTE CONTEO', ${rfcAleatorio()}, 'G03', '601') returning id`),
  );
  clientId = row!.id;
});
afterAll(async () => {
  await t.close();
});

const NONE = SIN_FILTROS;
const FILTERS: Partial<FacturaFilters>[] = [
  {},
  { status: 'timbrada' },
  { status: 'cancelled' },
  { status: 'pre_factura' },
  { status: 'pendiente_pac' },
  { status: 'rechazada' },
  { metodoPago: 'PPD' },
  { series: ['b'] },
  { series: ['A', 'B'] },
  { fromDate: '2026-01-02', toDate: '2026-01-02' },
  { fromDate: '2026-01-02', status: 'timbrada', metodoPago: 'PUE', series: ['a'] },
];

/** Each filter's total and pages as listed, beside a count and pages of the joined rows. */
async function listedAndCounted() {
  const db = t.deps.db;
  const out = [];
  for (const filter of FILTERS) {
    const filters = { ...NONE, ...filter };
    const where = facturasWhere(e, filters);
    const joined = () =>
      db
        .select({ id: c.id })
        .from(c)
        .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)))
        .where(where);
    const all = (await joined().orderBy(desc(c.id))).map((r) => r.id);
    const listed = [];
    for (let page = 1; page <= 4; page++) {
      const r = await listFacturas(db, e, filters, { number: page, size: 2 });
      listed.push({ total: r.total, ids: r.rows.map((x) => x.id) });
    }
    const counted = [1, 2, 3, 4].map((page) => ({
      total: all.length,
      ids: all.slice((page - 1) * 2, page * 2),
    }));
    out.push({ filter, listed, counted });
  }
  return out;
}

async function insertComprobante(values: {
  status: string;
  serie: string;
  fecha: string;
  tipo?: string;
  kind?: string;
}): Promise<number> {
  const sealed = values.status !== 'pre_factura';
  const stamped = values.status === 'timbrada' || values.status === 'cancelada';
  const [row] = rowsOf<{ id: number }>(
    await t.deps.db.execute(sql`insert into comprobantes (enterprise_id, tipo, serie_kind, serie,
        status, fecha, xml_sellado, idempotency_key, xml_timbrado, uuid)
      values (${e}, ${values.tipo ?? 'I'}, ${values.kind ?? 'facturas-ingreso'}, ${values.serie},
        ${values.status}, ${values.fecha}, ${sealed ? '<x/>' : null},
        ${sealed ? `conteo:${Math.random()}` : null}, ${stamped ? '<x/>' : null},
        ${stamped ? crypto.randomUUID() : null})
      returning id`),
  );
  return row!.id;
}

async function insertDraft(id: number, metodo: 'PUE' | 'PPD') {
  await t.deps.db
    .execute(sql`insert into facturas_ingreso (enterprise_id, comprobante_id, client_id,
      client_name, client_rfc, metodo_pago, draft)
    values (${e}, ${id}, ${clientId}, 'CLIENTE CONTEO', 'XAXX010101000', ${metodo}, '{}')`);
}

async function setStatus(id: number, status: string) {
  await t.deps.db.execute(sql`update comprobantes set status = ${status},
      xml_timbrado = coalesce(xml_timbrado, '<x/>'), uuid = coalesce(uuid, ${crypto.randomUUID()})
    where enterprise_id = ${e} and id = ${id}`);
}

describe('the invoice list totals kept by triggers', () => {
  it('equal the invoices each filter shows, page by page, through every kind of write', async () => {
    const db = t.deps.db;
    const pre = await insertComprobante({
      status: 'pre_factura',
      serie: 'a',
      fecha: '2026-01-01T09:00:00',
    });
    await insertDraft(pre, 'PUE');
    const stamped = [];
    for (const [i, metodo] of (['PUE', 'PPD', 'PUE', 'PPD', 'PUE'] as const).entries()) {
      const id = await insertComprobante({
        status: 'sellada',
        serie: i % 2 ? 'B' : 'A',
        fecha: `2026-01-0${2 + (i % 2)}T10:00:00`,
      });
      await insertDraft(id, metodo);
      stamped.push(id);
    }
    // A sealed invoice whose draft row is stored later, a payment and an invoice of another kind.
    const late = await insertComprobante({
      status: 'sellada',
      serie: 'A',
      fecha: '2026-01-02T11:00:00',
    });
    await insertComprobante({
      status: 'sellada',
      serie: 'P',
      fecha: '2026-01-02T12:00:00',
      tipo: 'P',
      kind: 'recepcion-pagos',
    });
    expect((await listFacturas(db, e, NONE, { number: 1, size: 30 })).total).toBe(6);

    for (const id of stamped) await setStatus(id, 'timbrada');
    await setStatus(stamped[1]!, 'cancelada');
    await setStatus(stamped[4]!, 'rechazada');
    await insertDraft(late, 'PPD');
    // The pre-invoice edited: another serie, day and método de pago.
    await db.execute(sql`update comprobantes set serie = 'b', fecha = '2026-01-02T08:00:00'
      where enterprise_id = ${e} and id = ${pre}`);
    await db.execute(sql`update facturas_ingreso set metodo_pago = 'PPD'
      where enterprise_id = ${e} and comprobante_id = ${pre}`);
    for (const r of await listedAndCounted())
      expect(r.listed, JSON.stringify(r.filter)).toEqual(r.counted);

    // Stamping the pre-invoice stores a new comprobante and deletes the draft's.
    await db.execute(sql`delete from comprobantes where enterprise_id = ${e} and id = ${pre}`);
    await db.execute(
      sql`delete from facturas_ingreso where enterprise_id = ${e} and comprobante_id = ${stamped[0]!}`,
    );
    const results = await listedAndCounted();
    for (const r of results) expect(r.listed, JSON.stringify(r.filter)).toEqual(r.counted);
    expect(results[0]!.counted[0]!.total).toBe(5);
  });
});
