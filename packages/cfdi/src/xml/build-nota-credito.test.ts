import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { checkSatMany } from '../../test/check-sat.ts';
import { satTestCsd } from '../../test/fixtures.ts';
import { firmarComprobante } from '../sello/index.ts';
import { validateComprobante } from '../validacion/validate-comprobante.ts';
import { calcularComprobante } from '../calc/calcular-comprobante.ts';
import { buildIngreso } from './build-ingreso.ts';
import { buildNotaCredito, type NotaCreditoDraft } from './build-nota-credito.ts';
import { facturaAcreditadaDeXml, type FacturaAcreditada } from './factura-acreditada.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const IVA0 = { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0' } as const;
const UUID1 = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const UUID2 = '0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D';

/** Three lines: 3 × 100 (IVA 16 %), 2 × 50 (IVA 0 %), 1 × 99.99 less 9.99 (IVA 16 %): bases 300, 100, 90. */
const factura = (extra: Partial<FacturaAcreditada> = {}): FacturaAcreditada => ({
  uuid: UUID1,
  nombre: 'A-12',
  moneda: 'MXN',
  restante: '10000',
  conceptos: [
    {
      claveProdServ: '43232408',
      claveUnidad: 'H87',
      descripcion: 'Laptop',
      cantidad: '3',
      valorUnitario: '100.00',
      objetoImp: '02',
      impuestos: [IVA16],
    },
    {
      claveProdServ: '50202306',
      claveUnidad: 'H87',
      descripcion: 'Botana',
      cantidad: '2',
      valorUnitario: '50.00',
      objetoImp: '02',
      impuestos: [IVA0],
    },
    {
      claveProdServ: '80101500',
      claveUnidad: 'E48',
      descripcion: 'Soporte',
      cantidad: '1',
      valorUnitario: '99.99',
      descuento: { tipo: 'importe', valor: '9.99' },
      objetoImp: '02',
      impuestos: [IVA16],
    },
  ],
  ...extra,
});

const draft = (extra: Partial<NotaCreditoDraft> = {}): NotaCreditoDraft => ({
  serie: 'NC',
  folio: '1',
  lugarExpedicion: '42501',
  emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
  receptor: {
    rfc: 'URE180429TM6',
    nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
    domicilioFiscalReceptor: '86991',
    regimenFiscalReceptor: '601',
  },
  formaPago: '03',
  moneda: 'MXN',
  facturas: [factura()],
  ajuste: { tipo: 'porcentaje', porcentaje: '10' },
  ...extra,
});

function nota(d: NotaCreditoDraft) {
  const r = buildNotaCredito(d, { fecha: '2024-03-01T10:00:00' });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r;
}
const errores = (d: NotaCreditoDraft) => {
  const r = buildNotaCredito(d, { fecha: '2024-03-01T10:00:00' });
  return r.ok ? [] : r.errores.map((e) => e.message);
};

describe('nota de crédito (CFDI de egreso, tipo E)', () => {
  it('a 10 % discount: tipo E, PUE, G02, relation 01, each line and its taxes in proportion', () => {
    const r = nota(draft());
    const c = r.comprobante;
    expect(c).toMatchObject({
      TipoDeComprobante: 'E',
      MetodoPago: 'PUE',
      FormaPago: '03',
      Exportacion: '01',
      Moneda: 'MXN',
      Receptor: { UsoCFDI: 'G02' },
      CfdiRelacionados: [{ TipoRelacion: '01', CfdiRelacionado: [{ UUID: UUID1 }] }],
    });
    expect(
      c.Conceptos.map((k) => [k.ClaveProdServ, k.ClaveUnidad, k.Importe, k.ObjetoImp]),
    ).toEqual([
      ['84111506', 'ACT', '30.00', '02'],
      ['84111506', 'ACT', '10.00', '02'],
      ['84111506', 'ACT', '9.00', '02'],
    ]);
    expect(c.Conceptos.map((k) => k.Impuestos!.Traslados![0]!.Importe)).toEqual([
      '4.80',
      '0.00',
      '1.44',
    ]);
    expect([c.SubTotal, c.Impuestos!.TotalImpuestosTrasladados, c.Total]).toEqual([
      '49.00',
      '6.24',
      '55.24',
    ]);
    expect(r.aplicado).toEqual(['55.24']);
  });

  it('an amount spreads by largest remainder: 100.00 over bases 300/100/90 is 61.22 + 20.41 + 18.37', () => {
    const r = nota(draft({ ajuste: { tipo: 'importe', importe: '100' } }));
    expect(r.comprobante.Conceptos.map((k) => k.ValorUnitario)).toEqual([
      '61.22',
      '20.41',
      '18.37',
    ]);
    expect(r.comprobante.SubTotal).toBe('100.00');
    // IVA 16 % of 61.22 + 18.37 = 79.59 → 12.73 (12.7344), the 0 % line none.
    expect(r.comprobante.Total).toBe('112.73');
    expect(r.aplicado).toEqual(['112.73']);
  });

  it('a return (relation 03) of chosen lines and quantities keeps their keys and their discount', () => {
    const r = nota(
      draft({
        ajuste: {
          tipo: 'devolucion',
          partidas: [
            { factura: 0, linea: 0, cantidad: '1' },
            { factura: 0, linea: 2, cantidad: '1' },
          ],
        },
      }),
    );
    const c = r.comprobante;
    expect(c.CfdiRelacionados![0]!.TipoRelacion).toBe('03');
    expect(c.Conceptos.map((k) => [k.ClaveProdServ, k.Cantidad, k.Importe, k.Descuento])).toEqual([
      ['43232408', '1', '100.00', undefined],
      ['80101500', '1', '99.99', '9.99'],
    ]);
    expect(c.Conceptos[0]!.Descripcion).toBe('Devolución: Laptop');
    const conMotivo = nota(
      draft({ motivo: ' Producto dañado. ', ajuste: { tipo: 'importe', importe: '10' } }),
    );
    expect(conMotivo.comprobante.Conceptos[0]!.Descripcion).toBe(
      'Producto dañado. Bonificación sobre: Laptop',
    );
    expect(c.Total).toBe('220.40');
  });

  it('one note for several invoices of a client: each gets its share and the shares make the Total', () => {
    const otra = factura({ uuid: UUID2, nombre: 'A-13', conceptos: [factura().conceptos[0]!] });
    const r = nota(
      draft({ facturas: [factura(), otra], ajuste: { tipo: 'importe', importe: '79' } }),
    );
    expect(r.comprobante.CfdiRelacionados![0]!.CfdiRelacionado).toEqual([
      { UUID: UUID1 },
      { UUID: UUID2 },
    ]);
    // Bases 300, 100, 90 and 300 (790): 30.00, 10.00, 9.00 and 30.00.
    expect(r.aplicado).toEqual(['55.24', '34.80']);
    expect(r.comprobante.Total).toBe('90.04');
    // Each invoice's share carries its own lines' taxes per group: a PPD invoice's last payment
    // carries the rest, so payments and notes add up to the invoice's taxes.
    const porFactura = r.impuestosAplicados.map((g) => g.map((x) => x.clave));
    expect(porFactura).toHaveLength(2);
    const traslados = (i: number) =>
      r.comprobante.Conceptos.filter((_, k) => (i === 0 ? k < 3 : k === 3))
        .flatMap((c) => c.Impuestos?.Traslados ?? [])
        .filter((l) => l.Impuesto === '002' && l.TasaOCuota === '0.160000')
        .reduce((s, l) => s + Number(l.Importe), 0);
    const iva = (i: number) =>
      r.impuestosAplicados[i]!.find((x) => x.clave === 'traslado|002|Tasa|0.160000')?.ImporteDR;
    expect(Number(iva(1))).toBeCloseTo(traslados(1), 6);
    expect(Number(iva(0))).toBeCloseTo(traslados(0), 6);
  });

  it('is refused above what remains of the invoice, in another currency, or without an amount', () => {
    expect(errores(draft({ facturas: [factura({ restante: '55.23' })] }))).toEqual([
      'La nota de crédito ($ 55.24) es mayor que lo que queda de la factura A-12 ($ 55.23).',
    ]);
    expect(errores(draft({ facturas: [factura({ restante: '55.24' })] }))).toEqual([]);
    expect(errores(draft({ moneda: 'USD', tipoCambio: '17.00' }))).toEqual([
      'La nota de crédito debe estar en la moneda de la factura A-12 (MXN), no en USD.',
    ]);
    expect(errores(draft({ ajuste: { tipo: 'importe', importe: '0' } }))).toEqual([
      'Indique un importe mayor que cero.',
    ]);
    expect(errores(draft({ ajuste: { tipo: 'porcentaje', porcentaje: '101' } }))).toEqual([
      'El porcentaje no puede ser mayor que 100.',
    ]);
    expect(
      errores(
        draft({
          ajuste: { tipo: 'devolucion', partidas: [{ factura: 0, linea: 1, cantidad: '3' }] },
        }),
      ),
    ).toEqual(['No se pueden devolver más de 2 unidades de "Botana".']);
    expect(errores(draft({ formaPago: '99' }))[0]).toMatch(/nunca 99/);
  });

  it('passes the engine rules (the sandbox PAC runs them) and the SAT XSD, cadena and sello', () => {
    const csd = satTestCsd('EKU9003173C9');
    const notas = [
      draft(),
      draft({ ajuste: { tipo: 'importe', importe: '100' } }),
      draft({
        ajuste: { tipo: 'devolucion', partidas: [{ factura: 0, linea: 2, cantidad: '1' }] },
      }),
    ].map((d) => ({ ...nota(d).comprobante, NoCertificado: '30001000000400002434' }));
    for (const c of notas) expect(validateComprobante(c, { catalogos })).toEqual([]);
    const xmls = notas.map((c) => firmarComprobante(c, csd).xml);
    for (const r of checkSatMany(xmls)) expect(r.errors).toEqual([]);
  });

  it('to the público en general (XAXX010101000) takes UsoCFDI S01, 616 and the place of issue, and passes the engine rules', () => {
    const c = nota(
      draft({
        receptor: {
          rfc: 'XAXX010101000',
          nombre: 'JUAN PEREZ',
          domicilioFiscalReceptor: '06300',
          regimenFiscalReceptor: '616',
        },
      }),
    ).comprobante;
    expect(c.Receptor).toMatchObject({
      DomicilioFiscalReceptor: '42501',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(
      validateComprobante({ ...c, NoCertificado: '30001000000400002434' }, { catalogos }),
    ).toEqual([]);
  });

  it('reads a stamped invoice back into concepts that compute to its own amounts (discount, IEPS and IVA on it, retentions)', () => {
    const f = factura();
    const ieps = {
      tipo: 'traslado',
      impuesto: '003',
      tipoFactor: 'Tasa',
      tasaOCuota: '0.08',
    } as const;
    const ret = {
      tipo: 'retencion',
      impuesto: '001',
      tipoFactor: 'Tasa',
      tasaOCuota: '0.10',
    } as const;
    const conceptos = [
      ...f.conceptos,
      {
        ...f.conceptos[0]!,
        cantidad: '2.5',
        valorUnitario: '33.333',
        impuestos: [ieps, IVA16, ret],
      },
    ];
    const r = buildIngreso(
      {
        ...draft(),
        metodoPago: 'PUE',
        formaPago: '03',
        receptor: { ...draft().receptor, usoCfdi: 'G03' },
        conceptos,
      },
      { fecha: '2024-03-01T10:00:00' },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const leida = facturaAcreditadaDeXml(r.comprobante, {
      uuid: UUID1.toLowerCase(),
      nombre: 'A-1',
      restante: '1',
    });
    expect(leida.uuid).toBe(UUID1);
    const otra = calcularComprobante({ moneda: 'MXN', conceptos: leida.conceptos });
    if (!otra.ok) throw new Error(JSON.stringify(otra.errores));
    expect(otra.totales.conceptos).toEqual(r.totales.conceptos);
    expect(otra.totales.Total).toBe(r.comprobante.Total);
  });
});
