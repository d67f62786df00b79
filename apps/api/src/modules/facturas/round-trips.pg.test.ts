import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { api, basico, seedFacturador, type Facturador } from './facturas.test-support.ts';

// Round trips to PostgreSQL of the requests users make most (issue 26, bench/http): each statement
// the API sends is one, counted by the pool (db_statements_total). The session check is one
// statement, the stamp's answer is built from the master data the stamp already read, and a
// draft's products come in one statement whatever the number of lines. Needs TEST_DATABASE_URL.
const V40 = '/api/facturacion/V40';

describe.skipIf(!process.env.TEST_DATABASE_URL)('round trips of the hot requests', () => {
  let t: TestApp;
  let e: Facturador;
  let draft: Awaited<ReturnType<typeof basico>>['draft'];

  beforeAll(async () => {
    t = await buildTestApp();
    e = await seedFacturador(t, { credits: 10 });
    ({ draft } = await basico(t, e));
  });
  afterAll(() => t.close());

  async function statementsOf(send: () => Promise<{ statusCode: number; body: string }>) {
    const before = t.deps.database.statements!();
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    return t.deps.database.statements!() - before;
  }

  it('a create-and-stamp takes at most 17 statements (23 before), its answer exact', async () => {
    const stamp = () =>
      t.app.inject({
        method: 'POST',
        url: `${V40}/facturas-ingreso`,
        headers: { ...e.headers, 'idempotency-key': randomUUID() },
        payload: draft(),
      });
    await stamp(); // the CSD decrypted, the prepared statements made
    const before = t.deps.database.statements!();
    const res = await stamp();
    const n = t.deps.database.statements!() - before;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.factura.status).toBe('timbrada');
    expect(body.factura.folio).toBe(2);
    expect(body.factura.partidas[0].descripcion ?? body.factura.partidas[0]).toBeTruthy();
    expect(body.user_total_remaining_credits).toBe(8);
    // What GET answers for the same invoice is what the stamp answered.
    const detalle = await api(t, e, 'GET', `${V40}/facturas-ingreso/${body.factura.id}`);
    expect(detalle.json().data).toEqual(body.factura);
    // 16 before the audit log (issue 27): its record of the stamp is one insert in the seal's
    // transaction, so that a stamp is never without its record.
    expect(n).toBeLessThanOrEqual(17);
  });

  it('a draft with three products reads them in one statement; a pre-invoice save in 12 (about 21 before)', async () => {
    const productos = [draft().partidas[0]!, draft().partidas[0]!, draft().partidas[0]!];
    const otro = (
      await api(t, e, 'POST', '/api/products-services', {
        productServiceObj: { clave: '80101500' },
        unitsObj: { clave: 'E48' },
        unity_price: '10.00',
        description: 'Otro servicio',
        taxesGroup: e.rubroId,
      })
    ).json().data.id as number;
    productos[1] = { ...productos[1]!, product_service_id: otro };
    const save = () =>
      api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft({ partidas: productos }));
    await save();
    expect(await statementsOf(save)).toBeLessThanOrEqual(12);
  });

  it('a signed-in list request: one statement for the session', async () => {
    const list = () => api(t, e, 'GET', `${V40}/facturas-ingreso?page=1&items_per_page=30`);
    await list();
    expect(await statementsOf(list)).toBeLessThanOrEqual(4);
  });
});
