import type { TipoComprobante } from './tipo-comprobante.ts';

/**
 * The credit note (CFDI de egreso, tipo E, with CfdiRelacionados 01 or 03): a discount, bonus or
 * return on stamped invoices; it lowers what remains of each one it relates.
 */
export const NOTA_CREDITO = {
  clave: 'nota_credito',
  tipoDeComprobante: 'E',
  nombre: 'Nota de crédito',
  documento: 'nota de crédito',
  genero: 'femenino',
  serie: { kind: 'notas-credito', etiqueta: 'Notas de crédito', inicial: 'NC' },
  carpetaZip: 'Notas de crédito',
  efectoEnSaldo: 'reduce',
  seccionPdf: 'conceptos',
  muestraTotal: true,
} as const satisfies TipoComprobante;
