import type { TipoComprobante } from './tipo-comprobante.ts';

/**
 * The global invoice: a CFDI de Ingreso to the general public with InformacionGlobal (Anexo 20;
 * Guía de llenado, factura global), so it shares the letter I with the income invoice.
 */
export const FACTURA_GLOBAL = {
  clave: 'factura_global',
  tipoDeComprobante: 'I',
  nombre: 'Factura global',
  documento: 'factura global',
  genero: 'femenino',
  serie: { kind: 'facturas-globales', etiqueta: 'Facturas globales', inicial: 'G' },
  carpetaZip: 'Facturas globales',
  efectoEnSaldo: 'ninguno',
  seccionPdf: 'ventas',
  muestraTotal: true,
  reconoce: (cfdi: { readonly informacionGlobal: boolean }) => cfdi.informacionGlobal,
} as const satisfies TipoComprobante;
