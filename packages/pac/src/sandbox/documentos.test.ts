import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { impuestosDeDocumento } from '@repo/cfdi/calc';
import { readCertificado } from '@repo/cfdi/csd';
import { firmarComprobante } from '@repo/cfdi/sello';
import { buildGlobal, buildPago, fechaLocal, parseComprobanteXml } from '@repo/cfdi/xml';
import { buildNotaCredito } from '@repo/cfdi/xml/build-nota-credito';
import { checkSat } from '../../../cfdi/test/check-sat.ts';
import { catalogosDePrueba } from '../../../cfdi/test/catalogos-de-prueba.ts';
import { cfdiSellado, csdEku, EKU, ingresoDraft } from '../../test/cfdi-de-prueba.ts';
import { SandboxPac } from './sandbox-pac.ts';

const AHORA = new Date('2026-03-02T16:00:00Z');
const FECHA = fechaLocal(AHORA, 'America/Mexico_City');

describe('SandboxPac stamps every document type the engine builds', () => {
  const pac = new SandboxPac({
    dataDir: mkdtempSync(join(tmpdir(), 'sandbox-docs-')),
    catalogos: catalogosDePrueba,
    clock: () => AHORA,
  });
  const sellar = (c: Parameters<typeof firmarComprobante>[0]) =>
    firmarComprobante(c, { certificado: readCertificado(csdEku().cer), llave: csdEku().llave }).xml;

  it('a PPD invoice and its CFDI de pago (Pagos 2.0): both pass the SAT checks with the TFD, and the payment blocks cancelling the invoice', async () => {
    const factura = await pac.timbrar(
      cfdiSellado(AHORA, { draft: ingresoDraft({ metodoPago: 'PPD', formaPago: '99' }) }),
      { idempotencyKey: 'ppd' },
    );
    const f = parseComprobanteXml(factura.xml);
    const r = buildPago(
      {
        serie: 'P',
        folio: '1',
        lugarExpedicion: '42501',
        emisor: { ...EKU, regimenFiscal: '601' },
        receptor: {
          rfc: 'CACX7605101P8',
          nombre: 'XOCHILT CASAS CHAVEZ',
          domicilioFiscalReceptor: '10740',
          regimenFiscalReceptor: '612',
        },
        pago: {
          fechaPago: FECHA,
          formaDePagoP: '03',
          monedaP: 'MXN',
          documentos: [
            {
              IdDocumento: factura.uuid,
              MonedaDR: 'MXN',
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
      { fecha: FECHA },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const pago = await pac.timbrar(sellar(r.comprobante), { idempotencyKey: 'pago' });
    const cert = { tfdCertificado: pac.certificado().der };
    expect(checkSat(factura.xml, cert).errors).toEqual([]);
    expect(checkSat(pago.xml, cert).errors).toEqual([]);
    const estado = await pac.consultarEstado({
      uuid: factura.uuid,
      rfcEmisor: EKU.rfc,
      rfcReceptor: 'CACX7605101P8',
      total: f.Total,
    });
    expect(estado.esCancelable).toBe('No cancelable');
  }, 30_000);

  it('a factura global to PUBLICO EN GENERAL passes the SAT checks with the TFD', async () => {
    const r = buildGlobal(
      {
        serie: 'G',
        folio: '1',
        formaPago: '01',
        moneda: 'MXN',
        lugarExpedicion: '42501',
        emisor: { ...EKU, regimenFiscal: '601' },
        periodicidad: '04',
        meses: '02',
        año: '2026',
        tickets: [
          {
            folioVenta: 'T-1',
            subtotal: '100.00',
            impuestos: [
              { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
            ],
          },
        ],
      },
      { fecha: FECHA },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const t = await pac.timbrar(sellar(r.comprobante), { idempotencyKey: 'global' });
    expect(checkSat(t.xml, { tfdCertificado: pac.certificado().pem }).errors).toEqual([]);
  }, 30_000);

  it('a nota de crédito (tipo E, relation 01) of a stamped invoice passes the SAT checks with the TFD, and the invoice is then not cancelable', async () => {
    const draft = ingresoDraft({ folio: '7' });
    const factura = await pac.timbrar(cfdiSellado(AHORA, { draft }), { idempotencyKey: 'nc-f' });
    const r = buildNotaCredito(
      {
        serie: 'NC',
        folio: '1',
        lugarExpedicion: '42501',
        emisor: draft.emisor,
        receptor: draft.receptor,
        formaPago: '03',
        moneda: 'MXN',
        facturas: [
          {
            uuid: factura.uuid,
            nombre: 'F-7',
            moneda: 'MXN',
            conceptos: draft.conceptos,
            restante: '5800.00',
          },
        ],
        ajuste: { tipo: 'importe', importe: '500' },
      },
      { fecha: FECHA },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    expect(r.comprobante.Total).toBe('580.00');
    const t = await pac.timbrar(sellar(r.comprobante), { idempotencyKey: 'nc' });
    expect(t.codigo).toBe('200');
    expect(checkSat(t.xml, { tfdCertificado: pac.certificado().pem }).errors).toEqual([]);
    const estado = await pac.consultarEstado({
      uuid: factura.uuid,
      rfcEmisor: EKU.rfc,
      rfcReceptor: 'CACX7605101P8',
      total: parseComprobanteXml(factura.xml).Total,
    });
    expect(estado.esCancelable).toBe('No cancelable');
  }, 30_000);
});
