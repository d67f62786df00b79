import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

/**
 * The receivers the invoice search reads (migration 0027) under concurrent writers. PostgreSQL
 * only: two connections write invoices of one receiver at the same moment, which PGlite's single
 * connection cannot show.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('receivers kept by concurrent writers', () => {
  let t: TestApp;
  let a: pg.Client;
  let b: pg.Client;
  let e: number;
  let clientId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    b = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await Promise.all([a.connect(), b.connect()]);
    ({ enterpriseId: e } = await seedEnterprise(t.deps));
    const r = await a.query<{ id: number }>(
      `insert into clients (enterprise_id, name_razon_social, rfc, uso_cfdi, regimen_fiscal)
       values ($1, 'CLIENTE CONCURRENTE', $2, 'G03', '601') returning id`,
      [e, rfcAleatorio()],
    );
    clientId = r.rows[0]!.id;
  });
  afterAll(async () => {
    await Promise.all([a?.end(), b?.end()]);
    await t?.close();
  });

  /** A pre-invoice of `name` (RFC XAXX010101000) written by `client` in its open transaction. */
  async function preFactura(client: pg.Client, name: string): Promise<number> {
    const r = await client.query<{ id: number }>(
      `insert into comprobantes (enterprise_id, tipo, serie_kind, serie, status, fecha)
       values ($1, 'I', 'facturas-ingreso', 'A', 'pre_factura', '2026-01-02T10:00:00') returning id`,
      [e],
    );
    const id = r.rows[0]!.id;
    await client.query(
      `insert into facturas_ingreso (enterprise_id, comprobante_id, client_id, client_name,
         client_rfc, metodo_pago, draft) values ($1, $2, $3, $4, 'XAXX010101000', 'PUE', '{}')`,
      [e, id, clientId, name],
    );
    return id;
  }

  async function kept() {
    const r = await a.query<{ client_name: string; n: number }>(
      `select client_name, n from facturas_receptores where enterprise_id = $1 order by 1`,
      [e],
    );
    const grouped = await a.query<{ client_name: string; n: number }>(
      `select client_name, count(*)::int as n from facturas_ingreso where enterprise_id = $1
        group by 1 order by 1`,
      [e],
    );
    expect(r.rows).toEqual(grouped.rows);
    return r.rows;
  }

  it('two invoices of a new receiver at once count both; a receiver emptied and used again at once stays', async () => {
    await Promise.all([a.query('begin'), b.query('begin')]);
    await preFactura(a, 'NUEVO A LA VEZ');
    const second = preFactura(b, 'NUEVO A LA VEZ'); // waits for a's row
    await a.query('commit');
    await second;
    await b.query('commit');
    expect(await kept()).toEqual([{ client_name: 'NUEVO A LA VEZ', n: 2 }]);

    // Both of its invoices deleted by a while b writes a third: b waits for the row a deletes,
    // then inserts it again.
    await a.query('begin');
    await a.query(
      `delete from comprobantes where enterprise_id = $1 and id in
         (select comprobante_id from facturas_ingreso where enterprise_id = $1)`,
      [e],
    );
    await b.query('begin');
    const third = preFactura(b, 'NUEVO A LA VEZ');
    await a.query('commit');
    await third;
    await b.query('commit');
    expect(await kept()).toEqual([{ client_name: 'NUEVO A LA VEZ', n: 1 }]);
  });

  it('a receiver moved to another waits for it first, so writers lock the two in the same order', async () => {
    await preFactura(a, 'RECEPTOR X');
    const y = await preFactura(a, 'RECEPTOR Y');
    // a holds X; b moves an invoice from Y to X and must wait for X before it takes Y, or a writing
    // to Y next would wait for b while b waits for a (a deadlock, one of them failing).
    await Promise.all([a.query('begin'), b.query('begin')]);
    await preFactura(a, 'RECEPTOR X');
    const bPid = (await b.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const moved = b.query(
      `update facturas_ingreso set client_name = 'RECEPTOR X' where enterprise_id = $1 and comprobante_id = $2`,
      [e, y],
    );
    await waitForLock(bPid);
    await preFactura(a, 'RECEPTOR Y');
    await a.query('commit');
    await moved;
    await b.query('commit');
    const rows = await kept();
    expect(rows.filter((r) => r.client_name.startsWith('RECEPTOR'))).toEqual([
      { client_name: 'RECEPTOR X', n: 3 },
      { client_name: 'RECEPTOR Y', n: 1 },
    ]);
  });

  /** Until the backend `pid` waits for a lock. */
  async function waitForLock(pid: number) {
    for (let i = 0; i < 500; i++) {
      const [row] = rowsOf<{ wait_event_type: string | null }>(
        await t.deps.db.execute(
          sql`select wait_event_type from pg_stat_activity where pid = ${pid}`,
        ),
      );
      if (row?.wait_event_type === 'Lock') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the second writer never waited');
  }
});
