import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { checkSatMany } from '../../test/check-sat.ts';
import { satTestCsd } from '../../test/fixtures.ts';
import type { ConceptoIngresoDraft } from './nodos/conceptos.ts';
import { firmarComprobante } from '../sello/index.ts';
import { validateComprobante } from '../validacion/validate-comprobante.ts';
import { buildIngreso } from './build-ingreso.ts';
import { buildNotaCredito, type NotaCreditoDraft } from './build-nota-credito.ts';
import { facturaAcreditadaDeXml } from './factura-acreditada.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const ISH = { tipo: 'traslado', nombre: 'ISH', tasa: '3' } as const;
const CEDULAR = { tipo: 'retencion', nombre: 'Cedular', tasa: '1.5' } as const;
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const EMISOR = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const RECEPTOR = {
  rfc: 'URE180429TM6',
  nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  domicilioFiscalReceptor: '86991',
  regimenFiscalReceptor: '601',
};

const hospedaje = (extra: Partial<ConceptoIngresoDraft> = {}): ConceptoIngresoDraft => ({
  claveProdServ: '80101500',
  claveUnidad: 'E48',
  descripcion: 'Noche de hotel',
  cantidad: '3',
  valorUnitario: '1234.57',
  objetoImp: '02',
  impuestos: [IVA16],
  impuestosLocales: [ISH, CEDULAR],
  ...extra,
});

/** A stamped invoice with local taxes, read back from its XML as a credit note relates it. */
function facturaConLocales(conceptos: ConceptoIngresoDraft[]) {
  const r = buildIngreso(
    {
      serie: 'A',
      folio: '7',
      lugarExpedicion: '42501',
      emisor: EMISOR,
      receptor: { ...RECEPTOR, usoCfdi: 'G03' },
      metodoPago: 'PUE',
      formaPago: '03',
      moneda: 'MXN',
      conceptos,
    },
    { fecha: '2024-03-01T10:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return {
    comprobante: r.comprobante,
    acreditada: facturaAcreditadaDeXml(r.comprobante, {
      uuid: UUID,
      nombre: 'A-7',
      restante: r.comprobante.Total,
    }),
  };
}

const draft = (
  f: ReturnType<typeof facturaConLocales>,
  ajuste: NotaCreditoDraft['ajuste'],
): NotaCreditoDraft => ({
  serie: 'NC',
  folio: '1',
  lugarExpedicion: '42501',
  emisor: EMISOR,
  receptor: RECEPTOR,
  formaPago: '03',
  moneda: 'MXN',
  facturas: [f.acreditada],
  ajuste,
});

function nota(d: NotaCreditoDraft) {
  const r = buildNotaCredito(d, { fecha: '2024-03-02T10:00:00' });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r;
}

describe('nota de crédito of an invoice with local taxes (implocal 1.0)', () => {
  const f = facturaConLocales([
    hospedaje(),
    hospedaje({ descripcion: 'Desayuno', cantidad: '2', valorUnitario: '180.33' }),
  ]);

  it('the invoice states its local taxes per document; a note of all of it gives every one back exactly', () => {
    // Bases 3703.71 + 360.66 = 4064.37: ISH 3 % 121.93, Cedular 1.5 % 60.97.
    expect(f.comprobante.Complemento?.ImpuestosLocales).toMatchObject({
      TotaldeTraslados: '121.93',
      TotaldeRetenciones: '60.97',
    });
    expect(f.acreditada.locales).toEqual([
      { tipo: 'traslado', nombre: 'ISH', tasa: '3.00', importe: '121.93' },
      { tipo: 'retencion', nombre: 'Cedular', tasa: '1.50', importe: '60.97' },
    ]);
    const r = nota(draft(f, { tipo: 'porcentaje', porcentaje: '100' }));
    expect(r.comprobante.Complemento?.ImpuestosLocales).toEqual(
      f.comprobante.Complemento?.ImpuestosLocales,
    );
    expect(r.comprobante.Total).toBe(f.comprobante.Total);
    // What it takes off the invoice is its Total, local taxes included: nothing remains.
    expect(r.aplicado).toEqual([f.comprobante.Total]);
  });

  it('a discount carries the local taxes in proportion and its Total adds them (CFDI40119)', () => {
    const r = nota(draft(f, { tipo: 'importe', importe: '1000' }));
    const c = r.comprobante;
    expect(c.SubTotal).toBe('1000.00');
    // 1000 × 3 % and × 1.5 %, at the invoice's rates, over the note's base.
    expect(c.Complemento?.ImpuestosLocales).toMatchObject({
      TotaldeTraslados: '30.00',
      TotaldeRetenciones: '15.00',
      TrasladosLocales: [{ ImpLocTrasladado: 'ISH', TasadeTraslado: '3.00', Importe: '30.00' }],
      RetencionesLocales: [
        { ImpLocRetenido: 'Cedular', TasadeRetencion: '1.50', Importe: '15.00' },
      ],
    });
    expect(c.Total).toBe('1175.00');
    expect(r.aplicado).toEqual(['1175.00']);
  });

  it('a return of one line carries that line’s local taxes', () => {
    const r = nota(
      draft(f, { tipo: 'devolucion', partidas: [{ factura: 0, linea: 1, cantidad: '1' }] }),
    );
    // 180.33: IVA 28.85, ISH 5.41, Cedular 2.70.
    expect(r.comprobante.Total).toBe('211.89');
    expect(r.aplicado).toEqual(['211.89']);
  });

  it('is refused above what remains of the invoice, local taxes included', () => {
    const casi = { ...f, acreditada: { ...f.acreditada, restante: '1174.99' } };
    const r = buildNotaCredito(draft(casi, { tipo: 'importe', importe: '1000' }), {
      fecha: '2024-03-02T10:00:00',
    });
    expect(r.ok ? [] : r.errores.map((e) => e.message)).toEqual([
      'La nota de crédito ($ 1,175.00) es mayor que lo que queda de la factura A-7 ($ 1,174.99).',
    ]);
  });

  it('a local tax on only some of the lines cannot be shared out from the XML: refused in words', () => {
    const parcial = facturaConLocales([
      hospedaje(),
      hospedaje({ descripcion: 'Estacionamiento', impuestosLocales: [] }),
    ]);
    const r = buildNotaCredito(draft(parcial, { tipo: 'porcentaje', porcentaje: '10' }), {
      fecha: '2024-03-02T10:00:00',
    });
    expect(r.ok ? [] : r.errores.map((e) => e.message)).toContain(
      'La factura A-7 lleva el impuesto local "ISH" solo en algunos de sus conceptos: su nota de crédito no se puede calcular en proporción. Emítala por fuera del sistema o cancele y sustituya la factura.',
    );
  });

  it('passes the engine rules and the SAT XSD, cadena and sello', () => {
    const csd = satTestCsd('EKU9003173C9');
    const notas = [
      draft(f, { tipo: 'porcentaje', porcentaje: '100' }),
      draft(f, { tipo: 'importe', importe: '1000' }),
      draft(f, { tipo: 'devolucion', partidas: [{ factura: 0, linea: 0, cantidad: '1' }] }),
    ].map((d) => ({ ...nota(d).comprobante, NoCertificado: '30001000000400002434' }));
    for (const c of notas) expect(validateComprobante(c, { catalogos })).toEqual([]);
    for (const r of checkSatMany(notas.map((c) => firmarComprobante(c, csd).xml)))
      expect(r.errors).toEqual([]);
  });
});
