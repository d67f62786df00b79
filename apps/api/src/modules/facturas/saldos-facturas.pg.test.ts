import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  V40,
  facturaPpd,
  pagoBody,
  seedCobrador,
  type Cobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { api } from './facturas.test-support.ts';

/**
 * The PPD receivables and the home screen read the balances and month totals kept by the stamp and
 * cancellation of invoices and payments (migration 0024). PostgreSQL only: two connections stamp two
 * payments of one invoice at the same moment, which PGlite's single connection cannot show.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('balances kept by the stamps', () => {
  let t: TestApp;
  let a: pg.Client;
  let b: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp();
    a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    b = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await Promise.all([a.connect(), b.connect()]);
  });
  afterAll(async () => {
    await Promise.all([a?.end(), b?.end()]);
    await t.close();
  });

  async function porCobrar(e: Cobrador) {
    const ppd = (await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments`)).json()
      .data;
    const inicio = (await api(t, e, 'GET', '/api/inicio/resumen')).json().data;
    return {
      lista: ppd.data.map((r: { PPD_pending_amount: string; pagado: string }) => [
        r.pagado,
        r.PPD_pending_amount,
      ]),
      inicio: inicio.por_cobrar,
      facturado: inicio.meses.reduce(
        (s: number, m: { facturas: number; total: string }) => s + Number(m.total),
        0,
      ),
    };
  }

  async function status(client: pg.Client, e: Cobrador, id: number, to: string) {
    await client.query(`update comprobantes set status = $3 where enterprise_id = $1 and id = $2`, [
      e.enterpriseId,
      id,
      to,
    ]);
  }

  it('two payments of one invoice stamped at once both count; cancellations give back exactly theirs', async () => {
    const e = await seedCobrador(t, 20);
    const f = await facturaPpd(t, e); // 1,160.00
    for (const amount of [400, 300]) {
      const r = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, amount));
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await porCobrar(e)).toEqual({
      lista: [['700.00', '460.00']],
      inicio: { total: '460.00', facturas: 1 },
      facturado: 1160,
    });
    const pagos = (
      await a.query<{ id: number }>(
        `select comprobante_id as id from pagos_documentos
          where enterprise_id = $1 and factura_id = $2 order by comprobante_id`,
        [e.enterpriseId, f.id],
      )
    ).rows.map((r) => r.id);
    expect(pagos).toHaveLength(2);
    // Both back to waiting for the PAC, then stamped by two transactions at the same moment: the
    // second waits for the first's balance row and adds to what the first left.
    for (const p of pagos) await status(a, e, p, 'sellada');
    expect((await porCobrar(e)).lista).toEqual([['0.00', '1160.00']]);
    await a.query('begin');
    await b.query('begin');
    await status(a, e, pagos[0]!, 'timbrada');
    const second = status(b, e, pagos[1]!, 'timbrada');
    await new Promise((r) => setTimeout(r, 200));
    await a.query('commit');
    await second;
    await b.query('commit');
    expect(await porCobrar(e)).toEqual({
      lista: [['700.00', '460.00']],
      inicio: { total: '460.00', facturas: 1 },
      facturado: 1160,
    });
    // A payment cancelled gives back its 400.00; the invoice cancelled leaves the receivables and
    // its month.
    await status(a, e, pagos[0]!, 'cancelada');
    expect((await porCobrar(e)).lista).toEqual([['300.00', '860.00']]);
    await status(a, e, f.id, 'cancelada');
    expect(await porCobrar(e)).toEqual({
      lista: [],
      inicio: { total: '0.00', facturas: 0 },
      facturado: 0,
    });
  });

  it('an invoice paid in full leaves the receivables', async () => {
    const e = await seedCobrador(t, 20);
    const f = await facturaPpd(t, e, { precio: '500.00' }); // 580.00
    const r = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 580));
    expect(r.statusCode, r.body).toBe(200);
    expect(await porCobrar(e)).toEqual({
      lista: [],
      inicio: { total: '0.00', facturas: 0 },
      facturado: 580,
    });
  });
});
