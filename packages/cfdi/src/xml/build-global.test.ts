import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { checkSat } from '../../test/check-sat.ts';
import { satTestCsd } from '../../test/fixtures.ts';
import { calcularGlobal, impuestosDeGrupo, type TicketGlobalDraft } from '../calc/global.ts';
import {
  emisionTardia,
  limiteDeEmision,
  mesesDePeriodo,
  nombreDePeriodo,
  periodoGlobal,
} from '../calc/periodo-global.ts';
import { firmarComprobante } from '../sello/index.ts';
import { buildIngreso } from './build-ingreso.ts';
import { buildGlobal, type GlobalDraft } from './build-global.ts';
import type { Comprobante } from './model.ts';
import { validateComprobante } from '../validacion/validate-comprobante.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const IVA0 = { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0' } as const;
const IVA_EXENTO = { tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' } as const;
const IEPS8 = {
  tipo: 'traslado',
  impuesto: '003',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.08',
} as const;

const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };

const draft = (tickets: TicketGlobalDraft[], extra: Partial<GlobalDraft> = {}): GlobalDraft => ({
  serie: 'G',
  folio: '7',
  formaPago: '01',
  moneda: 'MXN',
  lugarExpedicion: '42501',
  emisor: EKU,
  periodicidad: '04',
  meses: '01',
  año: '2023',
  tickets,
  ...extra,
});

function built(d: GlobalDraft, fecha = '2023-02-01T10:00:00'): Comprobante {
  const r = buildGlobal(d, { fecha });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return { ...r.comprobante, NoCertificado: '30001000000400002434' };
}

const codes = (c: Comprobante) => validateComprobante(c, { catalogos }).map((e) => e.code);

/** Mixed tax groups: IVA 16 %, 0 %, exento, IEPS 8 % + IVA 16 %, no object of tax. */
function ventas(n: number): TicketGlobalDraft[] {
  const grupos = [[IVA16], [IVA0], [IVA_EXENTO], [IEPS8, IVA16], []];
  return Array.from({ length: n }, (_, i) => ({
    folioVenta: `T-${String(i + 1).padStart(5, '0')}`,
    subtotal: `${(i % 97) + 1}.${String((i * 37) % 100).padStart(2, '0')}`,
    ...(i % 11 === 0 ? { descuento: '0.50' } : {}),
    impuestos: grupos[i % grupos.length]!,
  }));
}

describe('factura global (rules 8)', () => {
  it('one concepto per sale with 01010101 / ACT / 1 / Venta / folio; receptor and PUE fixed', () => {
    const c = built(draft(ventas(5)));
    expect(c.MetodoPago).toBe('PUE');
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: '42501',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(
      c.Conceptos.map((k) => [k.ClaveProdServ, k.ClaveUnidad, k.Cantidad, k.Descripcion]),
    ).toEqual(Array(5).fill(['01010101', 'ACT', '1', 'Venta']));
    expect(c.Conceptos.map((k) => k.NoIdentificacion)).toEqual([
      'T-00001',
      'T-00002',
      'T-00003',
      'T-00004',
      'T-00005',
    ]);
    expect(c.Conceptos.map((k) => k.ObjetoImp)).toEqual(['02', '02', '02', '02', '01']);
    expect(codes(c)).toEqual([]);
  });

  it('500 sales with 0 %, exento, IEPS and IVA pass the SAT checks; each sale total is the ticket', () => {
    const tickets = ventas(500);
    const c = built(draft(tickets));
    expect(codes(c)).toEqual([]);
    expect(checkSat(firmarComprobante(c, satTestCsd('EKU9003173C9')).xml).errors).toEqual([]);
    const calc = calcularGlobal(tickets);
    expect(calc.ok).toBe(true);
    if (!calc.ok) return;
    expect(calc.totales.Total).toBe(c.Total);
    // Sale 4 (IEPS 8 % and IVA 16 % on 4.11): IEPS 0.33, IVA on 4.44 = 0.71, each line rounded.
    expect(calc.ventas[3]).toMatchObject({
      folioVenta: 'T-00004',
      subtotal: '4.11',
      impuestos: '1.04',
      totalVenta: '5.15',
    });
    const exentos = c.Impuestos!.Traslados!.find((t) => t.TipoFactor === 'Exento');
    expect(exentos).toMatchObject({ Impuesto: '002' });
    expect(exentos!.Importe).toBeUndefined();
    expect(c.Impuestos!.Traslados!.find((t) => t.TasaOCuota === '0.000000')!.Importe).toBe('0.00');
  });

  it('refuses a repeated or missing folio de venta, a zero subtotal and a withholding, per ticket', () => {
    const r = buildGlobal(
      draft([
        { folioVenta: 'A1', subtotal: '10', impuestos: [IVA16] },
        { folioVenta: 'A1', subtotal: '10', impuestos: [IVA16] },
        { folioVenta: ' ', subtotal: '0', impuestos: [IVA16] },
        {
          folioVenta: 'A4',
          subtotal: '10',
          impuestos: [
            { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
          ],
        },
      ]),
      { fecha: '2023-02-01T10:00:00' },
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errores.map((e) => e.field)).toEqual([
      'tickets[1].folioVenta',
      'tickets[2].folioVenta',
      'tickets[2].subtotal',
      'tickets[3].impuestos',
    ]);
    expect(!r.ok && r.errores[0]!.message).toBe(
      'Este folio de venta ya está en la factura global.',
    );
  });

  it('a sale whose discount is too large is told about the sale, never a concepto', () => {
    const r = calcularGlobal([
      { folioVenta: 'T1', subtotal: '100', descuento: '150', impuestos: [IVA16] },
      { folioVenta: 'T2', subtotal: '80', descuento: '80', impuestos: [IVA16] },
    ]);
    expect(r.ok).toBe(false);
    const mensajes = !r.ok ? r.errores.map((e) => `${e.field}: ${e.message}`) : [];
    expect(mensajes).toEqual([
      'tickets[0].descuento: El descuento no puede ser mayor que el subtotal de la venta.',
      'tickets[1].descuento: Una venta con impuestos no puede tener un descuento del 100 %: la base de sus impuestos sería cero.',
    ]);
    expect(mensajes.join(' ')).not.toMatch(/concepto/i);
  });

  it('the validator refuses any CFDI with InformacionGlobal that breaks the global rules', () => {
    const c = built(draft(ventas(3)));
    const roto: Comprobante = {
      ...c,
      MetodoPago: 'PPD',
      FormaPago: '99',
      Conceptos: c.Conceptos.map((k, i) =>
        i === 1
          ? {
              ...k,
              ClaveProdServ: '50202306',
              ClaveUnidad: 'H87',
              Descripcion: 'Refresco',
              NoIdentificacion: 'T-00001',
            }
          : k,
      ),
    };
    expect(codes(roto)).toEqual([
      'GLOBAL_METODO_PAGO',
      'GLOBAL_CLAVE_PROD_SERV',
      'GLOBAL_CLAVE_UNIDAD',
      'GLOBAL_DESCRIPCION',
      'GLOBAL_FOLIO_REPETIDO',
    ]);
    expect(
      codes({
        ...c,
        Receptor: {
          ...c.Receptor,
          DomicilioFiscalReceptor: '06000',
          RegimenFiscalReceptor: '601',
          UsoCFDI: 'G03',
        },
      }),
    ).toEqual(['CFDI40149', 'CFDI40159', 'CFDI40161', 'CFDI40158']);
    expect(codes({ ...c, Receptor: { ...c.Receptor, Nombre: 'JUAN PEREZ' } })).toEqual([
      'CFDI40130',
    ]);
  });

  it('an income invoice to PUBLICO EN GENERAL with InformacionGlobal but ordinary products is refused', () => {
    const r = buildIngreso(
      {
        formaPago: '01',
        metodoPago: 'PUE',
        moneda: 'MXN',
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: { rfc: 'XAXX010101000', nombre: 'PUBLICO EN GENERAL' },
        informacionGlobal: { Periodicidad: '04', Meses: '01', Año: '2023' },
        conceptos: [
          {
            claveProdServ: '50202306',
            cantidad: '2',
            claveUnidad: 'H87',
            descripcion: 'Refresco',
            valorUnitario: '15',
            impuestos: [IVA16],
          },
        ],
      },
      { fecha: '2023-02-01T10:00:00' },
    );
    const c = r.ok ? { ...r.comprobante, NoCertificado: '30001000000400002434' } : null;
    expect(c && codes(c)).toEqual([
      'GLOBAL_CLAVE_PROD_SERV',
      'GLOBAL_CLAVE_UNIDAD',
      'GLOBAL_CANTIDAD',
      'GLOBAL_DESCRIPCION',
      'GLOBAL_NO_IDENTIFICACION',
    ]);
  });

  it('period, year and issue date: not before the period, year current or previous, bimonthly only for 621', () => {
    const antes = built(draft(ventas(1), { meses: '03' }), '2023-02-28T23:00:00');
    expect(codes(antes)).toEqual(['GLOBAL_PERIODO_FUTURO']);
    // The last day of the period itself is allowed (a shop closing the month that night).
    expect(codes(built(draft(ventas(1), { meses: '02' }), '2023-02-28T23:00:00'))).toEqual([]);
    expect(codes(built(draft(ventas(1), { año: '2021' })))).toEqual(['CFDI40136']);
    expect(codes(built(draft(ventas(1), { meses: '13' })))).toEqual(['CFDI40134']);
    expect(
      codes(built(draft(ventas(1), { periodicidad: '05', meses: '13' }), '2023-03-01T09:00:00')),
    ).toEqual(['CFDI40132']);
    const rif = {
      ...EKU,
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      regimenFiscal: '621',
    };
    expect(
      codes(
        built(
          draft(ventas(1), { emisor: rif, periodicidad: '05', meses: '01' }),
          '2023-03-01T09:00:00',
        ),
      ),
    ).toEqual(['CFDI40135']);
  });

  it('period arithmetic: months, bimesters, the 24-hour deadline and names', () => {
    expect(periodoGlobal({ Periodicidad: '04', Meses: '02', Año: '2024' })).toEqual({
      inicio: '2024-02-01',
      fin: '2024-02-29',
    });
    expect(periodoGlobal({ Periodicidad: '05', Meses: '18', Año: '2025' })).toEqual({
      inicio: '2025-11-01',
      fin: '2025-12-31',
    });
    expect(mesesDePeriodo('05', 4)).toBe('14');
    expect(mesesDePeriodo('04', 4)).toBe('04');
    const dic = { Periodicidad: '04', Meses: '12', Año: '2025' };
    expect(limiteDeEmision(dic)).toBe('2026-01-01');
    expect(emisionTardia(dic, '2026-01-01T23:59:59')).toBe(false);
    expect(emisionTardia(dic, '2026-01-02T00:00:00')).toBe(true);
    expect(nombreDePeriodo(dic)).toBe('Diciembre 2025');
    expect(nombreDePeriodo({ Periodicidad: '05', Meses: '13', Año: '2025' })).toBe(
      'Bimestre Enero-Febrero 2025',
    );
  });

  it('tax groups: 0 %, exento and IEPS tasa fit; withholdings, local taxes and IEPS cuota do not', () => {
    const t = (
      tax_type: 'IVA' | 'IEPS',
      tipo_factor: 'Tasa' | 'Cuota' | 'Exento',
      value: string | null,
    ) => ({
      selected: true,
      tax_type,
      tipo_factor,
      value,
    });
    const grupo = (tras: ReturnType<typeof t>[], extra = {}) => ({
      objeto_impuesto_key: '02',
      impuestos_trasladados: tras,
      impuestos_retenidos: [],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
      ...extra,
    });
    expect(
      impuestosDeGrupo(grupo([t('IVA', 'Tasa', '0.160000'), t('IEPS', 'Tasa', '0.080000')])),
    ).toEqual({
      ok: true,
      impuestos: [
        { tipo: 'traslado', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.080000' },
        { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' },
      ],
    });
    expect(impuestosDeGrupo(grupo([t('IVA', 'Exento', null)]))).toEqual({
      ok: true,
      impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' }],
    });
    expect(
      impuestosDeGrupo({ ...grupo([t('IVA', 'Tasa', '0.16')]), objeto_impuesto_key: '01' }),
    ).toEqual({
      ok: true,
      impuestos: [],
    });
    expect(impuestosDeGrupo(grupo([], { impuestos_retenidos: [{ selected: true }] })).ok).toBe(
      false,
    );
    expect(
      impuestosDeGrupo(grupo([], { impuestos_locales_trasladados: [{ selected: true }] })).ok,
    ).toBe(false);
    expect(impuestosDeGrupo(grupo([t('IEPS', 'Cuota', '0.5')])).ok).toBe(false);
  });
});
