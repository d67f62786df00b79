import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { impuestosDeDocumento } from '../calc/pagos20.ts';
import { buildIngreso } from '../xml/build-ingreso.ts';
import { buildPago } from '../xml/build-pago.ts';
import type { Comprobante, DoctoRelacionado, Pago } from '../xml/model.ts';
import { MATRIZ_GLOBAL, MATRIZ_PAGOS } from './matriz-pagos.ts';
import { type Mutacion, esperarCodigo } from '../../test/matriz-mutaciones.ts';
import { validateComprobante } from './validate-comprobante.ts';

const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const CACX = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  domicilioFiscalReceptor: '10740',
  regimenFiscalReceptor: '612',
  usoCfdi: 'G03',
};
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

/** A PPD invoice with IVA 16 % and ISR 10 % withheld, paid whole by transfer: every node present. */
function pago(): Comprobante {
  const f = buildIngreso(
    {
      metodoPago: 'PPD',
      formaPago: '99',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: { ...CACX, usoCfdi: 'G03' },
      conceptos: [
        {
          claveProdServ: '80101500',
          cantidad: '1',
          claveUnidad: 'E48',
          descripcion: 'Servicio',
          valorUnitario: '1000.00',
          impuestos: [
            IVA16,
            { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
          ],
        },
      ],
    },
    { fecha: '2024-03-01T09:00:00' },
  );
  if (!f.ok) throw new Error(JSON.stringify(f.errores));
  const c = f.comprobante;
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
            MonedaDR: 'MXN',
            NumParcialidad: 1,
            totalDocumento: c.Total,
            pagadoAnterior: '0',
            ImpPagado: c.Total,
            impuestos: impuestosDeDocumento(
              c.Conceptos.map((k) => ({
                Traslados: k.Impuestos?.Traslados ?? [],
                Retenciones: k.Impuestos?.Retenciones ?? [],
              })),
            ),
          },
        ],
      },
    },
    { fecha: '2024-03-02T13:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return structuredClone(r.comprobante);
}

/** A global invoice that keeps every rule: one sale, 01010101 / ACT / 1 / "Venta", PUE. */
function global(): Comprobante {
  const r = buildIngreso(
    {
      metodoPago: 'PUE',
      formaPago: '01',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: {
        rfc: 'XAXX010101000',
        nombre: 'PUBLICO EN GENERAL',
        domicilioFiscalReceptor: '42501',
        regimenFiscalReceptor: '616',
        usoCfdi: 'S01',
      },
      conceptos: [
        {
          claveProdServ: '01010101',
          noIdentificacion: 'T-1',
          cantidad: '1',
          claveUnidad: 'ACT',
          descripcion: 'Venta',
          valorUnitario: '100.00',
          impuestos: [IVA16],
        },
      ],
    },
    { fecha: '2026-01-21T12:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  const c = structuredClone(r.comprobante);
  c.InformacionGlobal = { Periodicidad: '04', Meses: '01', Año: '2026' };
  return c;
}

const P = (c: Comprobante): Pago => c.Complemento!.Pagos!.Pago[0]!;
const DR = (c: Comprobante): DoctoRelacionado => P(c).DoctoRelacionado[0]!;
const tDR = (c: Comprobante) => DR(c).ImpuestosDR!.TrasladosDR![0]!;
const rDR = (c: Comprobante) => DR(c).ImpuestosDR!.RetencionesDR![0]!;
const tP = (c: Comprobante) => P(c).ImpuestosP!.TrasladosP![0]!;
const rP = (c: Comprobante) => P(c).ImpuestosP!.RetencionesP![0]!;
const tot = (c: Comprobante) => c.Complemento!.Pagos!.Totales;
const con = (c: Comprobante) => c.Conceptos[0]!;

const p = (romper: (c: Comprobante) => void): Mutacion => [pago, romper];

/** The smallest change that breaks each rule of MATRIZ_PAGOS and MATRIZ_GLOBAL the engine checks. */
const MUTACIONES: Record<string, Mutacion> = {
  CRP20101: p((c) => (c.TipoDeComprobante = 'I')),
  CRP20102: p((c) => (c.Exportacion = '02')),
  CRP20103: p((c) => (c.SubTotal = '1')),
  CRP20104: p((c) => (c.Moneda = 'MXN')),
  CRP20105: p((c) => (c.FormaPago = '03')),
  CRP20106: p((c) => (c.MetodoPago = 'PUE')),
  CRP20107: p((c) => (c.CondicionesDePago = 'Contado')),
  CRP20108: p((c) => (c.Descuento = '0')),
  CRP20109: p((c) => (c.TipoCambio = '1')),
  CRP20110: p((c) => (c.Total = '1')),
  CRP20111: p((c) => c.Conceptos.push({ ...con(c) })),
  CRP20112: p((c) => (con(c).CuentaPredial = [{ Numero: '123' }])),
  CRP20113: p((c) => (con(c).ClaveProdServ = '84111505')),
  CRP20114: p((c) => (con(c).NoIdentificacion = 'X-1')),
  CRP20115: p((c) => (con(c).Cantidad = '2')),
  CRP20116: p((c) => (con(c).ClaveUnidad = 'E48')),
  CRP20117: p((c) => (con(c).Unidad = 'Pieza')),
  CRP20118: p((c) => (con(c).Descripcion = 'Cobro')),
  CRP20119: p((c) => (con(c).ValorUnitario = '1')),
  CRP20120: p((c) => (con(c).Importe = '1')),
  CRP20121: p((c) => (con(c).Descuento = '0')),
  CRP20122: p((c) => (con(c).ObjetoImp = '02')),
  CRP20123: p((c) => (con(c).Impuestos = { Traslados: [] })),
  CRP20201: p((c) => (tot(c).TotalRetencionesIVA = '1.00')),
  CRP20202: p((c) => (tot(c).TotalRetencionesISR = '1.00')),
  CRP20203: p((c) => (tot(c).TotalRetencionesIEPS = '1.00')),
  CRP20204: p((c) => (tot(c).TotalTrasladosBaseIVA16 = '1.00')),
  CRP20205: p((c) => (tot(c).TotalTrasladosImpuestoIVA16 = '1.00')),
  CRP20206: p((c) => (tot(c).TotalTrasladosBaseIVA8 = '1.00')),
  CRP20207: p((c) => (tot(c).TotalTrasladosImpuestoIVA8 = '1.00')),
  CRP20208: p((c) => (tot(c).TotalTrasladosBaseIVA0 = '1.00')),
  CRP20209: p((c) => (tot(c).TotalTrasladosImpuestoIVA0 = '1.00')),
  CRP20210: p((c) => (tot(c).TotalTrasladosBaseIVAExento = '1.00')),
  CRP20211: p((c) => (tot(c).MontoTotalPagos = '1.00')),
  CRP20212: p((c) => (P(c).FormaDePagoP = '99')),
  CRP20213: p((c) => (P(c).MonedaP = 'XXX')),
  CRP20214: p((c) => ((P(c).MonedaP = 'USD'), delete P(c).TipoCambioP)),
  CRP20215: p((c) => (P(c).TipoCambioP = '2')),
  CRP20216: p((c) => ((P(c).MonedaP = 'USD'), (P(c).TipoCambioP = '1'))),
  CRP20217: p((c) => (P(c).Monto = '1.00')),
  CRP20218: p((c) => (P(c).Monto = '0')),
  CRP20219: p((c) => (P(c).Monto = `${P(c).Monto}1`)),
  CRP20221: p((c) => ((P(c).FormaDePagoP = '01'), (P(c).RfcEmisorCtaOrd = 'BSM970519DU8'))),
  CRP20223: p((c) => (P(c).RfcEmisorCtaOrd = 'XEXX010101000')),
  CRP20224: p((c) => ((P(c).FormaDePagoP = '01'), (P(c).CtaOrdenante = '1234567890'))),
  CRP20225: p((c) => (P(c).CtaOrdenante = '123')),
  CRP20226: p((c) => (P(c).CtaBeneficiario = '123')),
  CRP20227: p((c) => ((P(c).FormaDePagoP = '01'), (P(c).RfcEmisorCtaBen = 'BSM970519DU8'))),
  CRP20228: p((c) => ((P(c).FormaDePagoP = '06'), (P(c).CtaBeneficiario = '1234567890'))),
  CRP20229: p((c) => ((P(c).FormaDePagoP = '02'), (P(c).TipoCadPago = '01'))),
  CRP20230: p((c) => (P(c).TipoCadPago = '01')),
  CRP20231: p((c) => (P(c).CertPago = 'MIIB')),
  CRP20232: p((c) => ((P(c).TipoCadPago = '01'), (P(c).CertPago = 'MIIB'))),
  CRP20233: p((c) => (P(c).CadPago = '||1|')),
  CRP20234: p((c) => ((P(c).TipoCadPago = '01'), (P(c).CadPago = '||1|'))),
  CRP20235: p((c) => (P(c).SelloPago = 'c2VsbG8=')),
  CRP20236: p((c) => (DR(c).MonedaDR = 'XXX')),
  CRP20237: p((c) => ((DR(c).MonedaDR = 'USD'), delete DR(c).EquivalenciaDR)),
  CRP20238: p((c) => (DR(c).EquivalenciaDR = '2')),
  CRP20239: p((c) => (DR(c).ImpSaldoAnt = '0')),
  CRP20240: p((c) => (DR(c).ImpSaldoAnt = `${DR(c).ImpSaldoAnt}1`)),
  CRP20241: p((c) => (DR(c).ImpPagado = '0')),
  CRP20242: p((c) => (DR(c).ImpPagado = `${DR(c).ImpPagado}1`)),
  CRP20243: p((c) => (DR(c).ImpSaldoInsoluto = `${DR(c).ImpSaldoInsoluto}1`)),
  CRP20244: p((c) => (DR(c).ImpSaldoInsoluto = '5.00')),
  CRP20245: p((c) => (DR(c).ObjetoImpDR = '99')),
  CRP20246: p((c) => delete DR(c).ImpuestosDR),
  CRP20247: p((c) => (DR(c).ObjetoImpDR = '01')),
  CRP20248: p((c) => (DR(c).ImpuestosDR = {})),
  CRP20249: p((c) => (rDR(c).BaseDR = '0')),
  CRP20250: p((c) => (rDR(c).ImpuestoDR = '009' as never)),
  CRP20252: p((c) => (rDR(c).TipoFactorDR = 'Exento')),
  CRP20253: p((c) => (rDR(c).TasaOCuotaDR = '0.900000')),
  CRP20254: p((c) => (rDR(c).ImporteDR = '1.00')),
  CRP20255: p((c) => (tDR(c).BaseDR = '0')),
  CRP20256: p((c) => (tDR(c).ImpuestoDR = '009' as never)),
  CRP20258: p((c) => (tDR(c).TipoFactorDR = 'Exento')),
  CRP20259: p((c) => delete tDR(c).ImporteDR),
  CRP20260: p((c) => (tDR(c).TasaOCuotaDR = '0.150000')),
  CRP20261: p((c) => (tDR(c).ImporteDR = '1.00')),
  CRP20262: p((c) => (rP(c).ImpuestoP = '009' as never)),
  CRP20263: p((c) => P(c).ImpuestosP!.RetencionesP!.push({ ...rP(c) })),
  CRP20264: p((c) => delete tot(c).TotalRetencionesISR),
  CRP20265: p((c) => (rP(c).ImporteP = '1.00')),
  CRP20266: p((c) => (tP(c).TipoFactorP = 'Exento')),
  CRP20267: p((c) => delete tot(c).TotalTrasladosBaseIVA16),
  CRP20268: p((c) => (tP(c).BaseP = '1.00')),
  CRP20269: p(
    (c) => ((tP(c).TipoFactorP = 'Exento'), delete tP(c).TasaOCuotaP, delete tP(c).ImporteP),
  ),
  CRP20270: p((c) => (tP(c).ImpuestoP = '009' as never)),
  CRP20271: p((c) => P(c).ImpuestosP!.TrasladosP!.push({ ...tP(c) })),
  CRP20273: p((c) => delete tot(c).TotalTrasladosImpuestoIVA16),
  CRP20274: p((c) => (tP(c).ImporteP = '1.00')),
  GLOBAL_METODO_PAGO: [global, (c) => (c.MetodoPago = 'PPD')],
  GLOBAL_CLAVE_PROD_SERV: [global, (c) => (con(c).ClaveProdServ = '80101500')],
  GLOBAL_CLAVE_UNIDAD: [global, (c) => (con(c).ClaveUnidad = 'E48')],
  GLOBAL_CANTIDAD: [global, (c) => (con(c).Cantidad = '2')],
  GLOBAL_DESCRIPCION: [global, (c) => (con(c).Descripcion = 'Tacos')],
  GLOBAL_NO_IDENTIFICACION: [global, (c) => delete con(c).NoIdentificacion],
  GLOBAL_FOLIO_REPETIDO: [global, (c) => c.Conceptos.push({ ...con(c) })],
  GLOBAL_RETENCIONES: [
    global,
    (c) =>
      (con(c).Impuestos!.Retenciones = [
        {
          Base: '100.00',
          Impuesto: '001',
          TipoFactor: 'Tasa',
          TasaOCuota: '0.100000',
          Importe: '10.00',
        },
      ]),
  ],
  GLOBAL_PERIODO_FUTURO: [global, (c) => (c.InformacionGlobal!.Meses = '12')],
};

/** Banxico's FIX of any day: 17.0000 MXN per USD. */
const validar = (c: Comprobante) =>
  validateComprobante(c, {
    catalogos,
    tipoCambioReferencia: (moneda) =>
      moneda === 'USD' ? { serie: 'SF43718', fecha: '2024-03-01', valor: '17.0000' } : undefined,
  });

describe('Pagos 2.0 and global invoices: every rule the engine checks, broken once', () => {
  it('the valid payment and global invoice the mutations start from pass', () => {
    expect(validar(pago())).toEqual([]);
    expect(validar(global())).toEqual([]);
  });

  it.each(
    [...MATRIZ_PAGOS, ...MATRIZ_GLOBAL].filter((x) => x.donde === 'motor').map((x) => x.code),
  )('%s: the engine answers the code, the field and a Spanish explanation', (code) =>
    esperarCodigo(MUTACIONES, validar, code),
  );
});

describe('the Pagos and global registries stay in sync with the rules', () => {
  it('lists CRP20101–CRP20123 and CRP20201–CRP20279 once each', () => {
    const codes = MATRIZ_PAGOS.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
    const esperados = [
      ...Array.from({ length: 23 }, (_, i) => `CRP${20101 + i}`),
      ...Array.from({ length: 79 }, (_, i) => `CRP${20201 + i}`),
    ];
    expect([...codes].sort()).toEqual(esperados);
  });

  it('every CRP and GLOBAL code the rules write is a "motor" row, and every "motor" row is written', () => {
    const dir = new URL('./rules/', import.meta.url);
    const fuente = readdirSync(dir)
      .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
      .map((n) => readFileSync(new URL(n, dir), 'utf8'))
      .join('\n');
    const escritos = new Set(
      [...fuente.matchAll(/'((?:CRP\d{5})|(?:GLOBAL_[A-Z_]+))'/g)].map((x) => x[1]!),
    );
    const registro = [...MATRIZ_PAGOS, ...MATRIZ_GLOBAL];
    for (const x of registro.filter((y) => y.donde === 'motor'))
      expect(escritos.has(x.code), x.code).toBe(true);
    for (const code of escritos)
      expect(registro.find((x) => x.code === code)?.donde, code).toBe('motor');
  });
});
