import type { ComprobanteType } from '@repo/contracts/comprobantes';
import { porClave, TIPOS_COMPROBANTE } from '@repo/contracts/tipos-comprobante/registro';
import {
  articulo,
  demostrativo,
  type TipoComprobante,
} from '@repo/contracts/tipos-comprobante/tipo-comprobante';

/** How the shared delivery panels name a document of each type, in Spanish. */
export interface DocumentoTexto {
  /** "La factura", "El recibo de pago". */
  el: string;
  /** "esta factura", "este recibo de pago". */
  este: string;
  /** The button: "Enviar factura". */
  enviar: string;
}

/** A type's texts from its declared noun and gender. */
export function documentoTexto(t: TipoComprobante): DocumentoTexto {
  return {
    el: mayuscula(`${articulo(t)} ${t.documento}`),
    este: `${demostrativo(t)} ${t.documento}`,
    enviar: `Enviar ${t.documento}`,
  };
}

export const DOCUMENTO_TEXTO: Record<ComprobanteType, DocumentoTexto> = porClave(
  TIPOS_COMPROBANTE,
  documentoTexto,
);

/** "Esta factura" from "esta factura". */
export function mayuscula(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}
