import type { ComprobanteType } from '@repo/contracts/comprobantes';

/** How the shared delivery panels name a document of each type, in Spanish. */
export interface DocumentoTexto {
  /** "La factura", "El recibo de pago". */
  el: string;
  /** "esta factura", "este recibo de pago". */
  este: string;
  /** The button: "Enviar factura". */
  enviar: string;
}

export const DOCUMENTO_TEXTO: Record<ComprobanteType, DocumentoTexto> = {
  factura_ingreso: { el: 'La factura', este: 'esta factura', enviar: 'Enviar factura' },
  factura_global: {
    el: 'La factura global',
    este: 'esta factura global',
    enviar: 'Enviar factura global',
  },
  complemento_pago: {
    el: 'El recibo de pago',
    este: 'este recibo de pago',
    enviar: 'Enviar recibo de pago',
  },
};

/** "Esta factura" from "esta factura". */
export function mayuscula(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}
