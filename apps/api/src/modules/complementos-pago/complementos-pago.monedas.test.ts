import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogos } from '@repo/catalogos';
import { createPac } from '../../pac/create-pac.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import {
  facturaPpd,
  pagoBody,
  satOk,
  seedCobrador,
  V40,
} from './complementos-pago.test-support.ts';

/**
 * One payment in MXN settling a MXN invoice and a USD invoice (Pagos 2.0: EquivalenciaDR per
 * DoctoRelacionado), the USD rate checked against Banxico's FIX of the payment day.
 */
describe('a payment in pesos of invoices in several currencies', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'pagos-monedas-'));
  // 2026-01-21 12:00 Zona Centro: Banxico FIX 17.4520 is in the committed history.
  const now = () => new Date('2026-01-21T18:00:00Z');
  beforeAll(async () => {
    const pac = createPac(
      { PAC: 'sandbox', DATA_DIR: dir, PAC_SANDBOX_CAS: '' } as Parameters<typeof createPac>[0],
      loadCatalogos(),
      { clock: now },
    );
    t = await buildTestApp({ now, pac });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stamps one Pago with a MXN and a USD DoctoRelacionado and leaves both balances right to the cent', async () => {
    const e = await seedCobrador(t, 5, now());
    const mxn = await facturaPpd(t, e, { precio: '1000.00' });
    const usd = await facturaPpd(t, e, { moneda: 'USD', tipo_cambio: '17.45', precio: '100.00' });
    expect([mxn.total, usd.total]).toEqual(['1160.00', '116.00']);
    const antes = await getBalance(t.deps.db, e.enterpriseId);
    const body = (over: object) =>
      pagoBody(e, mxn.id, 1160 + 1745.2, {
        payment_date: '2026-01-21 10:00:00',
        moneda_p: 'MXN',
        documentos: [
          { factura_id: mxn.id, importe_pagado: 1160 },
          { factura_id: usd.id, importe_pagado: 1745.2 },
        ],
        ...over,
      });

    // Without the dollar's rate, or with one far from the FIX: refused, nothing spent.
    const sin = await api(t, e, 'POST', `${V40}/complemento-pago`, body({}));
    expect(sin.statusCode, sin.body).toBe(422);
    expect(sin.json().dataError['tipos_cambio.USD']).toEqual([
      'Indique el tipo de cambio del día del pago (pesos mexicanos por USD).',
    ]);
    const lejos = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      body({
        payment_amount: 3660,
        tipos_cambio: { USD: '25' },
        documentos: [
          { factura_id: mxn.id, importe_pagado: 1160 },
          { factura_id: usd.id, importe_pagado: 2500 },
        ],
      }),
    );
    expect(lejos.statusCode, lejos.body).toBe(422);
    expect(lejos.json().dataError).toEqual({
      'tipos_cambio.USD': [
        'El tipo de cambio del pago (EquivalenciaDR 0.04) 25 se aleja más del 5% del tipo de cambio de referencia (FIX de Banxico del 21/01/2026: 17.4520 pesos por USD); el SAT admite de 16.5794 a 18.3246.',
      ],
    });
    // A payment in dollars cannot carry the peso invoice.
    const enUsd = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, usd.id, 216, {
        payment_date: '2026-01-21 10:00:00',
        tipo_cambio: '17.452',
        documentos: [
          { factura_id: usd.id, importe_pagado: 116 },
          { factura_id: mxn.id, importe_pagado: 100 },
        ],
      }),
    );
    expect(enUsd.statusCode, enUsd.body).toBe(422);
    expect(enUsd.json().dataError.documentos).toEqual([
      'Un pago de facturas en distintas monedas se registra en pesos mexicanos (MXN), con el tipo de cambio de cada moneda.',
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes);

    const res = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      body({ tipos_cambio: { USD: '17.452' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
    const pago = (await satOk(t, e.enterpriseId, res.json().data.data.id)).Complemento!.Pagos!
      .Pago[0]!;
    expect(pago).toMatchObject({ MonedaP: 'MXN', TipoCambioP: '1', Monto: '2905.20' });
    expect(pago.DoctoRelacionado.map((d) => [d.MonedaDR, d.EquivalenciaDR, d.ImpPagado])).toEqual([
      ['MXN', '1', '1160.00'],
      ['USD', '0.0573000229', '100.00'],
    ]);
    expect(pago.DoctoRelacionado.map((d) => [d.ImpSaldoAnt, d.ImpSaldoInsoluto])).toEqual([
      ['1160.00', '0.00'],
      ['116.00', '16.00'],
    ]);
    const saldoDe = async (id: number) =>
      (await api(t, e, 'GET', `${V40}/complemento-pago/${id}`)).json().data.saldo;
    expect(await saldoDe(mxn.id)).toMatchObject({ moneda: 'MXN', saldo: '0.00' });
    expect(await saldoDe(usd.id)).toMatchObject({
      moneda: 'USD',
      pagado: '100.00',
      saldo: '16.00',
    });
  });
});
