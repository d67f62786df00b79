/**
 * A small in-memory CatalogosLookup with real rows of the SAT catalogs (c_RegimenFiscal, c_UsoCFDI,
 * c_Moneda, c_TasaOCuota complete; a few keys of the big catalogs), for the engine's unit tests.
 */
import type { CatalogosLookup, TasaOCuotaRow } from '../src/validacion/catalogos-lookup.ts';

const regimenes: Record<string, [boolean, boolean]> = {
  '601': [false, true],
  '603': [false, true],
  '605': [true, false],
  '606': [true, false],
  '612': [true, false],
  '616': [true, false],
  '621': [true, false],
  '626': [true, true],
};
const G = '601,603,606,612,620,621,622,623,624,625,626';
const TODOS = '601,603,605,606,608,610,611,612,614,616,620,621,622,623,624,607,615,625,626';
const usos: Record<string, [boolean, boolean, string]> = {
  G01: [true, true, G],
  G02: [true, true, '601,603,606,612,616,620,621,622,623,624,625,626'],
  G03: [true, true, G],
  S01: [true, true, TODOS],
  CP01: [true, true, TODOS],
  D01: [true, false, '605,606,608,611,612,614,607,615,625'],
  CN01: [true, false, '605'],
};
const monedas: Record<string, number> = { MXN: 2, USD: 2, EUR: 2, JPY: 0, XXX: 0 };
/** c_Moneda porcentaje_variacion (5 for every currency of the catalog copy). */
const VARIACION = 5;
const set = (s: string) => new Set(s.split(' '));
const formas = set('01 02 03 04 05 06 08 12 13 14 15 17 23 24 25 26 27 28 29 30 31 99');
const prodServ = set('80101500 84111506 01010101 90111800 50202306 43232408');
const unidades = set('E48 ACT H87 DAY KGM LTR');
const cps = set('10740 42501 45079 86991 22000 64000 06300 77500 77000');
/** Border-region postal codes (22000 Tijuana north, 77000 Chetumal south) and keys without the stimulus. */
const frontera = set('22000 77000');
const sinEstimulo = set('01010101 43232408');
const paises = set('USA CAN ESP MEX');
const fijo = (
  v: string,
  impuesto: string,
  traslado: boolean,
  retencion: boolean,
): TasaOCuotaRow => ({
  tipo: 'Fijo',
  valorMinimo: '',
  valorMaximo: v,
  impuesto,
  factor: 'Tasa',
  traslado,
  retencion,
});
const tasas: TasaOCuotaRow[] = [
  fijo('0.000000', 'IVA', true, false),
  fijo('0.160000', 'IVA', true, false),
  {
    tipo: 'Rango',
    valorMinimo: '0.000000',
    valorMaximo: '0.160000',
    impuesto: 'IVA',
    factor: 'Tasa',
    traslado: false,
    retencion: true,
  },
  fijo('0.080000', 'IVA Crédito aplicado del 50%', true, false),
  ...[
    '0.265000',
    '0.300000',
    '0.530000',
    '0.500000',
    '1.600000',
    '0.304000',
    '0.250000',
    '0.090000',
    '0.080000',
    '0.070000',
    '0.060000',
  ].map((v) => fijo(v, 'IEPS', true, true)),
  fijo('0.030000', 'IEPS', true, false),
  fijo('0.000000', 'IEPS', true, false),
  {
    tipo: 'Rango',
    valorMinimo: '0.000000',
    valorMaximo: '72.160500',
    impuesto: 'IEPS',
    factor: 'Cuota',
    traslado: true,
    retencion: true,
  },
  {
    tipo: 'Rango',
    valorMinimo: '0.000000',
    valorMaximo: '0.350000',
    impuesto: 'ISR',
    factor: 'Tasa',
    traslado: false,
    retencion: true,
  },
];

export const catalogosDePrueba: CatalogosLookup = {
  regimenFiscal: (c) => {
    const r = regimenes[c];
    return r && { clave: c, aplicaFisica: r[0], aplicaMoral: r[1] };
  },
  usoCfdi: (c) => {
    const u = usos[c];
    return (
      u && {
        clave: c,
        aplicaFisica: u[0],
        aplicaMoral: u[1],
        regimenesFiscalesReceptores: u[2].split(','),
      }
    );
  },
  formaPago: (c) => (formas.has(c) ? { clave: c } : undefined),
  moneda: (c) =>
    monedas[c] === undefined
      ? undefined
      : { clave: c, decimales: monedas[c], porcentajeVariacion: VARIACION },
  claveProdServ: (c) =>
    prodServ.has(c) ? { clave: c, estimuloFranjaFronteriza: !sinEstimulo.has(c) } : undefined,
  claveUnidad: (c) => (unidades.has(c) ? { clave: c } : undefined),
  codigoPostal: (c) =>
    cps.has(c) ? { clave: c, estimuloFranjaFronteriza: frontera.has(c) } : undefined,
  pais: (c) => (paises.has(c) ? { clave: c } : undefined),
  tasasOCuotas: () => tasas,
};
