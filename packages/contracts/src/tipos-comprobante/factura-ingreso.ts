import type { TipoComprobante } from './tipo-comprobante.ts';

/** The income invoice (CFDI de Ingreso). */
export const FACTURA_INGRESO = {
  clave: 'factura_ingreso',
  tipoDeComprobante: 'I',
  nombre: 'Factura',
  documento: 'factura',
  genero: 'femenino',
  serie: { kind: 'facturas-ingreso', etiqueta: 'Facturas de ingreso', inicial: 'A' },
  carpetaZip: 'Facturas de ingreso',
  efectoEnSaldo: 'ninguno',
  seccionPdf: 'conceptos',
  muestraTotal: true,
} as const satisfies TipoComprobante;
