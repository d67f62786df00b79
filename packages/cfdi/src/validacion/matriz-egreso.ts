import type { ReglaMatriz } from './matriz.ts';

const T = 'src/validacion/matriz-egreso.test.ts';
const g = (code: string, regla: string, nota: string): ReglaMatriz => ({
  code,
  regla,
  donde: 'motor',
  test: T,
  nota,
});

/** MATRIZ.md's paragraph above the tipo E table: what the table leaves to the type's builder. */
export const INTRODUCCION_EGRESO: readonly string[] = [
  'Códigos del producto para lo que la guía pide a un egreso que acredita facturas; el importe no mayor',
  'que lo que queda de cada factura lo revisa el motor al construir la nota de crédito con los saldos',
  'que la API lee de la base, que el sandbox PAC no conoce.',
];

/** Nota de crédito (CFDI de egreso): the Guía de llenado's rules the engine checks on every tipo E. */
export const MATRIZ_EGRESO: readonly ReglaMatriz[] = [
  g(
    'EGRESO_RELACION',
    'Relaciona las facturas que acredita con TipoRelacion 01, 03 o 07',
    'c_TipoRelacion 01 nota de crédito de los documentos relacionados, 03 devolución de mercancía, 07 aplicación de anticipo (Apéndice 6).',
  ),
  g(
    'EGRESO_USO_CFDI',
    'UsoCFDI G02 (devoluciones, descuentos o bonificaciones)',
    'Un RFC genérico conserva S01 (CFDI40161).',
  ),
  g('EGRESO_METODO_PAGO', 'Método de pago PUE', 'La guía: el egreso se liquida al emitirse.'),
];
