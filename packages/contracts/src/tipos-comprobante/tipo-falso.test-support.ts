import type { TipoComprobante } from './tipo-comprobante.ts';

/**
 * A document type that does not exist (a debit note: a CFDI de ingreso with relation 02, so it shares
 * the letter I with the income and global invoices), for the tests that prove a type is one
 * registration: they add it to the list and check that every generic part shows it, unedited.
 */
export const NOTA_DE_DEBITO_DE_PRUEBA = {
  clave: 'nota_debito',
  tipoDeComprobante: 'I',
  nombre: 'Nota de débito',
  documento: 'nota de débito',
  genero: 'femenino',
  serie: { kind: 'notas-debito', etiqueta: 'Notas de débito', inicial: 'ND' },
  carpetaZip: 'Notas de débito',
  efectoEnSaldo: 'ninguno',
  seccionPdf: 'conceptos',
  muestraTotal: true,
} as const satisfies TipoComprobante;
