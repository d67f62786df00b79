import { describe, expect, it } from 'vitest';
import {
  claveGrupo,
  impuestosDeDocumento,
  impuestosPagados,
  type ImpuestoPrevio,
} from '../calc/pagos20.ts';
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

/**
 * Issue 24: every tax of the invoice (traslados and retenciones, Tasa and Cuota) closes to the cent
 * on its last payment, and the payments in force add up to the invoice after one in the middle is
 * cancelled and replaced (rules 7.5).
 */

const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const CACX = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  domicilioFiscalReceptor: '10740',
  regimenFiscalReceptor: '612',
  usoCfdi: 'G03',
};
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
type Imp = NonNullable<ConceptoIngresoDraft['impuestos']>[number];
const IVA16: Imp = { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' };
const IEPS_CUOTA: Imp = {
  tipo: 'traslado',
  impuesto: '003',
  tipoFactor: 'Cuota',
  tasaOCuota: '6.4555',
};

function factura(conceptos: { cantidad: string; valor: string; impuestos: Imp[] }[]) {
  const r = buildIngreso(
    {
      metodoPago: 'PPD',
      formaPago: '99',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: CACX,
      conceptos: conceptos.map((c) => ({
        claveProdServ: '50202300',
        cantidad: c.cantidad,
        claveUnidad: 'LTR',
        descripcion: 'Producto',
        valorUnitario: c.valor,
        impuestos: c.impuestos,
      })),
    },
    { fecha: '2024-03-01T09:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

const gruposDe = (f: Comprobante) =>
  impuestosDeDocumento(
    f.Conceptos.map((c) => ({
      Traslados: c.Impuestos?.Traslados ?? [],
      Retenciones: c.Impuestos?.Retenciones ?? [],
    })),
  );

const sumas = impuestosPagados;

/** One payment of the invoice after the ones in force (`previos`: what they carried). */
function pagar(
  f: Comprobante,
  n: number,
  anterior: string,
  monto: string,
  enVigor?: Comprobante[],
  saldoAnterior?: string,
) {
  const r = buildPago(
    {
      serie: 'P',
      folio: String(n),
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: CACX,
      pago: {
        fechaPago: '2024-03-02T12:00:00',
        formaDePagoP: '03',
        monedaP: 'MXN',
        documentos: [
          {
            IdDocumento: UUID,
            MonedaDR: 'MXN',
            NumParcialidad: n,
            totalDocumento: f.Total,
            pagadoAnterior: anterior,
            ImpPagado: monto,
            impuestos: gruposDe(f),
            ...(enVigor ? { previos: sumas(enVigor.map(docto)) } : {}),
            ...(saldoAnterior ? { saldoAnterior } : {}),
          },
        ],
      },
    },
    { fecha: '2024-03-02T13:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  expect(validateComprobante(r.comprobante, { catalogos: catalogosDePrueba })).toEqual([]);
  return r.comprobante;
}
const docto = (p: Comprobante) => p.Complemento!.Pagos!.Pago[0]!.DoctoRelacionado[0]!;

/** Each tax group of the invoice: Σ Base and Σ Importe of its concept lines. */
function delaFactura(f: Comprobante): ImpuestoPrevio[] {
  return gruposDe(f)
    .map((g) => ({
      clave: claveGrupo(g),
      BaseDR: new Decimal(g.Base).toFixed(),
      ImporteDR: new Decimal(g.Importe ?? '0').toFixed(),
    }))
    .sort((a, b) => a.clave.localeCompare(b.clave));
}

describe('the last payment closes every tax of the invoice to the cent', () => {
  it('IEPS cuota on 10.333 litres: three payments report 66.70 of IEPS, as the invoice', () => {
    const f = factura([
      { cantidad: '7.333', valor: '25.50', impuestos: [IEPS_CUOTA, IVA16] },
      { cantidad: '3', valor: '17.777', impuestos: [IEPS_CUOTA, IVA16] },
    ]);
    const ieps = f.Impuestos!.Traslados!.find((t) => t.Impuesto === '003')!;
    expect(ieps.Importe).toBe('66.70');
    const total = new Decimal(f.Total);
    const tercio = total.dividedBy(3).toDecimalPlaces(2);
    const montos = [tercio, tercio, total.minus(tercio.times(2))];
    const pagos: Comprobante[] = [];
    let anterior = new Decimal(0);
    for (const [i, m] of montos.entries()) {
      pagos.push(pagar(f, i + 1, anterior.toFixed(2), m.toFixed(2), [...pagos]));
      anterior = anterior.plus(m);
    }
    // The old engine rounded the 10.333 litres to 10.33 and reported 66.69.
    expect(sumas(pagos.map(docto))).toEqual(delaFactura(f));
    const checks = checkSatMany(pagos.map((p) => firmarComprobante(p, satTestCsd(EKU.rfc)).xml));
    for (const c of checks) expect(c.errors).toEqual([]);
  });

  it('any invoice, any split: traslados and retenciones, Tasa and Cuota, all close', () => {
    let semilla = 24;
    const azar = () => (semilla = (semilla * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const posibles: Imp[] = [
      IVA16,
      IEPS_CUOTA,
      { tipo: 'traslado', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.265' },
      { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
      { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106666' },
      { tipo: 'retencion', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.2345' },
    ];
    for (let caso = 0; caso < 40; caso++) {
      const conceptos = Array.from({ length: 1 + Math.floor(azar() * 4) }, () => ({
        cantidad: (1 + azar() * 30).toFixed(Math.floor(azar() * 4)),
        valor: (1 + azar() * 500).toFixed(2),
        impuestos: posibles.filter(() => azar() < 0.5),
      })).filter((c) => c.impuestos.length > 0);
      if (conceptos.length === 0) continue;
      const f = factura(conceptos);
      const total = new Decimal(f.Total);
      const n = 1 + Math.floor(azar() * 4);
      const pagos: Comprobante[] = [];
      let anterior = new Decimal(0);
      for (let i = 0; i < n; i++) {
        const resto = total.minus(anterior);
        const m = i === n - 1 ? resto : resto.times(0.2 + azar() * 0.5).toDecimalPlaces(2);
        pagos.push(pagar(f, i + 1, anterior.toFixed(2), m.toFixed(2), [...pagos]));
        anterior = anterior.plus(m);
      }
      expect(sumas(pagos.map(docto)), JSON.stringify(conceptos)).toEqual(delaFactura(f));
    }
  });
});

describe('a payment in the middle cancelled and replaced (rules 7.5)', () => {
  it('the payments in force add up to the invoice: base 1000.00 and IVA 160.00', () => {
    const f = factura([{ cantidad: '1', valor: '1000.00', impuestos: [IVA16] }]);
    expect(f.Total).toBe('1160.00');
    const p1 = pagar(f, 1, '0', '386.67', []);
    const p2 = pagar(f, 2, '386.67', '386.67', [p1]);
    const p3 = pagar(f, 3, '773.34', '386.66', [p1, p2]);
    // p2 is cancelled; its replacement takes its number and pays what it paid: after p1 and p3 in
    // force (773.33 paid), from the balance p1 left (773.33) to the one p3 started from (386.66).
    const sustituto = pagar(f, 2, '773.33', '386.67', [p1, p3], '773.33');
    expect(docto(sustituto)).toMatchObject({
      NumParcialidad: '2',
      ImpSaldoAnt: docto(p1).ImpSaldoInsoluto,
      ImpSaldoInsoluto: docto(p3).ImpSaldoAnt,
    });
    // Formula alone (CumBase(773.33)) gave 1000.01 of base and 159.99 of IVA in force.
    expect(sumas([p1, p3, sustituto].map(docto))).toEqual(delaFactura(f));
    const checks = checkSatMany(
      [p1, p3, sustituto].map((p) => firmarComprobante(p, satTestCsd(EKU.rfc)).xml),
    );
    for (const c of checks) expect(c.errors).toEqual([]);
  });
});

describe('a payment too small for one tax group of the invoice (issue 24)', () => {
  it('is valid without that group, says which one and the least amount that carries it', () => {
    // 1000.00 at IVA 16 % and 1.00 exempt: 1.00 paid gives the exempt group 0.00086 of base.
    const f = factura([
      { cantidad: '1', valor: '1000.00', impuestos: [IVA16] },
      {
        cantidad: '1',
        valor: '1.00',
        impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' }],
      },
    ]);
    expect(f.Total).toBe('1161.00');
    const r = buildPago(
      {
        serie: 'P',
        folio: '1',
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: CACX,
        pago: {
          fechaPago: '2024-03-02T12:00:00',
          formaDePagoP: '03',
          monedaP: 'MXN',
          documentos: [
            {
              IdDocumento: UUID,
              Serie: 'F',
              Folio: '7',
              MonedaDR: 'MXN',
              NumParcialidad: 1,
              totalDocumento: f.Total,
              pagadoAnterior: '0',
              ImpPagado: '1.00',
              impuestos: gruposDe(f),
              previos: [],
            },
          ],
        },
      },
      { fecha: '2024-03-02T13:00:00' },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    expect(docto(r.comprobante).ImpuestosDR!.TrasladosDR!.map((l) => l.TipoFactorDR)).toEqual([
      'Tasa',
    ]);
    // (0.005 × 1161.00 / 1.00) = 5.805: from 5.81 the exempt group has a base of one cent.
    expect(r.avisos).toEqual([
      {
        field: 'pago.documentos[0].ImpPagado',
        message:
          'Este pago no lleva el IVA exento de la factura F-7: su parte del pago no llega a un centavo de base y el SAT no acepta una base de cero; la llevará el siguiente pago. Para llevarlo en éste, aplique al menos $ 5.81 MXN.',
      },
    ]);
    expect(validateComprobante(r.comprobante, { catalogos: catalogosDePrueba })).toEqual([]);
    // 5.81 carries both groups and says nothing.
    const suficiente = pagar(f, 1, '0', '5.81', []);
    expect(docto(suficiente).ImpuestosDR!.TrasladosDR).toHaveLength(2);
  });
});
