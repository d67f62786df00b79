import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_TIPO_CAMBIO_MXN } from '@repo/cfdi/xml';
import { sellosFiscales } from '../../db/schema/sellos-fiscales.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api, basico, seedFacturador } from './facturas.test-support.ts';

const V40 = '/api/facturacion/V40';

/** Fiscal rules a real PAC enforces, refused before a credit is spent (issue 14). */
describe('exchange rates of an income invoice', () => {
  let t: TestApp;
  // 2026-01-21 12:00 in Zona Centro: a day whose Banxico FIX (17.4520) is in the committed history.
  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date('2026-01-21T18:00:00Z') });
  });
  afterAll(() => t.close());

  it('USD with TipoCambio 1 is refused on tipo_cambio with CFDI40118’s reason; nothing is spent', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft } = await basico(t, e);
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      ...draft({ moneda: 'USD', tipo_cambio: '1' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.tipo_cambio[0]).toMatch(
      /^Cuando el valor del campo TipoCambio se encuentre fuera de los límites establecidos, debe existir el campo Confirmacion\. .*\(FIX de Banxico del 21\/01\/2026: 17\.4520 pesos por USD\); el SAT admite de 16\.5794 a 18\.3246\.$/,
    );
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
  });

  it('an exchange rate sent with MXN is a field error, not dropped', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      ...draft({ moneda: 'MXN', tipo_cambio: '17.45' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.tipo_cambio).toEqual([MENSAJE_TIPO_CAMBIO_MXN]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });
});

describe('a stamped pre-invoice keeps its link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET of the pre-invoice’s old id answers the stamped invoice, with its new id', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    const pre = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    expect(pre.statusCode, pre.body).toBe(200);
    const preId = pre.json().data.id as number;
    const stamped = await api(
      t,
      e,
      'POST',
      `${V40}/pre-facturas-ingreso/${preId}/timbrar-with-pre-factura-original-data`,
      {},
    );
    expect(stamped.statusCode, stamped.body).toBe(200);
    const nuevoId = stamped.json().data.factura.id as number;
    expect(nuevoId).not.toBe(preId);
    const viejo = await api(t, e, 'GET', `${V40}/facturas-ingreso/${preId}`);
    expect(viejo.statusCode).toBe(200);
    expect(viejo.json().data).toMatchObject({ id: nuevoId, status: 'timbrada' });
    // Another enterprise's id, or one that never existed, is still not found.
    const otra = await seedFacturador(t, { credits: 0 });
    expect((await api(t, otra, 'GET', `${V40}/facturas-ingreso/${preId}`)).statusCode).toBe(404);
  });
});

describe('Fecha against the CSD validity', () => {
  let t: TestApp;
  const AHORA = new Date('2026-11-24T18:00:00Z'); // 12:00 in Zona Centro
  beforeAll(async () => {
    t = await buildTestApp({ now: () => AHORA });
  });
  afterAll(() => t.close());

  it('a day back before the CSD was issued is refused on fecha with the reason (no PAC 305 later)', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    // The CSD on file starts yesterday at 09:00 Zona Centro.
    await t.deps.db
      .update(sellosFiscales)
      .set({ initial_date: new Date('2026-11-23T15:00:00Z') })
      .where(eq(sellosFiscales.enterprise_id, e.enterpriseId));
    const { draft } = await basico(t, e);
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft({ fecha: '2026-11-22' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.fecha).toEqual([
      'La fecha de la factura (2026-11-22 12:00:00) es anterior al inicio de la vigencia de sus sellos digitales (2026-11-23 09:00:00): el PAC la rechazaría (305). Elija una fecha desde ese día.',
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });
});
