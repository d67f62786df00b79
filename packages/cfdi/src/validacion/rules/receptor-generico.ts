import { RFC_GENERICO } from '../../catalogos.ts';

/**
 * What an invoice to a generic RFC carries in place of the client's own data, and why, in Spanish:
 * the SAT's Guía de llenado (Anexo 20, Receptor) asks for DomicilioFiscalReceptor = LugarExpedicion,
 * RegimenFiscalReceptor 616 and UsoCFDI S01 (CFDI40149, CFDI40159, CFDI40161). Null for another RFC.
 * Shown on the invoice form and in the API's answer, so nothing changes unannounced.
 */
export function avisoReceptorGenerico(input: {
  rfc: string;
  lugarExpedicion: string;
  /** The client's own postal code, if it has one: it is not used. */
  codigoPostalCliente?: string | null;
}): string | null {
  const rfc = input.rfc.trim().toUpperCase();
  if (rfc !== RFC_GENERICO.PUBLICO_EN_GENERAL && rfc !== RFC_GENERICO.EXTRANJERO) return null;
  const quien = rfc === RFC_GENERICO.PUBLICO_EN_GENERAL ? 'público en general' : 'extranjero';
  const cp = input.codigoPostalCliente?.trim() ?? '';
  const noUsado =
    cp !== '' && cp !== input.lugarExpedicion
      ? ` El código postal ${cp} del cliente no se usa en la factura.`
      : '';
  return (
    `Para el RFC genérico ${rfc} (${quien}) el SAT pide que la factura lleve como domicilio fiscal del receptor el código postal del lugar de expedición (${input.lugarExpedicion}), ` +
    `el régimen fiscal 616 (Sin obligaciones fiscales) y el uso del CFDI S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura se emitirá con esos datos.${noUsado}`
  );
}
