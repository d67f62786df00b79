import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { impuestosDeDocumento } from '../src/calc/pagos20.ts';
import { buildCadenaOriginal } from '../src/cadena/build-cadena-original.ts';
import { cadenaOriginalFromXml } from '../src/cadena/cadena-original-from-xml.ts';
import { Decimal } from '../src/decimal.ts';
import { firmarComprobante } from '../src/sello/index.ts';
import { validateComprobante } from '../src/validacion/validate-comprobante.ts';
import { buildIngreso } from '../src/xml/build-ingreso.ts';
import { buildPago } from '../src/xml/build-pago.ts';
import type { Comprobante } from '../src/xml/model.ts';
import { parseComprobanteXml } from '../src/xml/parse-xml.ts';
import { writeComprobanteXml } from '../src/xml/write-xml.ts';
import { catalogosDePrueba as catalogos } from './catalogos-de-prueba.ts';
import { checkSatMany } from './check-sat.ts';
import { currentTestCsd } from './fixtures.ts';
import { FIX_DE_PRUEBA, ingresoArb } from './invoice-arbitraries.ts';
import { recalcular } from './recalculo-independiente.ts';
import { HistorialTipoCambio } from '../src/tipo-cambio/index.ts';

const ctx = { fecha: '2026-01-21T12:00:00', noCertificado: '20001000000000000001' };
/** The USD reference of the tests' day: random rates within ±4 % of it must pass CFDI40118. */
const referencias = new HistorialTipoCambio([
  { moneda: 'USD', serie: 'SF43718', fecha: '2026-01-21', valor: FIX_DE_PRUEBA },
]);
const tipoCambioReferencia = (m: string, d: string) => referencias.referencia(m, d);

function build(d: Parameters<typeof buildIngreso>[0]): Comprobante {
  const r = buildIngreso(d, ctx);
  if (!r.ok) throw new Error(`draft refused: ${JSON.stringify(r.errores)}`);
  return r.comprobante;
}

// Each test takes a few seconds on an idle core; the long timeout covers a busy shared CI machine.
const LENTO = { timeout: 300_000 };

describe('random invoices (1–50 conceptos, up to 6 decimals, discounts, every tax combination, MXN/USD)', () => {
  it(
    'are always accepted, inside every SAT limit, and their XML round-trips to the same cadena',
    LENTO,
    () => {
      fc.assert(
        fc.property(ingresoArb, (draft) => {
          const c = build(draft);
          expect(validateComprobante(c, { catalogos, tipoCambioReferencia })).toEqual([]);
          expect(recalcular(draft, c)).toEqual([]);
          expect(new Decimal(c.Total).greaterThanOrEqualTo(0)).toBe(true);
          const xml = writeComprobanteXml(c);
          expect(parseComprobanteXml(xml)).toEqual(c);
          expect(cadenaOriginalFromXml(xml)).toBe(buildCadenaOriginal(c));
        }),
        { numRuns: 2000, seed: 20261123 },
      );
    },
  );

  it('the independent recomputation catches an IVA base without the IEPS and a cent off the total', () => {
    const draft = fc.sample(ingresoArb, { numRuns: 1, seed: 3 })[0]!;
    const { tipoCambio: _t, ...sinTipo } = draft;
    void _t;
    const d: typeof draft = {
      ...sinTipo,
      moneda: 'MXN',
      lugarExpedicion: '42501',
      conceptos: [
        {
          ...draft.conceptos[0]!,
          claveProdServ: '50202306',
          cantidad: '1',
          valorUnitario: '51.72',
          ivaSobreIeps: false,
          impuestosLocales: [],
          impuestos: [
            { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
            { tipo: 'traslado', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.08' },
          ],
        },
      ],
    };
    delete (d.conceptos[0] as { descuento?: unknown }).descuento;
    const viejo = build(d);
    expect(recalcular(d, viejo)).toEqual([]);
    const { ivaSobreIeps: _v, ...porDefecto } = d.conceptos[0]!;
    void _v;
    expect(recalcular({ ...d, conceptos: [porDefecto] }, viejo)).toContain(
      'Conceptos[0].traslado 002 Tasa.Base: 51.72 ≠ 55.86',
    );
    expect(recalcular(d, { ...viejo, Total: '1.00' })).toEqual([
      `Total: escrito 1.00, esperado ${viejo.Total}`,
    ]);
  });

  it(
    'a sample of 60, signed, passes the SAT XSD, the SAT XSLT cadena and openssl (batches of 30)',
    LENTO,
    () => {
      const csd = currentTestCsd('EKU9003173C9', 'ESCUELA KEMPER URGATE SA DE CV');
      const drafts = fc.sample(ingresoArb, { numRuns: 60, seed: 7 });
      for (let i = 0; i < drafts.length; i += 30) {
        const muestra = drafts.slice(i, i + 30).map((d) => firmarComprobante(build(d), csd));
        const resultados = checkSatMany(muestra.map((m) => m.xml));
        resultados.forEach((res, j) => {
          expect(res.errors).toEqual([]);
          expect(res.cadena).toBe(muestra[j]!.cadenaOriginal);
        });
      }
    },
  );

  it(
    'paying an MXN PPD invoice in 1–4 parts: every payment validates and ImpuestosDR add up to the invoice',
    LENTO,
    () => {
      fc.assert(
        fc.property(
          ingresoArb
            .filter((d) => d.moneda === 'MXN')
            .map((d) => ({
              ...d,
              metodoPago: 'PPD' as const,
              formaPago: '99',
              conceptos: d.conceptos.map(({ impuestosLocales: _l, ...c }) => c),
            })),
          fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
          (draft, pesos) => {
            const f = build(draft);
            const total = new Decimal(f.Total);
            fc.pre(total.greaterThan('0.10'));
            const suma = pesos.reduce((a, b) => a + b, 0);
            let acumulado = new Decimal(0);
            const grupos = impuestosDeDocumento(
              f.Conceptos.map((c) => ({
                Traslados: c.Impuestos?.Traslados ?? [],
                Retenciones: c.Impuestos?.Retenciones ?? [],
              })),
            );
            const sumBase = new Map<string, Decimal>();
            for (let i = 0; i < pesos.length; i++) {
              const parte =
                i === pesos.length - 1
                  ? total.minus(acumulado)
                  : total.times(pesos[i]!).dividedBy(suma).toDecimalPlaces(2, Decimal.ROUND_DOWN);
              if (!parte.greaterThan(0)) continue;
              const r = buildPago(
                {
                  lugarExpedicion: '42501',
                  emisor: draft.emisor,
                  receptor: draft.receptor,
                  pago: {
                    fechaPago: '2024-06-20T12:00:00',
                    formaDePagoP: '03',
                    monedaP: 'MXN',
                    documentos: [
                      {
                        IdDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
                        MonedaDR: 'MXN',
                        NumParcialidad: i + 1,
                        totalDocumento: f.Total,
                        pagadoAnterior: acumulado.toFixed(2),
                        ImpPagado: parte.toFixed(2),
                        impuestos: grupos,
                      },
                    ],
                  },
                },
                { fecha: '2024-06-20T13:00:00', noCertificado: '20001000000000000001' },
              );
              if (!r.ok) throw new Error(JSON.stringify(r.errores));
              expect(validateComprobante(r.comprobante, { catalogos })).toEqual([]);
              const dr = r.comprobante.Complemento!.Pagos!.Pago[0]!.DoctoRelacionado[0]!;
              for (const l of [
                ...(dr.ImpuestosDR?.TrasladosDR ?? []),
                ...(dr.ImpuestosDR?.RetencionesDR ?? []),
              ]) {
                const k = `${l.ImpuestoDR}|${l.TipoFactorDR}|${l.TasaOCuotaDR ?? ''}`;
                sumBase.set(k, (sumBase.get(k) ?? new Decimal(0)).plus(l.BaseDR));
              }
              acumulado = acumulado.plus(parte);
            }
            if (acumulado.equals(total)) {
              for (const g of grupos) {
                const k = `${g.Impuesto}|${g.TipoFactor}|${g.TasaOCuota ?? ''}`;
                const veces = grupos.filter(
                  (x) => `${x.Impuesto}|${x.TipoFactor}|${x.TasaOCuota ?? ''}` === k,
                ).length;
                if (veces === 1)
                  expect(sumBase.get(k)!.toFixed(2)).toBe(new Decimal(g.Base).toFixed(2));
              }
            }
          },
        ),
        { numRuns: 200, seed: 42 },
      );
    },
  );
});
