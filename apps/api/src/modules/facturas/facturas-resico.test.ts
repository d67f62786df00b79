import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPac } from '@repo/pac';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import {
  RUBRO_RESICO_BIENES,
  RUBRO_RESICO_SERVICIOS,
} from '../enterprises/default-configuration.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import {
  api,
  crearCliente,
  crearProducto,
  seedFacturador,
  type Facturador,
} from './facturas.test-support.ts';

const V40 = '/api/facturacion/V40';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Rubro {
  id: number;
  name: string;
  impuestos_trasladados: { id: number }[];
  impuestos_retenidos: { id: number; tax_type: string; value: string | null }[];
}

/** A persona física that moves to RESICO in Mis datos fiscales, as the screen saves it. */
async function cambiaA626(e: Facturador) {
  const res = await api(t, e, 'PUT', `/api/datos-fiscales/${e.enterpriseId}`, {
    razon_social: 'MARIA LOPEZ HERNANDEZ',
    nombre_comercial: '',
    regimen_fiscal: '626',
    codigo_postal: '42501',
    estado: 'HID',
    municipio: '048',
    colonia: '',
    ciudad: '',
    calle: '',
    numero_exterior: '',
    numero_interior: '',
  });
  expect(res.statusCode, res.body).toBe(200);
  return ((await api(t, e, 'GET', '/api/rubros-impuestos')).json().data as Rubro[]).reduce(
    (m, r) => m.set(r.name, r),
    new Map<string, Rubro>(),
  );
}

describe('RESICO (626) persona física invoicing a persona moral: ISR withheld at 1.25 %', () => {
  it('refuses ISR 10 % naming 1.25 %, and stamps $5,000 + IVA with ISR $62.50 and total $5,204.17', async () => {
    const e = await seedFacturador(t, { credits: 1, tipo: 'fisica', regimen: '612' });
    const grupos = await cambiaA626(e);
    const servicios = grupos.get(RUBRO_RESICO_SERVICIOS);
    expect(servicios?.impuestos_retenidos.map((x) => `${x.tax_type} ${x.value}`).sort()).toEqual([
      'ISR 0.012500',
      'IVA 0.106666',
    ]);
    expect(grupos.get(RUBRO_RESICO_BIENES)?.impuestos_retenidos.map((x) => x.value)).toEqual([
      '0.012500',
    ]);
    const moral = await crearCliente(t, e, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '42501',
    });
    const productId = await crearProducto(t, e, { description: 'Asesoría contable' });
    const body = (trasladados: number[], retenidos: number[]) => ({
      client_id: moral,
      serie_id: e.serieId,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: productId,
          cantidad: '1',
          precio_unitario: '5000.00',
          impuestos_trasladados: trasladados,
          impuestos_retenidos: retenidos,
        },
      ],
    });

    // The 10 % group every account had (and keeps): refused before the PAC, nothing spent.
    const isr10 = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      body([e.taxes.iva16], [e.taxes.isrRetenido, e.taxes.ivaRetenido]),
    );
    expect(isr10.statusCode).toBe(400);
    expect(isr10.json()).toMatchObject({ success: false, persistentErrorMessage: true });
    expect(isr10.json().dataError).toMatch(/Régimen Simplificado de Confianza \(626\)/);
    expect(isr10.json().dataError).toMatch(/retiene el ISR al 1\.25%/);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);

    const res = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      body(
        servicios?.impuestos_trasladados.map((x) => x.id) ?? [],
        servicios?.impuestos_retenidos.map((x) => x.id) ?? [],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data.factura as FacturaDetail;
    const xml = (await findComprobante(t.deps.db, e.enterpriseId, f.id))?.xml_timbrado ?? '';
    if (process.env.CFDI_XML_DIR) writeFileSync(`${process.env.CFDI_XML_DIR}/resico.xml`, xml);
    const sat = checkSat(xml, { tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem });
    expect(sat.errors).toEqual([]);
    const c = parseComprobanteXml(xml);
    expect(c.Emisor.RegimenFiscal).toBe('626');
    // 5,000 + IVA 800 − ISR 62.50 (1.25 %) − IVA retenido 533.33 (two thirds).
    expect(c.Impuestos?.Retenciones).toEqual([
      { Impuesto: '002', Importe: '533.33' },
      { Impuesto: '001', Importe: '62.50' },
    ]);
    expect([c.SubTotal, c.Total, f.total]).toEqual(['5000.00', '5204.17', '5204.17']);
  });
});
