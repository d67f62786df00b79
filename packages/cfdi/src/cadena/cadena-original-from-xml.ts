import { parseComprobanteXml } from '../xml/parse-xml.ts';
import { buildCadenaOriginal } from './build-cadena-original.ts';

/**
 * The cadena original of a CFDI received as XML text (what a PAC verifies the Sello against).
 * Throws, in Spanish, when the XML is not a CFDI 4.0 the engine can read.
 */
export function cadenaOriginalFromXml(xml: string): string {
  return buildCadenaOriginal(parseComprobanteXml(xml));
}
