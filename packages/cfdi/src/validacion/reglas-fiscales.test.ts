import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { HistorialTipoCambio, leerRespuestaSie, limitesTipoCambio } from '../tipo-cambio/index.ts';
import { buildGlobal } from '../xml/build-global.ts';
import { buildIngreso, type IngresoDraft } from '../xml/build-ingreso.ts';
import { MENSAJE_TIPO_CAMBIO_MXN } from '../xml/nodos/index.ts';
import type { Comprobante } from '../xml/model.ts';
import { MENSAJE_IVA_FRONTERIZO_CP } from './rules/frontera.ts';
import { validateComprobante } from './validate-comprobante.ts';

const IVA8 = { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.08' } as const;
const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

function draft(over: Partial<IngresoDraft> = {}, clave = '50202306'): IngresoDraft {
  return {
    serie: 'A',
    folio: '1',
    formaPago: '03',
    metodoPago: 'PUE',
    moneda: 'MXN',
    lugarExpedicion: '22000',
    emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
    receptor: {
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      domicilioFiscalReceptor: '10740',
      regimenFiscalReceptor: '612',
      usoCfdi: 'G03',
    },
    conceptos: [
      {
        claveProdServ: clave,
        cantidad: '2',
        claveUnidad: 'H87',
        descripcion: 'Refresco',
        valorUnitario: '100',
        impuestos: [IVA8],
      },
    ],
    ...over,
  };
}

function comprobante(d: IngresoDraft, fecha = '2026-01-21T12:00:00'): Comprobante {
  const r = buildIngreso(d, { fecha });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

const codigos = (c: Comprobante, tipoCambioReferencia?: HistorialTipoCambio) =>
  validateComprobante(c, {
    catalogos,
    ...(tipoCambioReferencia
      ? { tipoCambioReferencia: (m, d) => tipoCambioReferencia.ultima(m, d) }
      : {}),
  }).map((e) => `${e.code} ${e.field}`);

describe('IVA 8 % región fronteriza (rules 2.4.1)', () => {
  it('is accepted from a border postal code (north 22000, south 77000) on a key with the stimulus', () => {
    expect(codigos(comprobante(draft()))).toEqual([]);
    expect(codigos(comprobante(draft({ lugarExpedicion: '77000' })))).toEqual([]);
  });

  it('is refused from a postal code outside the region, on the rate, with the reason', () => {
    const c = comprobante(draft({ lugarExpedicion: '42501' }));
    const errores = validateComprobante(c, { catalogos });
    expect(errores).toEqual([
      {
        code: 'CFDI40179',
        field: 'Conceptos[0].Impuestos.Traslados[0].TasaOCuota',
        message: MENSAJE_IVA_FRONTERIZO_CP,
        satRule: 'CFDI40179; c_CodigoPostal estímulo',
      },
    ]);
    // The same sale at 16 % is fine there.
    const c16 = comprobante(
      draft({
        lugarExpedicion: '42501',
        conceptos: [{ ...draft().conceptos[0]!, impuestos: [IVA16] }],
      }),
    );
    expect(codigos(c16)).toEqual([]);
  });

  it('is refused on a product key without the stimulus, even in the region', () => {
    const c = comprobante(draft({}, '43232408'));
    expect(validateComprobante(c, { catalogos })[0]?.message).toMatch(
      /43232408 no admite el estímulo de la región fronteriza/,
    );
  });
});

describe('IVA 8 % in the global invoice to the público en general', () => {
  const global = (lugarExpedicion: string) => {
    const g = buildGlobal(
      {
        formaPago: '01',
        moneda: 'MXN',
        lugarExpedicion,
        emisor: draft().emisor,
        periodicidad: '04',
        meses: '01',
        año: '2026',
        tickets: [
          { folioVenta: 'T-1', subtotal: '100.00', impuestos: [IVA8] },
          { folioVenta: 'T-2', subtotal: '250.00', impuestos: [IVA16] },
        ],
      },
      { fecha: '2026-02-01T10:00:00' },
    );
    if (!g.ok) throw new Error(JSON.stringify(g.errores));
    return g.comprobante;
  };

  it('accepts 01010101 at 8 % from the border region (SAT: "salvo en la factura global")', () => {
    const c = global('22000');
    expect(c.Conceptos.map((x) => x.ClaveProdServ)).toEqual(['01010101', '01010101']);
    expect(codigos(c)).toEqual([]);
    expect(codigos(global('77000'))).toEqual([]);
  });

  it('still refuses it outside the region, and 01010101 at 8 % on an ordinary invoice', () => {
    expect(codigos(global('42501'))).toEqual([
      'CFDI40179 Conceptos[0].Impuestos.Traslados[0].TasaOCuota',
    ]);
    expect(validateComprobante(comprobante(draft({}, '01010101')), { catalogos })).toEqual([
      expect.objectContaining({
        code: 'CFDI40179',
        message: expect.stringMatching(/01010101 no admite el estímulo/),
      }),
    ]);
  });
});

describe('TipoCambio against the reference rate (CFDI40118)', () => {
  const historial = new HistorialTipoCambio(
    leerRespuestaSie({
      bmx: {
        series: [
          {
            idSerie: 'SF43718',
            datos: [
              { fecha: '20/01/2026', dato: '17.6008' },
              { fecha: '21/01/2026', dato: '17.4520' },
              { fecha: '24/01/2026', dato: 'N/E' },
            ],
          },
        ],
      },
    }),
  );
  const usd = (tipoCambio: string, fecha = '2026-01-21T12:00:00') =>
    comprobante(
      draft({
        lugarExpedicion: '42501',
        moneda: 'USD',
        tipoCambio,
        conceptos: [{ ...draft().conceptos[0]!, impuestos: [IVA16] }],
      }),
      fecha,
    );

  it('reads the SIE answer (dd/mm/aaaa, "N/E" skipped) and keeps a rate for 6 days', () => {
    expect(historial.referencia('USD', '2026-01-21')).toEqual({
      fecha: '2026-01-21',
      valor: '17.4520',
      serie: 'SF43718',
    });
    expect(historial.referencia('USD', '2026-01-24')?.fecha).toBe('2026-01-21');
    expect(historial.referencia('USD', '2026-01-28')).toBeUndefined();
    expect(historial.referencia('EUR', '2026-01-21')).toBeUndefined();
    const { li, ls } = limitesTipoCambio('17.4520', 5);
    expect([li.toFixed(), ls.toFixed()]).toEqual(['16.5794', '18.3246']);
  });

  it('accepts the day’s rate and anything within 5 %, refuses 1 and 20 with the band in the message', () => {
    expect(codigos(usd('17.4520'), historial)).toEqual([]);
    expect(codigos(usd('18.3246'), historial)).toEqual([]);
    expect(codigos(usd('1'), historial)).toEqual(['CFDI40118 TipoCambio']);
    const e = validateComprobante(usd('20'), {
      catalogos,
      tipoCambioReferencia: (m, d) => historial.ultima(m, d),
    });
    expect(e[0]?.message).toMatch(
      /\(FIX de Banxico del 21\/01\/2026: 17\.4520 pesos por USD\); el SAT admite de 16\.5794 a 18\.3246\.$/,
    );
  });

  it('is not decided without any reference (no source, or none up to the invoice’s day)', () => {
    expect(codigos(usd('1'))).toEqual([]);
    expect(codigos(usd('1', '2025-12-30T12:00:00'), historial)).toEqual([]);
  });

  it('a Confirmacion with a rate in range is CFDI40127', () => {
    expect(codigos({ ...usd('17.4520'), Confirmacion: 'ABC12' }, historial)).toEqual([
      'CFDI40127 Confirmacion',
    ]);
  });

  it('a rate sent with MXN is refused on the field, never dropped', () => {
    const r = buildIngreso(draft({ lugarExpedicion: '42501', tipoCambio: '17.45' }), {
      fecha: '2026-01-21T12:00:00',
    });
    expect(r).toEqual({
      ok: false,
      errores: [{ field: 'tipoCambio', message: MENSAJE_TIPO_CAMBIO_MXN }],
    });
  });
});
