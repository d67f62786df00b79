/** fast-check generators of valid invoice drafts inside the SAT limits (for property tests). */
import fc from 'fast-check';
import { Decimal } from '../src/decimal.ts';
import type { ImpuestoDraft, ImpuestoLocalDraft } from '../src/calc/types.ts';
import { limpiarDescripcion } from '../src/xml/texto.ts';
import type { IngresoDraft } from '../src/xml/build-ingreso.ts';
import type { ConceptoIngresoDraft } from '../src/xml/nodos/index.ts';

/** Decimal text between min and max with 0–6 decimals as written by a user. */
export function decimalText(min: number, max: number, maxScale = 6): fc.Arbitrary<string> {
  return fc.integer({ min: 0, max: maxScale }).chain((s) => {
    const f = 10 ** s;
    return fc
      .integer({ min: Math.ceil(min * f), max: Math.floor(max * f) })
      .map((n) => new Decimal(n).dividedBy(f).toFixed(s));
  });
}

const ivaTraslado = fc.constantFrom<ImpuestoDraft | undefined>(
  { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
  { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.080000' },
  { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0' },
  { tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' },
  undefined,
);
const ieps = fc.oneof(
  fc.constant(undefined),
  fc
    .constantFrom(
      '0.265',
      '0.30',
      '0.53',
      '0.5',
      '1.6',
      '0.304',
      '0.25',
      '0.09',
      '0.08',
      '0.07',
      '0.06',
      '0.03',
    )
    .map((t): ImpuestoDraft => ({
      tipo: 'traslado',
      impuesto: '003',
      tipoFactor: 'Tasa',
      tasaOCuota: t,
    })),
  decimalText(0, 72.1605).map((t): ImpuestoDraft => ({
    tipo: 'traslado',
    impuesto: '003',
    tipoFactor: 'Cuota',
    tasaOCuota: t,
  })),
);
const isrRet = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('0.10', '0.0125').map((t): ImpuestoDraft => ({
    tipo: 'retencion',
    impuesto: '001',
    tipoFactor: 'Tasa',
    tasaOCuota: t,
  })),
  decimalText(0, 0.35).map((t): ImpuestoDraft => ({
    tipo: 'retencion',
    impuesto: '001',
    tipoFactor: 'Tasa',
    tasaOCuota: t,
  })),
);
const ivaRet = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('0.106666', '0.106667', '0.04').map((t): ImpuestoDraft => ({
    tipo: 'retencion',
    impuesto: '002',
    tipoFactor: 'Tasa',
    tasaOCuota: t,
  })),
);
const local = fc.oneof(
  { arbitrary: fc.constant<ImpuestoLocalDraft[]>([]), weight: 8 },
  {
    arbitrary: fc.constantFrom<ImpuestoLocalDraft[]>(
      [{ tipo: 'traslado', nombre: 'ISH', tasa: '3.5' }],
      [{ tipo: 'retencion', nombre: '5 al millar', tasa: '0.50' }],
    ),
    weight: 1,
  },
);

const texto = fc
  .stringMatching(/^[A-Za-z0-9ÁÉÍÓÚáéíóúÑñ&<>"' .,-]{1,40}$/)
  .filter((s) => limpiarDescripcion(s) !== '');

export function conceptoArb(conLocales: boolean): fc.Arbitrary<ConceptoIngresoDraft> {
  return fc
    .record({
      cantidad: decimalText(0.1, 10000),
      valorUnitario: decimalText(0.1, 100000),
      descripcion: texto,
      iva: ivaTraslado,
      ieps,
      isr: isrRet,
      ivaRet,
      ivaSobreIeps: fc.boolean(),
      descuento: fc.oneof(
        fc.constant(undefined),
        fc
          .integer({ min: 0, max: 100 })
          .map((p) => ({ tipo: 'porcentaje' as const, p: String(p) })),
        fc
          .integer({ min: 0, max: 1000 })
          .map((m) => ({ tipo: 'importe' as const, p: String(m / 1000) })),
      ),
      locales: conLocales ? local : fc.constant([]),
    })
    .map((r): ConceptoIngresoDraft => {
      const impuestos = [r.iva, r.ieps, r.isr, r.ivaRet].filter(
        (x): x is ImpuestoDraft => x !== undefined,
      );
      const importe = new Decimal(r.cantidad)
        .times(r.valorUnitario)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      let descuento: ConceptoIngresoDraft['descuento'];
      if (r.descuento) {
        const monto =
          r.descuento.tipo === 'porcentaje'
            ? importe.times(r.descuento.p).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
            : importe.times(r.descuento.p).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        // A fully discounted line cannot carry taxes (rules 3.4): keep such draws valid.
        if (!(impuestos.length > 0 && monto.greaterThanOrEqualTo(importe)))
          descuento =
            r.descuento.tipo === 'porcentaje'
              ? { tipo: 'porcentaje', valor: r.descuento.p }
              : { tipo: 'importe', valor: monto.toFixed(2) };
      }
      return {
        claveProdServ: '43232408',
        claveUnidad: 'H87',
        unidad: 'Pieza',
        descripcion: r.descripcion,
        cantidad: r.cantidad,
        valorUnitario: r.valorUnitario,
        ...(descuento ? { descuento } : {}),
        impuestos,
        ivaSobreIeps: r.ivaSobreIeps,
        ...(r.locales.length ? { impuestosLocales: r.locales } : {}),
      };
    });
}

const esIva8 = (i: ImpuestoDraft) =>
  i.impuesto === '002' && i.tipoFactor === 'Tasa' && new Decimal(i.tasaOCuota ?? 0).equals('0.08');

/**
 * IVA 8 % only from a border-region postal code (22000) and on a key that admits the stimulus
 * (50202306); elsewhere the draw's 8 % becomes 16 % (rules 2.4.1).
 */
function reglaFronteriza(c: ConceptoIngresoDraft, frontera: boolean): ConceptoIngresoDraft {
  if (!(c.impuestos ?? []).some(esIva8)) return c;
  if (frontera) return { ...c, claveProdServ: '50202306' };
  return {
    ...c,
    impuestos: (c.impuestos ?? []).map((i) => (esIva8(i) ? { ...i, tasaOCuota: '0.16' } : i)),
  };
}

/** USD reference rate of the property tests' day, and the rate drawn around it (±4 %). */
export const FIX_DE_PRUEBA = '17.4520';

export const ingresoArb: fc.Arbitrary<IngresoDraft> = fc
  .record({
    moneda: fc.constantFrom('MXN', 'USD'),
    metodoPago: fc.constantFrom('PUE' as const, 'PPD' as const),
    frontera: fc.boolean(),
    tipoCambio: fc.integer({ min: -40_000, max: 40_000 }).map((n) =>
      new Decimal(FIX_DE_PRUEBA)
        .times(new Decimal(1).plus(new Decimal(n).dividedBy(1_000_000)))
        .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
        .toFixed(),
    ),
    conceptos: fc.array(conceptoArb(true), { minLength: 1, maxLength: 50 }),
  })
  .map((r): IngresoDraft => ({
    serie: 'F',
    folio: '1',
    formaPago: r.metodoPago === 'PUE' ? '03' : '99',
    metodoPago: r.metodoPago,
    moneda: r.moneda,
    ...(r.moneda === 'USD' ? { tipoCambio: r.tipoCambio } : {}),
    lugarExpedicion: r.frontera ? '22000' : '42501',
    emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
    receptor: {
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      domicilioFiscalReceptor: '10740',
      regimenFiscalReceptor: '612',
      usoCfdi: 'G03',
    },
    conceptos: r.conceptos.map((c) => reglaFronteriza(c, r.frontera)),
  }));
