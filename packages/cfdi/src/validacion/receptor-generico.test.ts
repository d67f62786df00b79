import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { buildIngreso, type IngresoDraft } from '../xml/build-ingreso.ts';
import type { Comprobante } from '../xml/model.ts';
import { MENSAJE_CP01_FUERA_DE_PAGOS } from './rules/emisor-receptor.ts';
import { avisoReceptorGenerico } from './rules/receptor-generico.ts';
import { validateComprobante } from './validate-comprobante.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

function draft(receptor: IngresoDraft['receptor']): IngresoDraft {
  return {
    serie: 'A',
    folio: '1',
    formaPago: '01',
    metodoPago: 'PUE',
    moneda: 'MXN',
    lugarExpedicion: '42501',
    emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
    receptor,
    conceptos: [
      {
        claveProdServ: '80101500',
        cantidad: '1',
        claveUnidad: 'E48',
        descripcion: 'Consultoría',
        valorUnitario: '100',
        impuestos: [IVA16],
      },
    ],
  };
}

function comprobante(d: IngresoDraft): Comprobante {
  const r = buildIngreso(d, { fecha: '2026-01-21T12:00:00' });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

const publico = (usoCfdi?: string) =>
  comprobante(
    draft({
      rfc: 'XAXX010101000',
      nombre: 'JUAN PEREZ',
      domicilioFiscalReceptor: '06300',
      regimenFiscalReceptor: '616',
      ...(usoCfdi === undefined ? {} : { usoCfdi }),
    }),
  );

describe('an ordinary invoice to the público en general (XAXX010101000), outside a global', () => {
  it('keeps the uso it was given and refuses G03 naming S01, instead of changing it to S01', () => {
    const c = publico('G03');
    expect(c.Receptor.UsoCFDI).toBe('G03');
    expect(validateComprobante(c, { catalogos })).toEqual([
      {
        code: 'CFDI40161',
        field: 'Receptor.UsoCFDI',
        message:
          'Para el RFC genérico XAXX010101000 el uso del CFDI debe ser S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura no se emitió con G03: elija S01.',
        satRule: 'CFDI40161',
      },
    ]);
  });

  it('with S01 (or no uso) it is valid: CP and régimen are the SAT’s (LugarExpedicion, 616)', () => {
    for (const c of [publico('S01'), publico()]) {
      expect(c.Receptor).toMatchObject({
        DomicilioFiscalReceptor: '42501',
        RegimenFiscalReceptor: '616',
        UsoCFDI: 'S01',
      });
      expect(validateComprobante(c, { catalogos })).toEqual([]);
    }
  });

  it('says in Spanish what the invoice carries instead of the client’s data, and why', () => {
    expect(
      avisoReceptorGenerico({
        rfc: 'xaxx010101000',
        lugarExpedicion: '42501',
        codigoPostalCliente: '06300',
      }),
    ).toBe(
      'Para el RFC genérico XAXX010101000 (público en general) el SAT pide que la factura lleve como domicilio fiscal del receptor el código postal del lugar de expedición (42501), el régimen fiscal 616 (Sin obligaciones fiscales) y el uso del CFDI S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura se emitirá con esos datos. El código postal 06300 del cliente no se usa en la factura.',
    );
    expect(avisoReceptorGenerico({ rfc: 'XAXX010101000', lugarExpedicion: '42501' })).not.toMatch(
      /no se usa/,
    );
    expect(avisoReceptorGenerico({ rfc: 'CACX7605101P8', lugarExpedicion: '42501' })).toBeNull();
  });
});

describe('CP01 (Pagos) outside a CFDI de pagos', () => {
  it('is refused on an income invoice with the reason', () => {
    const c = comprobante(
      draft({
        rfc: 'CACX7605101P8',
        nombre: 'XOCHILT CASAS CHAVEZ',
        domicilioFiscalReceptor: '10740',
        regimenFiscalReceptor: '612',
        usoCfdi: 'CP01',
      }),
    );
    expect(validateComprobante(c, { catalogos })).toEqual([
      {
        code: 'CFDI40161',
        field: 'Receptor.UsoCFDI',
        message: MENSAJE_CP01_FUERA_DE_PAGOS,
        satRule: 'CFDI40161; c_UsoCFDI CP01',
      },
    ]);
  });
});
