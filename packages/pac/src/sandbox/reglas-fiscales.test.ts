import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistorialTipoCambio } from '@repo/cfdi/tipo-cambio';
import { catalogosDePrueba } from '../../../cfdi/test/catalogos-de-prueba.ts';
import { PacRechazoError } from '../errors.ts';
import { impuestosDeDocumento } from '@repo/cfdi/calc';
import { readCertificado } from '@repo/cfdi/csd';
import { firmarComprobante } from '@repo/cfdi/sello';
import { buildPago, fechaLocal, parseComprobanteXml } from '@repo/cfdi/xml';
import { cfdiSellado, csdEku, EKU, ingresoDraft } from '../../test/cfdi-de-prueba.ts';
import { SandboxPac } from './sandbox-pac.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-fiscal-'));
const AHORA = new Date('2026-01-21T18:00:00Z'); // 12:00 Zona Centro, a day with a published FIX
const historial = new HistorialTipoCambio([
  { moneda: 'USD', serie: 'SF43718', fecha: '2026-01-21', valor: '17.4520' },
]);
const pac = new SandboxPac({
  dataDir,
  catalogos: catalogosDePrueba,
  clock: () => AHORA,
  validarEsquema: false,
  tiposDeCambio: { referencia: async (m, d) => historial.referencia(m, d) },
});

async function rechazo(xml: string): Promise<PacRechazoError> {
  try {
    await pac.timbrar(xml, { idempotencyKey: xml.slice(-40) });
  } catch (e) {
    if (e instanceof PacRechazoError) return e;
    throw e;
  }
  throw new Error('se esperaba un rechazo');
}

const IVA = (tasa: string) =>
  [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: tasa }] as const;

describe('the sandbox PAC refuses what a real PAC refuses', () => {
  it('USD with TipoCambio 1 → CFDI40118; the day’s FIX is stamped', async () => {
    const usd = (tipoCambio: string) =>
      cfdiSellado(AHORA, { draft: ingresoDraft({ moneda: 'USD', tipoCambio }) });
    const e = await rechazo(usd('1'));
    expect(e.codigo).toBe('CFDI40118');
    expect(e.message).toMatch(/^CFDI40118 - Cuando el valor del campo TipoCambio/);
    expect(e.incidencias[0]).toMatchObject({ codigo: 'CFDI40118', ruta: 'TipoCambio' });
    const t = await pac.timbrar(usd('17.4520'), { idempotencyKey: 'usd-ok' });
    expect(t.codigo).toBe('200');
  });

  it('months after the newest reference it knows, USD at 1 or 1,000 → CFDI40118; a plausible rate is stamped', async () => {
    // No rate of the day (no Banxico token, the history ends in January): as a real PAC, which has
    // the day's rate, the sandbox refuses what no day's rate could make acceptable.
    const despues = new Date('2026-11-24T18:00:00Z');
    const sinToken = new SandboxPac({
      dataDir: mkdtempSync(join(tmpdir(), 'sandbox-fiscal-antiguo-')),
      catalogos: catalogosDePrueba,
      clock: () => despues,
      validarEsquema: false,
      tiposDeCambio: { referencia: async (m, d) => historial.ultima(m, d) },
    });
    const usd = (tipoCambio: string) =>
      cfdiSellado(despues, { draft: ingresoDraft({ moneda: 'USD', tipoCambio }) });
    for (const tc of ['1', '1000']) {
      const e = await sinToken.timbrar(usd(tc), { idempotencyKey: `usd-${tc}` }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(PacRechazoError);
      expect((e as PacRechazoError).codigo).toBe('CFDI40118');
      expect((e as PacRechazoError).incidencias[0]?.mensaje).toContain(
        'el tipo de cambio de referencia más reciente es del 21/01/2026',
      );
    }
    expect((await sinToken.timbrar(usd('18.4207'), { idempotencyKey: 'usd-ok' })).codigo).toBe(
      '200',
    );
  });

  it('IVA 8 % from a postal code outside the border region → CFDI40179 on the rate; from Tijuana it is stamped', async () => {
    const concepto = { ...ingresoDraft().conceptos[0]!, claveProdServ: '50202306' };
    const fuera = cfdiSellado(AHORA, {
      draft: ingresoDraft({ conceptos: [{ ...concepto, impuestos: [...IVA('0.08')] }] }),
    });
    const e = await rechazo(fuera);
    expect(e.codigo).toBe('CFDI40179');
    expect(e.incidencias[0]?.ruta).toBe('Conceptos[0].Impuestos.Traslados[0].TasaOCuota');
    expect(e.incidencias[0]?.mensaje).toMatch(/región fronteriza/);
    const tijuana = cfdiSellado(AHORA, {
      draft: ingresoDraft({
        lugarExpedicion: '22000',
        conceptos: [{ ...concepto, impuestos: [...IVA('0.08')] }],
      }),
    });
    expect((await pac.timbrar(tijuana, { idempotencyKey: 'tijuana' })).codigo).toBe('200');
  });

  it('a payment in USD with TipoCambioP 1 → CRP20216; at the FIX of its payment day it is stamped', async () => {
    const factura = await pac.timbrar(
      cfdiSellado(AHORA, {
        draft: ingresoDraft({
          moneda: 'USD',
          tipoCambio: '17.4520',
          metodoPago: 'PPD',
          formaPago: '99',
        }),
      }),
      { idempotencyKey: 'ppd-usd' },
    );
    const f = parseComprobanteXml(factura.xml);
    const fecha = fechaLocal(AHORA, 'America/Mexico_City');
    const pago = (tipoCambioP: string) => {
      const r = buildPago(
        {
          lugarExpedicion: '42501',
          emisor: { ...EKU, regimenFiscal: '601' },
          receptor: {
            rfc: 'CACX7605101P8',
            nombre: 'XOCHILT CASAS CHAVEZ',
            domicilioFiscalReceptor: '10740',
            regimenFiscalReceptor: '612',
          },
          pago: {
            fechaPago: fecha,
            formaDePagoP: '03',
            monedaP: 'USD',
            tipoCambioP,
            documentos: [
              {
                IdDocumento: factura.uuid,
                MonedaDR: 'USD',
                NumParcialidad: 1,
                totalDocumento: f.Total,
                pagadoAnterior: '0',
                ImpPagado: f.Total,
                impuestos: impuestosDeDocumento(
                  f.Conceptos.map((c) => ({ Traslados: c.Impuestos?.Traslados ?? [] })),
                ),
              },
            ],
          },
        },
        { fecha },
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errores));
      return firmarComprobante(r.comprobante, {
        certificado: readCertificado(csdEku().cer),
        llave: csdEku().llave,
      }).xml;
    };
    const e = await rechazo(pago('1'));
    expect(e.codigo).toBe('CRP20216');
    expect(e.incidencias[0]).toMatchObject({
      codigo: 'CRP20216',
      ruta: 'Complemento.Pagos.Pago[0].TipoCambioP',
    });
    expect(e.incidencias[0]?.mensaje).toMatch(
      /FIX de Banxico del 21\/01\/2026: 17\.4520 pesos por USD/,
    );
    expect((await pac.timbrar(pago('17.4520'), { idempotencyKey: 'pago-usd' })).codigo).toBe('200');
  });
});
