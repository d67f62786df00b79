import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { api, basico, seedFacturador } from '../facturas/facturas.test-support.ts';
import {
  V40 as V40_PAGOS,
  facturaPpd,
  pagoBody,
  seedCobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { ultimosDoceMeses } from './inicio.service.ts';

const V40 = '/api/facturacion/V40';

describe('ultimosDoceMeses', () => {
  it('ends at the month of Mexico City, across a year boundary', () => {
    // 2027-01-01 03:00 UTC is still 31 December 2026 in Mexico City.
    const meses = ultimosDoceMeses(new Date('2027-01-01T03:00:00Z'));
    expect(meses).toHaveLength(12);
    expect(meses[0]).toBe('2026-01');
    expect(meses[11]).toBe('2026-12');
    expect(ultimosDoceMeses(new Date('2027-02-15T12:00:00Z')).slice(-3)).toEqual([
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });
});

describe('GET /api/inicio/resumen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("adds up the month's stamped invoices, the PPD still owed, cancellations in process and the latest", async () => {
    const e = await seedFacturador(t, { credits: 5 });
    const { draft } = await basico(t, e);
    const vacio = await api(t, e, 'GET', '/api/inicio/resumen');
    expect(vacio.statusCode).toBe(200);
    expect(vacio.json().data).toMatchObject({
      por_cobrar: { total: '0.00', facturas: 0 },
      cancelaciones_en_proceso: 0,
      recientes: [],
    });
    expect(vacio.json().data.meses.every((m: { total: string }) => m.total === '0.00')).toBe(true);

    // 3,132.00 PUE, 3,132.00 PPD, and a pre-invoice that adds nothing.
    const pue = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft());
    expect(pue.statusCode, pue.body).toBe(200);
    const ppd = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      draft({ metodo_pago: 'PPD', forma_pago: '99' }),
    );
    expect(ppd.statusCode, ppd.body).toBe(200);
    const pre = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    expect(pre.statusCode, pre.body).toBe(200);
    // The PUE one is being cancelled (waiting for the receiver).
    await t.deps.db
      .update(comprobantes)
      .set({ estatus_cancelacion: 'En proceso' })
      .where(
        and(
          eq(comprobantes.enterprise_id, e.enterpriseId),
          eq(comprobantes.id, pue.json().data.factura.id),
        ),
      );

    const res = await api(t, e, 'GET', '/api/inicio/resumen');
    const data = res.json().data;
    const esteMes = ultimosDoceMeses(new Date()).at(-1);
    expect(data.meses).toHaveLength(12);
    expect(data.meses.at(-1)).toEqual({ mes: esteMes, total: '6264.00', facturas: 2 });
    expect(data.por_cobrar).toEqual({ total: '3132.00', facturas: 1 });
    expect(data.cancelaciones_en_proceso).toBe(1);
    expect(data.recientes.map((r: { status: string }) => r.status)).toEqual([
      'pre_factura',
      'timbrada',
      'timbrada',
    ]);
    expect(data.recientes[1]).toMatchObject({
      serie: 'F',
      folio: 2,
      total: '3132.00',
      moneda: 'MXN',
    });

    // Another enterprise sees only its own.
    const otra = await seedFacturador(t, { credits: 1 });
    expect((await api(t, otra, 'GET', '/api/inicio/resumen')).json().data.recientes).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/inicio/resumen' })).statusCode).toBe(
      401,
    );
  });

  it('Por cobrar (PPD) adds up what each PPD invoice still owes: stamped payments count, cancelled ones give it back', async () => {
    const e = await seedCobrador(t, 10);
    const a = await facturaPpd(t, e, { precio: '1000.00' });
    const b = await facturaPpd(t, e, { precio: '500.00' });
    expect([a.total, b.total]).toEqual(['1160.00', '580.00']);
    const porCobrar = async () =>
      (await api(t, e, 'GET', '/api/inicio/resumen')).json().data.por_cobrar;
    expect(await porCobrar()).toEqual({ total: '1740.00', facturas: 2 });

    const pago = async (facturaId: number, monto: number) => {
      const res = await api(
        t,
        e,
        'POST',
        `${V40_PAGOS}/complemento-pago`,
        pagoBody(e, facturaId, monto),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.data.id as number;
    };
    const primero = await pago(a.id, 400.5);
    expect(await porCobrar()).toEqual({ total: '1339.50', facturas: 2 });
    // B paid in full: it no longer counts as an invoice to collect.
    await pago(b.id, 580);
    expect(await porCobrar()).toEqual({ total: '759.50', facturas: 1 });

    const cancel = await api(t, e, 'POST', `${V40_PAGOS}/complemento-pago/${primero}/cancelar`, {
      motivo: '02',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await porCobrar()).toEqual({ total: '1160.00', facturas: 1 });
  });
});
