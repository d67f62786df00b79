import { totalExpresion } from '@repo/pac';

export const VERIFICACION_SAT_URL =
  'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

/**
 * The SAT verification address printed as the QR of the representación impresa (cfdi40-rules 6.4):
 * id=UUID, re=RFC emisor, rr=RFC receptor, tt=total without non-significant zeros, fe=last 8 characters
 * of the comprobante's Sello. Written as the SAT's own example writes it (the sello's "/" and "=" as
 * they are); only an "&" of an RFC is escaped, or it would end the parameter.
 */
export function verificacionUrl(input: {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  total: string;
  sello: string;
}): string {
  const q = [
    ['id', input.uuid],
    ['re', input.rfcEmisor],
    ['rr', input.rfcReceptor],
    ['tt', totalExpresion(input.total)],
    ['fe', input.sello.slice(-8)],
  ]
    .map(([k, v]) => `${k ?? ''}=${(v ?? '').replaceAll('&', '%26')}`)
    .join('&');
  return `${VERIFICACION_SAT_URL}?${q}`;
}
