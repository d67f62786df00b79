import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkSat } from '@repo/cfdi/check-sat';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { FacturaGlobalResponse } from '@repo/contracts/facturas-globales';
import type { SandboxPac } from '@repo/pac';
import { enterprises } from '../../db/schema/enterprises.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import { createRubro } from '../rubros-impuestos/rubro-guardado.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import {
  GLOBALES,
  appConReloj,
  reloj,
  seedTienda,
  solicitud,
} from './facturas-globales.test-support.ts';

// 1 February 2026, 08:00 in Tijuana (CP 22000, Tiempo del Noroeste en Frontera): January is due.
const clock = reloj('2026-02-01T16:00:00Z');
let t: Awaited<ReturnType<typeof appConReloj>>;

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t?.cerrar();
});

describe('global invoice from the border region', () => {
  it('stamps IVA 8 % on 01010101, as the SAT allows in the global to the público en general, and passes the SAT checks', async () => {
    const e = await seedTienda(t, clock, { credits: 1 });
    // The shop issues from Tijuana, a postal code with c_CodigoPostal's border-stimulus mark.
    await t.deps.db
      .update(enterprises)
      .set({ codigo_postal: '22000', estado: 'BCN' })
      .where(eq(enterprises.id, e.enterpriseId));
    const iva8 = (await getImpuestos(t.deps.db, e.enterpriseId, 'trasladado')).find(
      (x) => x.tax_type === 'IVA' && x.value === '0.080000',
    );
    expect(iva8).toBeDefined();
    const grupo = await createRubro(t.deps.db, e.enterpriseId, {
      name: 'IVA 8% región fronteriza',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva8?.id ?? 0, selected: true }],
      impuestos_retenidos: [],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });
    const partidas = [
      { folioVenta: 'T-00001', grupoImpuestosId: grupo.id, subtotal: '1000.00' },
      { folioVenta: 'T-00002', grupoImpuestosId: grupo.id, subtotal: '250.50' },
      { folioVenta: 'T-00003', grupoImpuestosId: e.grupos.exento, subtotal: '99.90' },
    ];
    const res = await api(t, e, 'POST', GLOBALES, solicitud(e, { partidas }));
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as FacturaGlobalResponse;
    expect(g.status).toBe('timbrada');

    const xml = await api(t, e, 'GET', `/api/comprobantes/v40/${g.id}/get-invoice-xml`);
    expect(xml.statusCode).toBe(200);
    if (process.env.CFDI_XML_DIR)
      writeFileSync(`${process.env.CFDI_XML_DIR}/global-frontera.xml`, xml.body);
    const sat = checkSat(xml.body, {
      tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem,
    });
    expect(sat.errors).toEqual([]);
    const c = parseComprobanteXml(xml.body);
    expect(c.LugarExpedicion).toBe('22000');
    expect(c.Receptor.DomicilioFiscalReceptor).toBe('22000');
    expect(c.Conceptos.map((k) => k.ClaveProdServ)).toEqual(['01010101', '01010101', '01010101']);
    // 1,250.50 at 8 % = 100.04; the exempt sale adds no IVA.
    expect(c.Impuestos?.Traslados?.find((x) => x.TasaOCuota === '0.080000')).toMatchObject({
      Base: '1250.50',
      Importe: '100.04',
    });
    expect(c.Total).toBe('1450.44');
  });
});
