import { describe, expect, it } from 'vitest';
import { impuestosDeDocumento } from '../calc/pagos20.ts';
import { Decimal } from '../decimal.ts';
import { firmarComprobante } from '../sello/index.ts';
import { checkSatMany } from '../../test/check-sat.ts';
import { catalogosDePrueba } from '../../test/catalogos-de-prueba.ts';
import { satTestCsd } from '../../test/fixtures.ts';
import { validateComprobante } from '../validacion/index.ts';
import { buildIngreso } from './build-ingreso.ts';
import type { ConceptoIngresoDraft } from './nodos/index.ts';
import { buildPago } from './build-pago.ts';
import type { Comprobante } from './model.ts';

const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const CACX = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  domicilioFiscalReceptor: '10740',
  regimenFiscalReceptor: '612',
  usoCfdi: 'G03',
};
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

function factura(impuestos: ConceptoIngresoDraft['impuestos'], valor = '1000.00'): Comprobante {
  const r = buildIngreso(
    {
      metodoPago: 'PPD',
      formaPago: '99',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: CACX,
      conceptos: [
        {
          claveProdServ: '80101500',
          cantidad: '1',
          claveUnidad: 'E48',
          descripcion: 'Servicio',
          valorUnitario: valor,
          ...(impuestos ? { impuestos } : {}),
        },
      ],
    },
    { fecha: '2024-03-01T09:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

/** Pays the invoice in three parts (a third, a third, the rest); answers the three CFDI de pago. */
function tresPagos(f: Comprobante): Comprobante[] {
  const total = new Decimal(f.Total);
  const tercio = total.dividedBy(3).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const montos = [tercio, tercio, total.minus(tercio.times(2))];
  const impuestos = impuestosDeDocumento(
    f.Conceptos.map((c) => ({
      Traslados: c.Impuestos?.Traslados ?? [],
      Retenciones: c.Impuestos?.Retenciones ?? [],
    })),
  );
  let anterior = new Decimal(0);
  return montos.map((m, i) => {
    const r = buildPago(
      {
        serie: 'P',
        folio: String(i + 1),
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: CACX,
        pago: {
          fechaPago: `2024-03-0${i + 2}T12:00:00`,
          formaDePagoP: '03',
          monedaP: 'MXN',
          documentos: [
            {
              IdDocumento: UUID,
              MonedaDR: 'MXN',
              NumParcialidad: i + 1,
              totalDocumento: f.Total,
              pagadoAnterior: anterior.toFixed(2),
              ImpPagado: m.toFixed(2),
              impuestos,
            },
          ],
        },
      },
      { fecha: `2024-03-0${i + 2}T13:00:00` },
    );
    anterior = anterior.plus(m);
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    return r.comprobante;
  });
}

const IVA = (tasa: string) =>
  ({ tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: tasa }) as const;

const casos: [string, ConceptoIngresoDraft['impuestos'], string][] = [
  ['IVA 16 %', [IVA('0.16')], '1160.00'],
  [
    'IVA 16 % with ISR 10 % and IVA 2/3 withheld',
    [
      IVA('0.16'),
      { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
      { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106666' },
    ],
    '953.33',
  ],
  ['IVA exento', [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' }], '1000.00'],
  ['IVA 0 %', [IVA('0')], '1000.00'],
];

describe('three partial payments add up exactly to the invoice (rules 7.5–7.6)', () => {
  for (const [nombre, impuestos, total] of casos) {
    it(`${nombre}: balances, every tax group, Totales, the engine's rules and the SAT checks`, () => {
      const f = factura(impuestos);
      expect(f.Total).toBe(total);
      const pagos = tresPagos(f);
      const drs = pagos.map((p) => p.Complemento!.Pagos!.Pago[0]!.DoctoRelacionado[0]!);
      expect(drs.map((d) => d.NumParcialidad)).toEqual(['1', '2', '3']);
      expect(drs[0]!.ImpSaldoAnt).toBe(total);
      expect(drs[2]!.ImpSaldoInsoluto).toBe('0.00');
      for (let i = 1; i < 3; i++) expect(drs[i]!.ImpSaldoAnt).toBe(drs[i - 1]!.ImpSaldoInsoluto);
      const pagado = drs.reduce((s, d) => s.plus(d.ImpPagado), new Decimal(0));
      expect(pagado.toFixed(2)).toBe(total);

      // Each tax group of the invoice: Σ BaseDR is its base and Σ ImporteDR its amount, to the cent.
      const grupos = [
        ...(f.Impuestos?.Traslados ?? []).map((g) => ({ g, lista: 'TrasladosDR' as const })),
        ...(f.Impuestos?.Retenciones ?? []).map((g) => ({
          g: { ...g, Base: '1000.00', TipoFactor: 'Tasa' },
          lista: 'RetencionesDR' as const,
        })),
      ];
      expect(grupos.length).toBeGreaterThan(0);
      for (const { g, lista } of grupos) {
        const lineas = drs.map((d) =>
          d.ImpuestosDR![lista]!.find((l) => l.ImpuestoDR === g.Impuesto)!,
        );
        const base = lineas.reduce((s, l) => s.plus(l.BaseDR), new Decimal(0));
        expect(base.toFixed(2)).toBe('1000.00');
        if ('Importe' in g && g.Importe !== undefined) {
          const imp = lineas.reduce((s, l) => s.plus(l.ImporteDR ?? '0'), new Decimal(0));
          expect(imp.toFixed(2)).toBe(new Decimal(g.Importe).toFixed(2));
        }
      }
      for (const p of pagos) {
        const t = p.Complemento!.Pagos!.Totales;
        expect(t.MontoTotalPagos).toBe(p.Complemento!.Pagos!.Pago[0]!.Monto);
        expect(validateComprobante(p, { catalogos: catalogosDePrueba })).toEqual([]);
      }
      const csd = satTestCsd('EKU9003173C9');
      const checks = checkSatMany(pagos.map((p) => firmarComprobante(p, csd).xml));
      for (const c of checks) expect(c.errors).toEqual([]);
    });
  }

  it('a payment in MXN of a USD invoice: EquivalenciaDR, the amount received as Monto', () => {
    const r = buildPago(
      {
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: CACX,
        pago: {
          fechaPago: '2024-03-02T12:00:00',
          formaDePagoP: '03',
          monedaP: 'MXN',
          monto: '17500.00',
          documentos: [
            {
              IdDocumento: UUID,
              MonedaDR: 'USD',
              EquivalenciaDR: '0.0571428571',
              NumParcialidad: 1,
              totalDocumento: '1160.00',
              pagadoAnterior: '0',
              ImpPagado: '1000.00',
              impuestos: [
                {
                  tipo: 'traslado',
                  Impuesto: '002',
                  TipoFactor: 'Tasa',
                  TasaOCuota: '0.160000',
                  Base: '1000.00',
                },
              ],
            },
          ],
        },
      },
      { fecha: '2024-03-02T13:00:00' },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const pago = r.comprobante.Complemento!.Pagos!.Pago[0]!;
    expect(pago).toMatchObject({ MonedaP: 'MXN', TipoCambioP: '1', Monto: '17500.00' });
    expect(validateComprobante(r.comprobante, { catalogos: catalogosDePrueba })).toEqual([]);
    const [check] = checkSatMany([
      firmarComprobante(r.comprobante, satTestCsd('EKU9003173C9')).xml,
    ]);
    expect(check!.errors).toEqual([]);
    // A Monto below what the documents need is refused.
    const corto = buildPago(
      {
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: CACX,
        pago: {
          ...r.comprobante.Complemento!.Pagos!.Pago[0]!,
          fechaPago: '2024-03-02T12:00:00',
          formaDePagoP: '03',
          monedaP: 'MXN',
          monto: '17000.00',
          documentos: [
            {
              IdDocumento: UUID,
              MonedaDR: 'USD',
              EquivalenciaDR: '0.0571428571',
              NumParcialidad: 1,
              totalDocumento: '1160.00',
              pagadoAnterior: '0',
              ImpPagado: '1000.00',
              impuestos: [],
            },
          ],
        },
      },
      { fecha: '2024-03-02T13:00:00' },
    );
    expect(corto.ok).toBe(false);
  });
});

describe('a payment too small to carry its share of the taxes', () => {
  // Two concepts of 100.00, one at IVA 16 % and one at 0 %: Total 216.00, each group 100.00.
  const impuestos = [
    {
      tipo: 'traslado',
      Impuesto: '002',
      TipoFactor: 'Tasa',
      TasaOCuota: '0.160000',
      Base: '100.00',
    },
    {
      tipo: 'traslado',
      Impuesto: '002',
      TipoFactor: 'Tasa',
      TasaOCuota: '0.000000',
      Base: '100.00',
    },
  ] as const;
  const pagar = (ImpPagado: string) =>
    buildPago(
      {
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: CACX,
        pago: {
          fechaPago: '2024-03-02T12:00:00',
          formaDePagoP: '01',
          monedaP: 'MXN',
          documentos: [
            {
              IdDocumento: UUID,
              Serie: 'F',
              Folio: '7',
              MonedaDR: 'MXN',
              NumParcialidad: 1,
              totalDocumento: '216.00',
              pagadoAnterior: '0',
              ImpPagado,
              impuestos,
            },
          ],
        },
      },
      { fecha: '2024-03-02T13:00:00' },
    );

  it('one cent (each group 0.0046, no base) is refused in words, with the least amount that carries them', () => {
    const r = pagar('0.01');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errores).toEqual([
      {
        field: 'pago.documentos[0].ImpPagado',
        message:
          'El importe aplicado a la factura F-7 es tan pequeño que su parte de los impuestos no llega a un centavo, y el SAT no acepta el pago de una factura con impuestos sin ellos. Aplique al menos $ 0.02 MXN.',
      },
    ]);
  });

  it('that least amount gives each group a base of one cent (0.0093), and the CFDI is valid for the SAT', () => {
    const r = pagar('0.02');
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const dr = r.comprobante.Complemento!.Pagos!.Pago[0]!.DoctoRelacionado[0]!;
    expect(dr.ObjetoImpDR).toBe('02');
    expect(dr.ImpuestosDR?.TrasladosDR).toEqual([
      {
        BaseDR: '0.01',
        ImpuestoDR: '002',
        TipoFactorDR: 'Tasa',
        TasaOCuotaDR: '0.160000',
        ImporteDR: '0.00',
      },
      {
        BaseDR: '0.01',
        ImpuestoDR: '002',
        TipoFactorDR: 'Tasa',
        TasaOCuotaDR: '0.000000',
        ImporteDR: '0.00',
      },
    ]);
    expect(validateComprobante(r.comprobante, { catalogos: catalogosDePrueba })).toEqual([]);
    const [check] = checkSatMany([
      firmarComprobante(r.comprobante, satTestCsd('EKU9003173C9')).xml,
    ]);
    expect(check!.errors).toEqual([]);
  });
});
