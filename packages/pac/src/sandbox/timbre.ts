/** TimbreFiscalDigital 1.1: cadena original, SelloSAT and placement in the CFDI (rules 6.1–6.3). */
import { sign, type KeyObject } from 'node:crypto';
import { medir } from '@repo/cfdi/fases';
import { writeTimbreFiscalDigital } from '@repo/cfdi/xml';

export interface DatosTimbre {
  UUID: string;
  FechaTimbrado: string;
  RfcProvCertif: string;
  Leyenda?: string;
  SelloCFD: string;
  NoCertificadoSAT: string;
}

const normalize = (v: string): string => v.replace(/[ \t\r\n]+/g, ' ').trim();

/** `||1.1|UUID|FechaTimbrado|RfcProvCertif|[Leyenda|]SelloCFD|NoCertificadoSAT||` (cadenaoriginal_TFD_1_1.xslt). */
export function cadenaOriginalTfd(t: DatosTimbre): string {
  const campos = [
    '1.1',
    t.UUID,
    t.FechaTimbrado,
    t.RfcProvCertif,
    ...(t.Leyenda ? [t.Leyenda] : []),
    t.SelloCFD,
    t.NoCertificadoSAT,
  ].map(normalize);
  return `||${campos.join('|')}||`;
}

/** Signs the timbre and returns its XML element, cadena and SelloSAT. */
export function firmarTimbre(
  t: DatosTimbre,
  llave: KeyObject,
): { elemento: string; cadena: string; selloSAT: string } {
  const cadena = medir('pac.timbre', () => cadenaOriginalTfd(t));
  const selloSAT = medir('pac.selloSAT', () =>
    sign('sha256', Buffer.from(cadena, 'utf8'), llave).toString('base64'),
  );
  const elemento = medir('pac.timbre', () =>
    writeTimbreFiscalDigital({ Version: '1.1', ...t, SelloSAT: selloSAT }),
  );
  return { elemento, cadena, selloSAT };
}

/**
 * Inserts the TFD element as the last child of Comprobante/Complemento (creating Complemento before
 * Addenda, or at the end, when absent). Nothing else in the document changes (rules 6.3).
 */
export function insertarTimbre(xml: string, elemento: string): string {
  const root = /<([A-Za-z_][\w.-]*:)?Comprobante[\s>]/.exec(xml);
  const p = root?.[1] ?? '';
  const cierreComplemento = xml.lastIndexOf(`</${p}Complemento>`);
  if (cierreComplemento >= 0)
    return xml.slice(0, cierreComplemento) + elemento + xml.slice(cierreComplemento);
  const vacio = new RegExp(`<${p}Complemento\\s*/>`).exec(xml);
  if (vacio)
    return (
      xml.slice(0, vacio.index) +
      `<${p}Complemento>${elemento}</${p}Complemento>` +
      xml.slice(vacio.index + vacio[0].length)
    );
  const addenda = xml.indexOf(`<${p}Addenda`);
  const at = addenda >= 0 ? addenda : xml.lastIndexOf(`</${p}Comprobante>`);
  if (at < 0) throw new Error('El XML no tiene cierre de Comprobante.');
  return xml.slice(0, at) + `<${p}Complemento>${elemento}</${p}Complemento>` + xml.slice(at);
}
