import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import {
  facturaPpd,
  pagoBody,
  seedCobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { api, basico, seedFacturador } from './facturas.test-support.ts';

// Retries of a stamping request whose answer never reached the user: the same document comes back,
// nothing is stamped or charged twice.
const V40 = '/api/facturacion/V40';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('stamping retries', () => {
  it.each([
    ['with edited data', 'timbrar', true],
    ['with its own data', 'timbrar-with-pre-factura-original-data', false],
  ])(
    'retrying a pre-invoice stamp %s whose answer was lost returns the stamped invoice',
    async (_case, action, withBody) => {
      const e = await seedFacturador(t, { credits: 3 });
      const { draft } = await basico(t, e);
      const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
      const url = `${V40}/pre-facturas-ingreso/${pre.id}/${action}`;
      const first = await api(t, e, 'POST', url, withBody ? draft() : undefined);
      expect(first.statusCode, first.body).toBe(200);
      // The user never saw that answer and clicks again, five times.
      for (let i = 0; i < 5; i++) {
        const retry = await api(t, e, 'POST', url, withBody ? draft() : undefined);
        expect(retry.statusCode, retry.body).toBe(200);
        expect(retry.json().data.factura.id).toBe(first.json().data.factura.id);
        expect(retry.json().data.factura.uuid).toBe(first.json().data.factura.uuid);
        expect(retry.json().data.user_total_remaining_credits).toBe(2);
      }
    },
  );

  it('a double click at zero balance answers the stamped invoice twice, never "Créditos insuficientes"', async () => {
    for (let vuelta = 0; vuelta < 2; vuelta++) {
      // A pre-invoice, its stamp button clicked twice with the last credit.
      const e = await seedFacturador(t, { credits: 1 });
      const { draft } = await basico(t, e);
      const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
      const url = `${V40}/pre-facturas-ingreso/${pre.id}/timbrar-with-pre-factura-original-data`;
      const [a, b] = await Promise.all([api(t, e, 'POST', url), api(t, e, 'POST', url)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().data.factura.uuid).toBe(a.json().data.factura.uuid);
      expect(b.json().data.user_total_remaining_credits).toBe(0);

      // A form sent twice with one Idempotency-Key and the last credit.
      const f = await seedFacturador(t, { credits: 1 });
      const form = await basico(t, f);
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `${V40}/facturas-ingreso`,
          headers: { ...f.headers, 'idempotency-key': `doble-clic-${f.enterpriseId}` },
          payload: form.draft() as unknown as Record<string, unknown>,
        });
      const [c, d] = await Promise.all([send(), send()]);
      expect(c.statusCode, c.body).toBe(200);
      expect(d.statusCode, d.body).toBe(200);
      expect(d.json().data.factura.uuid).toBe(c.json().data.factura.uuid);
    }
  });

  it('create-and-stamp takes the Idempotency-Key header as it takes the body field', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `${V40}/facturas-ingreso`,
        headers: { ...e.headers, 'idempotency-key': key },
        payload: draft() as unknown as Record<string, unknown>,
      });
    const first = await send('compra-0001-abc');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('compra-0001-abc');
    expect(again.json().data.factura.id).toBe(first.json().data.factura.id);
    expect(again.json().data.user_total_remaining_credits).toBe(2);
    // The body field still works, and is the same key space.
    const body = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      ...draft(),
      idempotency_key: 'compra-0001-abc',
    });
    expect(body.json().data.factura.id).toBe(first.json().data.factura.id);
    const short = await send('corta');
    expect(short.statusCode).toBe(422);
    expect(short.json().dataError).toEqual({
      'idempotency-key': ['La clave de idempotencia debe tener entre 8 y 100 caracteres.'],
    });
  });

  it('a payment complement takes the Idempotency-Key header as it takes the body field', async () => {
    const e = await seedCobrador(t, 4);
    const factura = await facturaPpd(t, e);
    const send = (headers: Record<string, string>, over = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${V40}/complemento-pago`,
        headers: { ...e.headers, ...headers },
        payload: pagoBody(e, factura.id, 100, over) as unknown as Record<string, unknown>,
      });
    const first = await send({ 'idempotency-key': 'pago-0001-abc' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send({ 'idempotency-key': 'pago-0001-abc' });
    expect(again.json().data.data.id).toBe(first.json().data.data.id);
    const body = await send({}, { idempotency_key: 'pago-0001-abc' });
    expect(body.json().data.data.id).toBe(first.json().data.data.id);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
  });

  it('documents the header on every stamping POST of the OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/facturacion/V40/facturas-ingreso',
      '/api/facturacion/V40/pre-facturas-ingreso/{id}/timbrar',
      '/api/facturacion/V40/pre-facturas-ingreso/{id}/timbrar-with-pre-factura-original-data',
      '/api/facturacion/V40/complemento-pago',
      '/api/facturacion/V40/facturas-globales',
    ]) {
      const params = doc.paths[path].post.parameters as Array<{ in: string; name: string }>;
      expect(params).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
    }
  });
});
