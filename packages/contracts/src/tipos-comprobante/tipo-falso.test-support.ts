import type { TipoComprobante } from './tipo-comprobante.ts';

/**
 * A document type that does not exist (a credit note, tipo E), for the tests that prove a type is
 * one registration: they add it to the list and check that every generic part shows it, unedited.
 */
export const NOTA_DE_CREDITO_DE_PRUEBA = {
  clave: 'nota_credito',
  tipoDeComprobante: 'E',
  nombre: 'Nota de crédito',
  documento: 'nota de crédito',
  genero: 'femenino',
  serie: { kind: 'notas-credito', etiqueta: 'Notas de crédito', inicial: 'NC' },
  carpetaZip: 'Notas de crédito',
  efectoEnSaldo: 'reduce',
  muestraTotal: true,
} as const satisfies TipoComprobante;
