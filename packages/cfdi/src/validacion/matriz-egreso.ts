import type { ReglaMatriz } from './matriz.ts';

const T = 'src/validacion/matriz-egreso.test.ts';
const g = (code: string, regla: string, nota: string): ReglaMatriz => ({
  code,
  regla,
  donde: 'motor',
  test: T,
  nota,
});

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
