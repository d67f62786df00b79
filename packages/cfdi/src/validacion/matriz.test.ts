import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { HistorialTipoCambio } from '../tipo-cambio/index.ts';
import { buildIngreso, type IngresoDraft } from '../xml/build-ingreso.ts';
import type { Comprobante, Concepto, Traslado } from '../xml/model.ts';
import { MATRIZ_EGRESO } from './matriz-egreso.ts';
import { MATRIZ_GLOBAL, MATRIZ_PAGOS } from './matriz-pagos.ts';
import { MATRIZ, tablaMatriz } from './matriz.ts';
import { type Mutacion, esperarCodigo } from '../../test/matriz-mutaciones.ts';
import { validateComprobante } from './validate-comprobante.ts';

const RAIZ = new URL('../../', import.meta.url);
const referencias = new HistorialTipoCambio([
  { moneda: 'USD', serie: 'SF43718', fecha: '2026-01-21', valor: '17.4520' },
]);

const base: IngresoDraft = {
  serie: 'A',
  folio: '1',
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: '42501',
  emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
  receptor: {
    rfc: 'CACX7605101P8',
    nombre: 'XOCHILT CASAS CHAVEZ',
    domicilioFiscalReceptor: '10740',
    regimenFiscalReceptor: '612',
    usoCfdi: 'G03',
  },
  conceptos: [
    {
      claveProdServ: '80101500',
      cantidad: '2',
      claveUnidad: 'E48',
      descripcion: 'Consultoría',
      valorUnitario: '1500.50',
      descuento: { tipo: 'porcentaje', valor: '10' },
      impuestos: [
        { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
        { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
        { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106666' },
      ],
    },
  ],
};

function construir(d: IngresoDraft, fecha = '2026-01-21T12:00:00'): Comprobante {
  const r = buildIngreso(d, { fecha });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return structuredClone(r.comprobante);
}
const ing = () => construir(base);
const usd = () => construir({ ...base, moneda: 'USD', tipoCambio: '17.4520' });
const soloIva = () =>
  construir({
    ...base,
    conceptos: [{ ...base.conceptos[0]!, impuestos: [base.conceptos[0]!.impuestos![0]!] }],
  });
/** A factura global that keeps the global rules: one sale, 01010101 / ACT / 1 / "Venta", no withholdings. */
function glob(): Comprobante {
  const c = construir({
    ...base,
    conceptos: [
      {
        claveProdServ: '01010101',
        noIdentificacion: 'T-1',
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Venta',
        valorUnitario: '1500.50',
        impuestos: [base.conceptos[0]!.impuestos![0]!],
      },
    ],
  });
  c.Receptor = {
    Rfc: 'XAXX010101000',
    Nombre: 'PUBLICO EN GENERAL',
    DomicilioFiscalReceptor: c.LugarExpedicion,
    RegimenFiscalReceptor: '616',
    UsoCFDI: 'S01',
  };
  c.InformacionGlobal = { Periodicidad: '04', Meses: '01', Año: '2026' };
  return c;
}
const con = (c: Comprobante): Concepto => c.Conceptos[0]!;
const tras = (c: Comprobante): Traslado => con(c).Impuestos!.Traslados![0]!;
const ret = (c: Comprobante): Traslado => con(c).Impuestos!.Retenciones![0]!;
const extranjero = (c: Comprobante) => {
  c.Receptor = {
    ...c.Receptor,
    Rfc: 'XEXX010101000',
    RegimenFiscalReceptor: '616',
    UsoCFDI: 'S01',
  };
  c.Receptor.DomicilioFiscalReceptor = c.LugarExpedicion;
};
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

/** One valid document and the smallest change that breaks each rule the engine checks. */
const MUTACIONES: Record<string, Mutacion> = {
  CFDI40101: [ing, (c) => (c.Fecha = '2026-01-21 12:00')],
  CFDI40103: [ing, (c) => delete c.FormaPago],
  CFDI40104: [ing, (c) => (c.FormaPago = '77')],
  CFDI40105: [ing, (c) => (c.MetodoPago = 'PPD')],
  CFDI40107: [ing, (c) => (c.SubTotal = `${c.SubTotal}1`)],
  CFDI40108: [ing, (c) => (c.SubTotal = '1.00')],
  CFDI40109: [ing, (c) => (c.TipoDeComprobante = 'T')],
  CFDI40110: [ing, (c) => (c.Descuento = '999999.00')],
  CFDI40111: [ing, (c) => (c.Descuento = '1.00')],
  CFDI40112: [ing, (c) => (c.Descuento = `${c.Descuento}1`)],
  CFDI40113: [ing, (c) => (c.Moneda = 'ZZZ')],
  CFDI40114: [ing, (c) => (c.TipoCambio = '17')],
  CFDI40115: [usd, (c) => delete c.TipoCambio],
  CFDI40116: [ing, (c) => ((c.Moneda = 'XXX'), (c.TipoCambio = '1'))],
  CFDI40117: [usd, (c) => (c.TipoCambio = '17.1234567')],
  CFDI40118: [usd, (c) => (c.TipoCambio = '1')],
  CFDI40119: [ing, (c) => (c.Total = '1.00')],
  CFDI40121: [ing, (c) => (c.TipoDeComprobante = 'Z' as never)],
  CFDI40122: [ing, (c) => (c.Exportacion = '02')],
  CFDI40123: [ing, (c) => (c.Exportacion = '09')],
  CFDI40124: [ing, (c) => (c.MetodoPago = 'XYZ' as never)],
  CFDI40125: [ing, (c) => (c.TipoDeComprobante = 'T')],
  CFDI40126: [ing, (c) => (c.LugarExpedicion = '00000')],
  CFDI40127: [usd, (c) => (c.Confirmacion = 'ABC12')],
  CFDI40130: [ing, (c) => (c.InformacionGlobal = { Periodicidad: '04', Meses: '01', Año: '2026' })],
  CFDI40131: [glob, (c) => (c.InformacionGlobal!.Periodicidad = '09')],
  CFDI40132: [
    glob,
    (c) => ((c.InformacionGlobal!.Periodicidad = '05'), (c.InformacionGlobal!.Meses = '13')),
  ],
  CFDI40134: [glob, (c) => (c.InformacionGlobal!.Meses = '13')],
  CFDI40135: [glob, (c) => (c.InformacionGlobal!.Periodicidad = '05')],
  CFDI40136: [glob, (c) => (c.InformacionGlobal!.Año = '2019')],
  CFDI40137: [
    ing,
    (c) => (c.CfdiRelacionados = [{ TipoRelacion: '99', CfdiRelacionado: [{ UUID }] }]),
  ],
  CFDI40139: [ing, (c) => (c.Emisor.Nombre = '')],
  CFDI40140: [ing, (c) => (c.Emisor.RegimenFiscal = '999')],
  CFDI40141: [ing, (c) => (c.Emisor.RegimenFiscal = '612')],
  CFDI40145: [ing, (c) => (c.Receptor.Nombre = 'XOCHILT | CASAS')],
  CFDI40146: [ing, (c) => (c.Receptor.Nombre = 'PUBLICO EN GENERAL')],
  CFDI40148: [ing, (c) => (c.Receptor.DomicilioFiscalReceptor = '00000')],
  CFDI40149: [glob, (c) => (c.Receptor.DomicilioFiscalReceptor = '10740')],
  CFDI40151: [ing, (c) => (c.Receptor.ResidenciaFiscal = 'USA')],
  CFDI40152: [ing, (c) => (extranjero(c), (c.Receptor.ResidenciaFiscal = 'MEX'))],
  CFDI40153: [ing, (c) => (extranjero(c), (c.Receptor.NumRegIdTrib = '123456789'))],
  CFDI40154: [ing, (c) => (c.Receptor.NumRegIdTrib = '123456789')],
  CFDI40155: [
    ing,
    (c) => (
      extranjero(c),
      (c.Receptor.ResidenciaFiscal = 'USA'),
      (c.Receptor.NumRegIdTrib = '123456789')
    ),
  ],
  CFDI40157: [ing, (c) => (c.Receptor.RegimenFiscalReceptor = '999')],
  CFDI40158: [ing, (c) => (c.Receptor.RegimenFiscalReceptor = '601')],
  CFDI40159: [glob, (c) => (c.Receptor.RegimenFiscalReceptor = '612')],
  CFDI40160: [ing, (c) => (c.Receptor.UsoCFDI = 'Z99')],
  CFDI40161: [ing, (c) => (c.Receptor.UsoCFDI = 'CN01')],
  CFDI40162: [ing, (c) => (con(c).ClaveProdServ = '99999999')],
  CFDI40165: [ing, (c) => (con(c).ClaveUnidad = 'ZZZ')],
  CFDI40166: [ing, (c) => (con(c).ValorUnitario = '0')],
  CFDI40167: [ing, (c) => (con(c).Importe = '1.00')],
  CFDI40168: [ing, (c) => (con(c).Descuento = `${con(c).Descuento}1`)],
  CFDI40169: [ing, (c) => (con(c).Descuento = '999999.00')],
  CFDI40170: [ing, (c) => (con(c).ObjetoImp = '99' as never)],
  CFDI40171: [ing, (c) => delete con(c).Impuestos],
  CFDI40172: [ing, (c) => (con(c).ObjetoImp = '01')],
  CFDI40174: [ing, (c) => (tras(c).Base = '0')],
  CFDI40175: [ing, (c) => (tras(c).Impuesto = '009' as never)],
  CFDI40177: [ing, (c) => (tras(c).TipoFactor = 'Exento')],
  CFDI40178: [ing, (c) => delete tras(c).Importe],
  CFDI40179: [ing, (c) => (tras(c).TasaOCuota = '0.150000')],
  CFDI40180: [ing, (c) => (tras(c).Importe = '1.00')],
  CFDI40181: [ing, (c) => (ret(c).Base = '0')],
  CFDI40182: [ing, (c) => (ret(c).Impuesto = '009' as never)],
  CFDI40184: [ing, (c) => (ret(c).TipoFactor = 'Exento')],
  CFDI40185: [ing, (c) => (ret(c).TasaOCuota = '0.400000')],
  CFDI40186: [ing, (c) => (ret(c).Importe = '1.00')],
  CFDI40201: [ing, (c) => (c.TipoDeComprobante = 'T')],
  CFDI40202: [
    ing,
    (c) => (c.Impuestos!.TotalImpuestosRetenidos = `${c.Impuestos!.TotalImpuestosRetenidos}1`),
  ],
  CFDI40203: [ing, (c) => (c.Impuestos!.TotalImpuestosRetenidos = '1.00')],
  CFDI40204: [
    ing,
    (c) => (c.Impuestos!.TotalImpuestosTrasladados = `${c.Impuestos!.TotalImpuestosTrasladados}1`),
  ],
  CFDI40205: [ing, (c) => (c.Impuestos!.TotalImpuestosTrasladados = '1.00')],
  CFDI40206: [ing, (c) => delete c.Impuestos!.TotalImpuestosRetenidos],
  CFDI40208: [ing, (c) => c.Impuestos!.Retenciones!.push({ ...c.Impuestos!.Retenciones![0]! })],
  CFDI40209: [soloIva, (c) => (c.Impuestos!.TotalImpuestosRetenidos = '0.00')],
  CFDI40210: [
    ing,
    (c) => (c.Impuestos!.Retenciones![0]!.Importe = `${c.Impuestos!.Retenciones![0]!.Importe}1`),
  ],
  CFDI40211: [ing, (c) => (c.Impuestos!.Retenciones![0]!.Importe = '1.00')],
  CFDI40212: [ing, (c) => delete c.Impuestos!.TotalImpuestosTrasladados],
  CFDI40214: [
    ing,
    (c) => (c.Impuestos!.Traslados![0]!.Base = `${c.Impuestos!.Traslados![0]!.Base}1`),
  ],
  CFDI40215: [ing, (c) => (c.Impuestos!.Traslados![0]!.Base = '1.00')],
  CFDI40218: [ing, (c) => c.Impuestos!.Traslados!.push({ ...c.Impuestos!.Traslados![0]! })],
  CFDI40220: [
    ing,
    (c) => (c.Impuestos!.Traslados![0]!.Importe = `${c.Impuestos!.Traslados![0]!.Importe}1`),
  ],
  CFDI40221: [ing, (c) => (c.Impuestos!.Traslados![0]!.Importe = '1.00')],
};

const validar = (c: Comprobante) =>
  validateComprobante(c, {
    catalogos,
    tipoCambioReferencia: (moneda, dia) => referencias.referencia(moneda, dia),
  });

describe('the Anexo 20 matrix: every rule the engine checks, broken once', () => {
  it('the valid documents the mutations start from pass', () => {
    for (const hacer of [ing, usd, soloIva, glob]) expect(validar(hacer())).toEqual([]);
  });

  it.each(MATRIZ.filter((x) => x.donde === 'motor').map((x) => x.code))(
    '%s: the engine answers the code, the field and a Spanish explanation',
    (code) => esperarCodigo(MUTACIONES, validar, code),
  );
});

describe('MATRIZ.md, the registry, the rules and the tests stay in sync', () => {
  it('the registry lists CFDI40101–CFDI40221 once each', () => {
    const codes = MATRIZ.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
    const esperados = Array.from({ length: 121 }, (_, i) => `CFDI40${101 + i}`);
    expect([...codes].sort()).toEqual(esperados);
  });

  it('every code the rules write is in the registry, and every "motor" code is written by a rule', () => {
    const dir = new URL('./rules/', import.meta.url);
    const fuente = readdirSync(dir)
      .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
      .map((n) => readFileSync(new URL(n, dir), 'utf8'))
      .join('\n');
    const escritos = new Set(
      [...fuente.matchAll(/'(CFDI40\d{3})'/g)].map((x) => x[1]!).filter((x) => x !== 'CFDI40100'),
    );
    const motor = MATRIZ.filter((x) => x.donde === 'motor').map((x) => x.code);
    for (const code of motor) expect(escritos.has(code), code).toBe(true);
    for (const code of escritos)
      expect(MATRIZ.find((x) => x.code === code)?.donde, code).toBe('motor');
  });

  it('each test named in the table exists and names its code', () => {
    for (const x of [...MATRIZ, ...MATRIZ_PAGOS, ...MATRIZ_GLOBAL, ...MATRIZ_EGRESO].filter(
      (y) => y.test,
    )) {
      const url = x.test!.startsWith('packages/')
        ? new URL(`../../../../${x.test}`, import.meta.url)
        : new URL(x.test!, RAIZ);
      expect(existsSync(url), x.test).toBe(true);
      if (x.donde !== 'motor') expect(readFileSync(url, 'utf8'), x.code).toContain(x.code);
    }
  });

  it('MATRIZ.md is the table of the registry (regenerate: npx tsx packages/cfdi/scripts/matriz.ts)', () => {
    expect(readFileSync(new URL('MATRIZ.md', RAIZ), 'utf8')).toBe(tablaMatriz());
  });
});
