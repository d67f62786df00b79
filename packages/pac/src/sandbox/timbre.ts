/** TimbreFiscalDigital 1.1: cadena original, SelloSAT and placement in the CFDI (rules 6.1–6.3). */
import { randomUUID, type KeyObject } from 'node:crypto';
import { medir } from '@repo/cfdi/fases';
import { sellarEnHilo } from '@repo/cfdi/sello';
import { fechaLocal, writeTimbreFiscalDigital, type Comprobante } from '@repo/cfdi/xml';
import type { CertificadoSandbox } from './certificado-sandbox.ts';
import type { TimbreGuardado } from './store.ts';
import { ZONA_CENTRO } from './tiempo.ts';
import type { Verificado } from './verificacion.ts';

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

/** Signs the timbre (on libuv's thread pool) and returns its XML element, cadena and SelloSAT. */
export async function firmarTimbre(
  t: DatosTimbre,
  llave: KeyObject,
): Promise<{ elemento: string; cadena: string; selloSAT: string }> {
  const cadena = medir('pac.timbre', () => cadenaOriginalTfd(t));
  const selloSAT = await sellarEnHilo(cadena, llave);
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

/**
 * The new stamp of a document that passed every check, not yet stored: a fresh UUID, FechaTimbrado
 * (Zona Centro; never before the document's own Fecha), the TFD signed with the sandbox's
 * certificate and placed in the document's text.
 */
export async function nuevoTimbre(
  text: string,
  v: Verificado,
  firma: { hash: string; key: string; rfcProvCertif: string; certificado: CertificadoSandbox },
): Promise<TimbreGuardado> {
  const { c, sello } = v;
  const instante = new Date(Math.max(v.ahora.getTime(), v.fecha.getTime()));
  const datos = {
    UUID: randomUUID().toUpperCase(),
    FechaTimbrado: fechaLocal(instante, ZONA_CENTRO),
    RfcProvCertif: firma.rfcProvCertif,
    SelloCFD: sello,
    NoCertificadoSAT: firma.certificado.noCertificado,
  };
  const tfd = await firmarTimbre(datos, firma.certificado.llave);
  return {
    hash: firma.hash,
    uuid: datos.UUID,
    xml: medir('pac.timbre', () => insertarTimbre(text, tfd.elemento)),
    fechaTimbrado: datos.FechaTimbrado,
    instanteTimbrado: instante.toISOString(),
    selloSAT: tfd.selloSAT,
    selloCFD: sello,
    cadenaOriginalTfd: tfd.cadena,
    rfcEmisor: c.Emisor.Rfc,
    rfcReceptor: c.Receptor.Rfc,
    total: c.Total,
    moneda: c.Moneda,
    ...(c.TipoCambio ? { tipoCambio: c.TipoCambio } : {}),
    tipoDeComprobante: c.TipoDeComprobante,
    bloquea: bloqueos(c),
    idempotencyKeys: [firma.key],
    estado: 'Vigente',
    estatusCancelacion: '',
    solicitudes: [],
  };
}

/** UUIDs whose cancellation this CFDI blocks while vigente (rules 9.4). */
function bloqueos(c: Comprobante): string[] {
  const out = new Set<string>();
  for (const g of c.CfdiRelacionados ?? [])
    if (['01', '02', '03', '07'].includes(g.TipoRelacion))
      for (const r of g.CfdiRelacionado) out.add(r.UUID.toUpperCase());
  for (const p of c.Complemento?.Pagos?.Pago ?? [])
    for (const d of p.DoctoRelacionado) out.add(d.IdDocumento.toUpperCase());
  return [...out];
}
