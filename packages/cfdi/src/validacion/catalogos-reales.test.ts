import { loadCatalogos } from '@repo/catalogos';
import { describe, expect, it } from 'vitest';
import { impuestosDeDocumento } from '../calc/pagos20.ts';
import { buildGlobal } from '../xml/build-global.ts';
import { buildIngreso } from '../xml/build-ingreso.ts';
import { buildPago } from '../xml/build-pago.ts';
import type { Comprobante } from '../xml/model.ts';
import type { CatalogosLookup } from './catalogos-lookup.ts';
import { validateComprobante } from './validate-comprobante.ts';

// @repo/catalogos satisfies the narrow interface structurally (a type error here breaks the build).
const catalogos: CatalogosLookup = loadCatalogos();
const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const CACX = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  domicilioFiscalReceptor: '10740',
  regimenFiscalReceptor: '612',
  usoCfdi: 'G03',
};
const NO_CERT = '30001000000400002434';

function ok<T extends { ok: boolean }>(r: T): Comprobante {
  if (!('comprobante' in r)) throw new Error(JSON.stringify(r));
  return { ...(r.comprobante as Comprobante), NoCertificado: NO_CERT };
}

describe('validation with the real SAT catalogs of data/sat (@repo/catalogos)', () => {
  const honorarios = ok(
    buildIngreso(
      {
        serie: 'H',
        folio: '7',
        formaPago: '03',
        metodoPago: 'PUE',
        moneda: 'MXN',
        lugarExpedicion: '10740',
        emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '612' },
        receptor: {
          rfc: 'EKU9003173C9',
          nombre: 'ESCUELA KEMPER URGATE',
          domicilioFiscalReceptor: '42501',
          regimenFiscalReceptor: '601',
          usoCfdi: 'G03',
        },
        conceptos: [
          {
            claveProdServ: '80101500',
            cantidad: '1',
            claveUnidad: 'E48',
            descripcion: 'Honorarios por consultoría',
            valorUnitario: '10000.00',
            impuestos: [
              IVA16,
              { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
              { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106666' },
            ],
          },
        ],
      },
      { fecha: '2023-01-10T09:15:00' },
    ),
  );

  it('the worked examples (honorarios, global, pago) have no errors', () => {
    expect(validateComprobante(honorarios, { catalogos })).toEqual([]);
    const global = ok(
      buildGlobal(
        {
          serie: 'G',
          folio: '12',
          formaPago: '01',
          moneda: 'MXN',
          lugarExpedicion: '42501',
          emisor: EKU,
          periodicidad: '04',
          meses: '01',
          año: '2023',
          tickets: [
            { folioVenta: 'T-1001', subtotal: '130.00', descuento: '10.00', impuestos: [IVA16] },
            { folioVenta: 'T-1002', subtotal: '100.09', impuestos: [IVA16] },
          ],
        },
        { fecha: '2023-02-01T10:00:00' },
      ),
    );
    expect(validateComprobante(global, { catalogos })).toEqual([]);
    const pago = ok(
      buildPago(
        {
          lugarExpedicion: '10740',
          emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '612' },
          receptor: {
            rfc: 'EKU9003173C9',
            nombre: 'ESCUELA KEMPER URGATE',
            domicilioFiscalReceptor: '42501',
            regimenFiscalReceptor: '601',
          },
          pago: {
            fechaPago: '2023-01-20T12:00:00',
            formaDePagoP: '03',
            monedaP: 'MXN',
            documentos: [
              {
                IdDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
                MonedaDR: 'MXN',
                NumParcialidad: 1,
                totalDocumento: honorarios.Total,
                pagadoAnterior: '0',
                ImpPagado: '5000.00',
                impuestos: impuestosDeDocumento(
                  honorarios.Conceptos.map((c) => ({
                    Traslados: c.Impuestos?.Traslados ?? [],
                    Retenciones: c.Impuestos?.Retenciones ?? [],
                  })),
                ),
              },
            ],
          },
        },
        { fecha: '2023-01-20T13:00:00' },
      ),
    );
    expect(validateComprobante(pago, { catalogos })).toEqual([]);
  });

  it('real catalog rules: G03 for a receiver in 605, an unknown product key and postal code', () => {
    const c = ok(
      buildIngreso(
        {
          serie: 'A',
          formaPago: '03',
          metodoPago: 'PUE',
          moneda: 'MXN',
          lugarExpedicion: '42501',
          emisor: EKU,
          receptor: { ...CACX, regimenFiscalReceptor: '605', domicilioFiscalReceptor: '00000' },
          conceptos: [
            {
              claveProdServ: '99999999',
              cantidad: '1',
              claveUnidad: 'E48',
              descripcion: 'X',
              valorUnitario: '1',
              impuestos: [IVA16],
            },
          ],
        },
        { fecha: '2024-06-15T12:00:00' },
      ),
    );
    expect(validateComprobante(c, { catalogos }).map((e) => e.code)).toEqual([
      'CFDI40148',
      'CFDI40161',
      'CFDI40162',
    ]);
  });
});
