import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogos } from '@repo/catalogos';
import { createPac } from '../../pac/create-pac.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { facturaPpd, pagoBody, seedCobrador, V40 } from './complementos-pago.test-support.ts';

/** A payment's exchange rate against Banxico's, refused before a credit is spent (CRP20216). */
describe('exchange rate of a payment in dollars', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'pagos-fiscal-'));
  // 2026-01-21 12:00 in Zona Centro: a day whose Banxico FIX (17.4520) is in the committed history;
  // every date below (the invoice, the payment and its FechaPago, the sandbox PAC's clock) is that day.
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

  it('TipoCambioP far from the FIX of the payment day is refused on tipo_cambio with CRP20216’s reason; the day’s rate is stamped', async () => {
    const e = await seedCobrador(t, 3, now());
    const f = await facturaPpd(t, e, { moneda: 'USD', tipo_cambio: '17.45', precio: '100.00' });
    const antes = await getBalance(t.deps.db, e.enterpriseId);
    const lejos = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 116, { payment_date: '2026-01-21 10:00:00', tipo_cambio: '19.9' }),
    );
    expect(lejos.statusCode, lejos.body).toBe(422);
    expect(lejos.json().dataError.tipo_cambio[0]).toBe(
      'El tipo de cambio del pago 19.9 se aleja más del 5% del tipo de cambio de referencia del día del pago (FIX de Banxico del 2026-01-21: 17.452); el rango permitido es de 16.5794 a 18.3246.',
    );
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes);
    const cerca = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 116, { payment_date: '2026-01-21 10:00:00', tipo_cambio: '17.4520' }),
    );
    expect(cerca.statusCode, cerca.body).toBe(200);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
  });
});
