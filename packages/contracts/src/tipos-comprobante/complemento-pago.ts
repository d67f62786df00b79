import type { TipoComprobante } from './tipo-comprobante.ts';

/** The payment complement (CFDI tipo P with Pagos 2.0): it lowers the balance of what it pays. */
export const COMPLEMENTO_PAGO = {
  clave: 'complemento_pago',
  tipoDeComprobante: 'P',
  nombre: 'Complemento de pago',
  documento: 'recibo de pago',
  genero: 'masculino',
  serie: { kind: 'recepcion-pagos', etiqueta: 'Recepción de pagos', inicial: 'P' },
  carpetaZip: 'Complementos de pago',
  efectoEnSaldo: 'reduce',
  // A CFDI de pago's Total is 0 (Anexo 20, Guía de llenado de pagos): the amounts are in Pagos.
  seccionPdf: 'recibo-de-pago',
  muestraTotal: false,
} as const satisfies TipoComprobante;
