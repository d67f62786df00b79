import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPac } from '@repo/pac';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import { api, basico, seedFacturador } from './facturas.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function xmlDe(enterpriseId: number, id: number): Promise<string> {
  const row = await findComprobante(t.deps.db, enterpriseId, id);
  return row?.xml_timbrado ?? '';
}

function sat(xml: string) {
  return checkSat(xml, { tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem });
}

describe('POST /api/facturacion/V40/facturas-ingreso (create and stamp)', () => {
  it('stamps a PUE invoice: SAT-valid XML with its TFD, one credit spent, the folio taken', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const res = await api(t, e, 'POST', '/api/facturacion/V40/facturas-ingreso', draft());
    expect(res.statusCode, res.body).toBe(200);
    const { factura, user_total_remaining_credits } = res.json().data;
    expect(user_total_remaining_credits).toBe(2);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    expect(factura.status).toBe('timbrada');
    expect(factura.view_status).toBe('Timbrada');
    expect([factura.serie, factura.folio]).toEqual(['F', 1]);
    expect(factura.uuid).toMatch(/^[0-9A-F-]{36}$/);
    // 2 × 1500 = 3000, 10 % off = 2700, IVA 432 → 3132.
    expect(factura.cfdi.subtotal).toBe('3000.00');
    expect(factura.cfdi.descuento).toBe('300.00');
    expect(factura.total).toBe('3132.00');
    expect(factura.partidas[0]).toMatchObject({
      importe: '3000.00',
      descuento_monto: '300.00',
      importe_base: '2700.00',
      total: '3132.00',
    });
    const xml = await api(t, e, 'GET', `/api/facturacion/V40/facturas-ingreso/${factura.id}`);
    expect(xml.json().data.cfdi.timbre.uuid).toBe(factura.uuid);
    const stored = await xmlDe(e.enterpriseId, factura.id);
    expect(sat(stored).errors).toEqual([]);
  });
});
