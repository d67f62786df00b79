import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { calcularPago20, type DocumentoPagadoDraft, type ImpuestoDocumento } from './pagos20.ts';
import { importeMinimoConImpuestos } from './pagos20-minimo.ts';

const grupo = (TasaOCuota: string, Base: string): ImpuestoDocumento => ({
  tipo: 'traslado',
  Impuesto: '002',
  TipoFactor: 'Tasa',
  TasaOCuota,
  Base,
});

/** How many ImpuestosDR lines this payment of the invoice carries (rules 7.5). */
function lineas(doc: DocumentoPagadoDraft, ImpPagado: Decimal): number {
  const d = calcularPago20({
    MonedaP: 'MXN',
    documentos: [{ ...doc, ImpPagado: ImpPagado.toFixed(2) }],
  }).doctos[0]!;
  return d.TrasladosDR.length + d.RetencionesDR.length;
}

describe('importeMinimoConImpuestos: the least payment whose taxes reach a cent', () => {
  it('an invoice of 216.00 (100.00 at 16 %, 100.00 at 0 %): 0.02 from nothing paid, the asked amount itself when it already carries them', () => {
    const doc: DocumentoPagadoDraft = {
      IdDocumento: 'X',
      MonedaDR: 'MXN',
      NumParcialidad: 1,
      totalDocumento: '216.00',
      pagadoAnterior: '0',
      ImpPagado: '0.01',
      impuestos: [grupo('0.160000', '100.00'), grupo('0.000000', '100.00')],
    };
    expect(importeMinimoConImpuestos(doc)?.toFixed(2)).toBe('0.02');
    expect(importeMinimoConImpuestos({ ...doc, ImpPagado: '5.00' })?.toFixed(2)).toBe('5.00');
  });

  it('a group much smaller than the invoice: the minimum is in pesos, not cents', () => {
    // 1.00 taxed among 10,000.00 not objeto de impuesto: Total 10,001.16.
    const doc: DocumentoPagadoDraft = {
      IdDocumento: 'X',
      MonedaDR: 'MXN',
      NumParcialidad: 1,
      totalDocumento: '10001.16',
      pagadoAnterior: '0',
      ImpPagado: '1.00',
      impuestos: [grupo('0.160000', '1.00')],
    };
    expect(importeMinimoConImpuestos(doc)?.toFixed(2)).toBe('50.01');
  });

  it('for any invoice and earlier payments: the minimum carries a line and one cent less does not', () => {
    const cents = (min: number, max: number) =>
      fc.integer({ min, max }).map((n) => new Decimal(n).dividedBy(100));
    fc.assert(
      fc.property(
        fc.array(cents(1, 50_000), { minLength: 1, maxLength: 3 }),
        cents(0, 2_000_000),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 100 }),
        (bases, sinImpuesto, anteriorPorMil, pedido) => {
          const base = bases.reduce((a, b) => a.plus(b), new Decimal(0));
          const total = base.times('1.16').toDecimalPlaces(2).plus(sinImpuesto);
          const anterior = total.times(anteriorPorMil).dividedBy(1000).toDecimalPlaces(2, 1);
          const saldo = total.minus(anterior);
          if (saldo.lessThanOrEqualTo(0)) return;
          const doc: DocumentoPagadoDraft = {
            IdDocumento: 'X',
            MonedaDR: 'MXN',
            NumParcialidad: 2,
            totalDocumento: total.toFixed(2),
            pagadoAnterior: anterior.toFixed(2),
            ImpPagado: Decimal.min(new Decimal(pedido).dividedBy(100), saldo).toFixed(2),
            impuestos: bases.map((b) => grupo('0.160000', b.toFixed(2))),
          };
          const minimo = importeMinimoConImpuestos(doc);
          if (minimo === null) {
            // Then not even the whole balance carries a line.
            expect(lineas(doc, saldo)).toBe(0);
            return;
          }
          expect(minimo.lessThanOrEqualTo(saldo)).toBe(true);
          expect(lineas(doc, minimo)).toBeGreaterThan(0);
          const menos = minimo.minus('0.01');
          if (menos.greaterThanOrEqualTo(doc.ImpPagado)) expect(lineas(doc, menos)).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
