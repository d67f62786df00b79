/** The stamp of a stamped CFDI, read from its TimbreFiscalDigital. */
import type { Timbre } from '../pac.ts';

function atributo(xml: string, nombre: string): string {
  return new RegExp(`\\s${nombre}="([^"]*)"`).exec(xml)?.[1] ?? '';
}

/** Stamp fields from a stamped CFDI's TimbreFiscalDigital. */
export function timbreDeXml(
  xml: string,
): Omit<Timbre, 'codigo' | 'mensaje' | 'incidencias' | 'raw' | 'previamenteTimbrado'> | undefined {
  const i = xml.indexOf('TimbreFiscalDigital ');
  if (i < 0) return undefined;
  const tfd = xml.slice(i, xml.indexOf('>', i));
  const uuid = atributo(tfd, 'UUID');
  if (!uuid) return undefined;
  const leyenda = atributo(tfd, 'Leyenda');
  const campos = {
    uuid,
    fechaTimbrado: atributo(tfd, 'FechaTimbrado'),
    rfcProvCertif: atributo(tfd, 'RfcProvCertif'),
    selloCFD: atributo(tfd, 'SelloCFD'),
    noCertificadoSAT: atributo(tfd, 'NoCertificadoSAT'),
    selloSAT: atributo(tfd, 'SelloSAT'),
  };
  const cadena = `||1.1|${campos.uuid}|${campos.fechaTimbrado}|${campos.rfcProvCertif}|${leyenda ? `${leyenda}|` : ''}${campos.selloCFD}|${campos.noCertificadoSAT}||`;
  return { xml, ...campos, cadenaOriginalTfd: cadena };
}
