import { METODO_PAGO, RFC_GENERICO, TIPO_RELACION, USO_CFDI } from '../../catalogos.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';

const GUIA = 'Anexo 20, Guía de llenado: CFDI de egreso';

/** The relations a credit note of this product carries (c_TipoRelacion). */
const RELACIONES_DE_NOTA: readonly string[] = [
  TIPO_RELACION.NOTA_DE_CREDITO,
  TIPO_RELACION.DEVOLUCION,
  // Guía de llenado, Apéndice 6: the egreso that applies an advance relates the invoice of the
  // operation's full value with 07 (CFDI por aplicación de anticipo).
  TIPO_RELACION.APLICACION_DE_ANTICIPO,
];

/**
 * Nota de crédito (CFDI de egreso, tipo E), for every CFDI E whatever screen it comes from (the
 * sandbox PAC runs it too). The Guía de llenado: a egreso relates the CFDI it credits (TipoRelacion
 * 01 nota de crédito de los documentos relacionados, 03 devolución de mercancía, 07 aplicación de
 * anticipo, Apéndice 6), its receptor uses
 * G02 (devoluciones, descuentos o bonificaciones; a generic RFC keeps S01, CFDI40161) and it is
 * settled when issued, so MetodoPago PUE.
 */
export function reglasEgreso(c: Comprobante, e: Errores): void {
  if (c.TipoDeComprobante !== 'E') return;
  const relaciones = c.CfdiRelacionados ?? [];
  const deNota = relaciones.filter((r) => RELACIONES_DE_NOTA.includes(r.TipoRelacion));
  if (deNota.length === 0 || deNota.every((r) => r.CfdiRelacionado.length === 0))
    e.add(
      'EGRESO_RELACION',
      'CfdiRelacionados',
      'La nota de crédito debe relacionar las facturas que acredita (tipo de relación 01 nota de crédito, 03 devolución de mercancía o 07 aplicación de anticipo).',
      GUIA,
    );
  const rfc = c.Receptor?.Rfc;
  const generico = rfc === RFC_GENERICO.PUBLICO_EN_GENERAL || rfc === RFC_GENERICO.EXTRANJERO;
  if (!generico && c.Receptor?.UsoCFDI !== USO_CFDI.DEVOLUCIONES_DESCUENTOS_BONIFICACIONES)
    e.add(
      'EGRESO_USO_CFDI',
      'Receptor.UsoCFDI',
      'La nota de crédito se emite con uso del CFDI G02 (devoluciones, descuentos o bonificaciones).',
      GUIA,
    );
  if (c.MetodoPago !== METODO_PAGO.PUE)
    e.add(
      'EGRESO_METODO_PAGO',
      'MetodoPago',
      'La nota de crédito se emite con método de pago PUE (pago en una sola exhibición).',
      GUIA,
    );
}
