import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@repo/cfdi/decimal';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { V40, facturaPpd, pagoBody, seedCobrador } from './complementos-pago.test-support.ts';

// PostgreSQL only: PGlite has a single connection, so it cannot show requests racing.
describe.runIf(process.env.TEST_DATABASE_URL)('payment complements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('8 concurrent payments of 400.00 on an invoice of 1160.00: 2 stamped, 6 refused, never overpaid', async () => {
    const e = await seedCobrador(t, 20);
    const f = await facturaPpd(t, e);
    const creditos = await getBalance(t.deps.db, e.enterpriseId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 400)),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(2);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().dataError.payment_amount[0]).toMatch(/mayor que el saldo de la factura/);
    }
    // One credit per stamped complement, none for the refused ones.
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(creditos - 2);
    const list = (await api(t, e, 'GET', `${V40}/complemento-pago/${f.id}`)).json().data;
    expect(list.saldo).toMatchObject({ pagado: '800.00', saldo: '360.00' });
    // Parcialidades 1 and 2, each starting from the balance the other left.
    const docs = list.data
      .map(
        (p: {
          documento_relacionado: { num_parcialidad: number; importe_saldo_anterior: string };
        }) => [
          p.documento_relacionado.num_parcialidad,
          p.documento_relacionado.importe_saldo_anterior,
        ],
      )
      .sort((a: [number], b: [number]) => a[0] - b[0]);
    expect(docs).toEqual([
      [1, '1160.00'],
      [2, '760.00'],
    ]);
    const sum = list.data.reduce(
      (s: Decimal, p: { documento_relacionado: { importe_pagado: string } }) =>
        s.plus(p.documento_relacionado.importe_pagado),
      new Decimal(0),
    );
    expect(sum.lessThanOrEqualTo(f.total)).toBe(true);
  });
});
