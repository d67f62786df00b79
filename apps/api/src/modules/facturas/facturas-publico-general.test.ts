import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPac } from '@repo/pac';
import { MENSAJE_CP01_FUERA_DE_PAGOS } from '@repo/cfdi/validacion';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import { api, basico, crearCliente, seedFacturador } from './facturas.test-support.ts';

const V40 = '/api/facturacion/V40';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('an ordinary invoice to the público en general (XAXX010101000): nothing changes unannounced', () => {
  it('refuses uso G03 naming S01; with S01 it stamps and the answer says the CP is the place of issue and why', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft, productId } = await basico(t, e);
    const juan = await crearCliente(t, e, {
      name_razon_social: 'JUAN PEREZ',
      rfc: 'XAXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
      codigo_postal: '06300',
    });
    const body = (uso_cfdi: string) =>
      draft({
        client_id: juan,
        uso_cfdi,
        partidas: [
          {
            product_service_id: productId,
            cantidad: '1',
            precio_unitario: '100.00',
            impuestos_trasladados: [e.taxes.iva16],
          },
        ],
      });

    const g03 = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body('G03'));
    expect(g03.statusCode).toBe(422);
    expect(g03.json().dataError.uso_cfdi).toEqual([
      'Para el RFC genérico XAXX010101000 el uso del CFDI debe ser S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura no se emitió con G03: elija S01.',
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);

    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body('S01'));
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data.factura as FacturaDetail;
    expect(f.avisos).toEqual([
      'Para el RFC genérico XAXX010101000 (público en general) el SAT pide que la factura lleve como domicilio fiscal del receptor el código postal del lugar de expedición (42501), el régimen fiscal 616 (Sin obligaciones fiscales) y el uso del CFDI S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura se emitirá con esos datos. El código postal 06300 del cliente no se usa en la factura.',
    ]);
    const xml = (await findComprobante(t.deps.db, e.enterpriseId, f.id))?.xml_timbrado ?? '';
    if (process.env.CFDI_XML_DIR)
      writeFileSync(`${process.env.CFDI_XML_DIR}/publico-general.xml`, xml);
    const sat = checkSat(xml, { tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem });
    expect(sat.errors).toEqual([]);
    const c = parseComprobanteXml(xml);
    expect(c.InformacionGlobal).toBeUndefined();
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'JUAN PEREZ',
      DomicilioFiscalReceptor: '42501',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    // The invoice to an ordinary client carries no notice.
    const otra = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    expect(otra.statusCode, otra.body).toBe(200);
    const detalle = await api(t, e, 'GET', `${V40}/facturas-ingreso/${otra.json().data.id}`);
    expect(detalle.json().data.avisos).toEqual([]);
  });

  it('refuses CP01 (Pagos) on an ordinary invoice, saved or stamped, with the reason', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    for (const url of [`${V40}/facturas-ingreso`, `${V40}/pre-facturas-ingreso`]) {
      const res = await api(t, e, 'POST', url, draft({ uso_cfdi: 'CP01' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().dataError.uso_cfdi).toEqual([MENSAJE_CP01_FUERA_DE_PAGOS]);
    }
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });
});
