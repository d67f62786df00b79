import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { checkSatMany } from '../../test/check-sat.ts';
import { satTestCsd } from '../../test/fixtures.ts';
import { ANTICIPO, conceptoDeAnticipo } from '../calc/anticipo.ts';
import { firmarComprobante } from '../sello/index.ts';
import { validateComprobante } from '../validacion/validate-comprobante.ts';
import {
  buildAplicacionAnticipo,
  type AplicacionAnticipoDraft,
} from './build-aplicacion-anticipo.ts';
import { buildIngreso } from './build-ingreso.ts';
import { facturaAcreditadaDeXml } from './factura-acreditada.ts';
import type { Comprobante } from './model.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const UUID_ANTICIPO = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const UUID_FACTURA = '0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D';
const FECHA = { fecha: '2024-03-01T10:00:00' };
const emisor = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const receptor = {
  rfc: 'URE180429TM6',
  nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  domicilioFiscalReceptor: '86991',
  regimenFiscalReceptor: '601',
};

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify((r as { errores?: unknown }).errores));
  return r as Extract<T, { ok: true }>;
}

/** Step 1: the SAT's own example, $ 10,000.00 received by cheque: 8,620.69 + IVA 1,379.31. */
const anticipo = ok(
  buildIngreso(
    {
      serie: 'A',
      folio: '7',
      formaPago: '02',
      metodoPago: 'PUE',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      emisor,
      receptor: { ...receptor, usoCfdi: 'G03' },
      conceptos: [conceptoDeAnticipo('8620.69', [IVA16])],
    },
    FECHA,
  ),
).comprobante;

/** Step 2: the full value, 50,000.00 + IVA 8,000.00, relating the advance with 07. */
const final = ok(
  buildIngreso(
    {
      serie: 'A',
      folio: '8',
      formaPago: '03',
      metodoPago: 'PUE',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      emisor,
      receptor: { ...receptor, usoCfdi: 'G03' },
      cfdiRelacionados: [{ tipoRelacion: '07', uuids: [UUID_ANTICIPO] }],
      conceptos: [
        {
          claveProdServ: '43232408',
          claveUnidad: 'H87',
          descripcion: 'Equipo de cómputo',
          cantidad: '1',
          valorUnitario: '50000',
          objetoImp: '02',
          impuestos: [IVA16],
        },
      ],
    },
    FECHA,
  ),
).comprobante;

const draft = (extra: Partial<AplicacionAnticipoDraft> = {}): AplicacionAnticipoDraft => ({
  serie: 'NC',
  folio: '3',
  lugarExpedicion: '42501',
  emisor,
  receptor,
  moneda: 'MXN',
  anticipo: {
    uuid: UUID_ANTICIPO,
    nombre: 'A-7',
    moneda: 'MXN',
    concepto: facturaAcreditadaDeXml(anticipo, {
      uuid: UUID_ANTICIPO,
      nombre: 'A-7',
      restante: '0',
    }).conceptos[0]!,
    restante: '8620.69',
  },
  factura: { uuid: UUID_FACTURA, nombre: 'A-8', moneda: 'MXN', restante: final.Total },
  ...extra,
});
const errores = (d: AplicacionAnticipoDraft) => {
  const r = buildAplicacionAnticipo(d, FECHA);
  return r.ok ? [] : r.errores.map((e) => e.message);
};
const sellar = (c: Comprobante) => ({ ...c, NoCertificado: '30001000000400002434' });

describe('anticipos (Guía de llenado 4.0, Apéndice 6, CFDI de egreso)', () => {
  it('step 1 is the advance invoice with the fixed keys, PUE and its real form of payment', () => {
    expect(anticipo).toMatchObject({ TipoDeComprobante: 'I', MetodoPago: 'PUE', FormaPago: '02' });
    expect(anticipo.Conceptos).toMatchObject([
      {
        ClaveProdServ: '84111506',
        Cantidad: '1',
        ClaveUnidad: 'ACT',
        Descripcion: 'Anticipo del bien o servicio',
        ValorUnitario: '8620.69',
        Importe: '8620.69',
      },
    ]);
    expect([
      anticipo.SubTotal,
      anticipo.Impuestos!.TotalImpuestosTrasladados,
      anticipo.Total,
    ]).toEqual(['8620.69', '1379.31', '10000.00']);
  });

  it('step 3 applies the whole advance: egreso, 07 to the final invoice, FormaPago 30, PUE, G02, exactly its amounts', () => {
    const r = ok(buildAplicacionAnticipo(draft(), FECHA));
    const c = r.comprobante;
    expect(c).toMatchObject({
      TipoDeComprobante: 'E',
      FormaPago: '30',
      MetodoPago: 'PUE',
      Moneda: 'MXN',
      Receptor: { UsoCFDI: 'G02' },
      CfdiRelacionados: [{ TipoRelacion: '07', CfdiRelacionado: [{ UUID: UUID_FACTURA }] }],
    });
    expect(c.Conceptos).toMatchObject([
      {
        ClaveProdServ: '84111506',
        Cantidad: '1',
        ClaveUnidad: 'ACT',
        Descripcion: 'Aplicación de anticipo',
        ValorUnitario: '8620.69',
        ObjetoImp: '02',
      },
    ]);
    expect([c.SubTotal, c.Impuestos!.TotalImpuestosTrasladados, c.Total]).toEqual([
      '8620.69',
      '1379.31',
      anticipo.Total,
    ]);
    expect(r.base).toBe('8620.69');
    // What the customer still owes after the advance: 58,000.00 − 10,000.00.
    expect(final.Total).toBe('58000.00');
  });

  it('a part of the advance: its base and the advance’s IVA on it', () => {
    const c = ok(buildAplicacionAnticipo(draft({ importe: '4310.35' }), FECHA)).comprobante;
    expect([c.SubTotal, c.Impuestos!.TotalImpuestosTrasladados, c.Total]).toEqual([
      '4310.35',
      '689.66',
      '5000.01',
    ]);
  });

  it('refuses more than the advance, another currency, more than the invoice, and an invoice that is not an advance', () => {
    expect(errores(draft({ importe: '8620.70' }))).toEqual([
      'No se puede aplicar más de lo que queda del anticipo A-7: $ 8,620.69 antes de impuestos.',
    ]);
    expect(errores(draft({ anticipo: { ...draft().anticipo, restante: '0.00' } }))).toEqual([
      'Indique un importe mayor que cero.',
    ]);
    expect(errores(draft({ factura: { ...draft().factura, moneda: 'USD' } }))).toEqual([
      'El anticipo se aplica en la moneda de la factura A-8 (USD), no en MXN.',
    ]);
    expect(errores(draft({ factura: { ...draft().factura, restante: '9999.99' } }))).toEqual([
      'La aplicación del anticipo ($ 10,000.00) es mayor que lo que queda de la factura A-8 ($ 9,999.99).',
    ]);
    const noAnticipo = facturaAcreditadaDeXml(final, {
      uuid: UUID_FACTURA,
      nombre: 'A-8',
      restante: '0',
    });
    expect(
      errores(draft({ anticipo: { ...draft().anticipo, concepto: noAnticipo.conceptos[0]! } })),
    ).toEqual([
      `La factura A-7 no es un anticipo: su concepto no es 84111506, ACT, "${ANTICIPO.descripcion}".`,
    ]);
  });

  it('the three documents pass the engine rules (the sandbox PAC runs them) and the SAT XSD, cadena and sello', () => {
    const csd = satTestCsd('EKU9003173C9');
    const egreso = ok(buildAplicacionAnticipo(draft(), FECHA)).comprobante;
    const docs = [anticipo, final, egreso].map(sellar);
    for (const c of docs) expect(validateComprobante(c, { catalogos })).toEqual([]);
    const xmls = docs.map((c) => firmarComprobante(c, csd).xml);
    for (const r of checkSatMany(xmls)) expect(r.errors).toEqual([]);
  });
});
