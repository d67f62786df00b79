import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogos } from '@repo/catalogos';
import { createPac } from '../../pac/create-pac.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import type { FacturaDetail } from '@repo/contracts/facturas';
import {
  facturaPpd,
  pagoBody,
  satOk,
  seedCobrador,
  V40,
} from './complementos-pago.test-support.ts';

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
      'El tipo de cambio del pago 19.9 se aleja más del 5% del tipo de cambio de referencia (FIX de Banxico del 21/01/2026: 17.4520 pesos por USD); el SAT admite de 16.5794 a 18.3246.',
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

/**
 * A payment whose share of every tax group of the invoice rounds to no base would carry no
 * ImpuestosDR, which the SAT refuses (CRP20246): it is refused before a credit is spent, in words,
 * with the least amount that carries them, and that amount is stamped.
 */
describe('a payment too small to carry its share of the taxes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('one cent of an invoice of 216.00 (100.00 at IVA 16 %, 100.00 exempt) is refused; the 0.02 it names is stamped', async () => {
    const e = await seedCobrador(t, 5);
    const partida = (impuesto: number) => ({
      product_service_id: e.productId,
      cantidad: '1',
      precio_unitario: '100.00',
      descuento: '0',
      impuestos_trasladados: [impuesto],
      impuestos_retenidos: [],
    });
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      client_id: e.clientId,
      serie_id: e.serieId,
      forma_pago: '99',
      metodo_pago: 'PPD',
      uso_cfdi: 'G03',
      partidas: [partida(e.taxes.iva16), partida(e.taxes.ivaExento)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data.factura as FacturaDetail;
    expect(f.total).toBe('216.00');
    const antes = await getBalance(t.deps.db, e.enterpriseId);

    const centavo = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 0.01));
    expect(centavo.statusCode, centavo.body).toBe(422);
    expect(centavo.json().dataError.payment_amount).toEqual([
      `El importe aplicado a la factura ${f.serie}-${f.folio} es tan pequeño que su parte de los impuestos no llega a un centavo, y el SAT no acepta el pago de una factura con impuestos sin ellos. Aplique al menos $ 0.02 MXN.`,
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes);

    const minimo = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 0.02));
    expect(minimo.statusCode, minimo.body).toBe(200);
    const dr = (await satOk(t, e.enterpriseId, minimo.json().data.data.id)).Complemento!.Pagos!
      .Pago[0]!.DoctoRelacionado[0]!;
    expect(dr.ImpPagado).toBe('0.02');
    expect(dr.ImpuestosDR?.TrasladosDR?.map((l) => [l.TipoFactorDR, l.BaseDR])).toEqual([
      ['Tasa', '0.01'],
      ['Exento', '0.01'],
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
  });
});
