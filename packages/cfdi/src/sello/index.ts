import { sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { buildCadenaOriginal } from '../cadena/build-cadena-original.ts';
import { medir } from '../fases.ts';
import { readCertificado, type Certificado } from '../csd/read-certificado.ts';
import type { Comprobante } from '../xml/model.ts';
import { writeComprobanteXml } from '../xml/write-xml.ts';

/** Sello: base64 of RSA PKCS#1 v1.5 over SHA-256 of the cadena's UTF-8 bytes (rules 5.2). */
export function sellar(cadena: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(cadena, 'utf8'), privateKey).toString('base64');
}

/**
 * The same Sello, signed on libuv's thread pool instead of the calling thread: a server that stamps
 * many documents at once keeps its JavaScript thread for everything else while the RSA signatures
 * (the largest single cost of a stamp) run beside it on the other cores.
 */
export function sellarEnHilo(cadena: string, privateKey: KeyObject): Promise<string> {
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(cadena, 'utf8'), privateKey, (err, firma) => {
      if (err) reject(err);
      else resolve(firma.toString('base64'));
    });
  });
}

/** True when `sello` is a valid signature of `cadena` by the certificate's key. */
export function verificarSello(
  cadena: string,
  sello: string,
  certificate: X509Certificate | Certificado | KeyObject | Buffer,
): boolean {
  let key: KeyObject;
  if (certificate instanceof X509Certificate) key = certificate.publicKey;
  else if (Buffer.isBuffer(certificate)) key = new X509Certificate(certificate).publicKey;
  else if ('x509' in certificate) key = certificate.x509.publicKey;
  else key = certificate;
  try {
    return verify('sha256', Buffer.from(cadena, 'utf8'), key, Buffer.from(sello, 'base64'));
  } catch {
    return false;
  }
}

type CsdParaSellar = { certificado: Certificado | Buffer | Uint8Array; llave: KeyObject };

function certificadoDe(c: CsdParaSellar['certificado']): Certificado {
  return 'x509' in c ? c : readCertificado(c);
}

/** The Comprobante with the CSD's NoCertificado and Certificado, no Sello, and its cadena. */
function paraSellar(comprobante: Comprobante, csd: CsdParaSellar) {
  const certificado = certificadoDe(csd.certificado);
  const c: Comprobante = {
    ...comprobante,
    NoCertificado: certificado.noCertificado,
    Certificado: certificado.base64,
  };
  delete c.Sello;
  return { c, cadenaOriginal: medir('sello.cadena', () => buildCadenaOriginal(c)) };
}

/**
 * Signs a Comprobante: sets NoCertificado and Certificado from the CSD, builds the cadena original
 * and sets Sello. Returns the signed model and its cadena (see sellarComprobante for the XML).
 */
export function firmarComprobante(
  comprobante: Comprobante,
  csd: CsdParaSellar,
): { xml: string; cadenaOriginal: string; comprobante: Comprobante } {
  const { c, cadenaOriginal } = paraSellar(comprobante, csd);
  c.Sello = medir('sello.firma', () => sellar(cadenaOriginal, csd.llave));
  return { xml: medir('sello.xml', () => writeComprobanteXml(c)), cadenaOriginal, comprobante: c };
}

/** One shot: the signed XML string (NoCertificado, Certificado and Sello set). */
export function sellarComprobante(comprobante: Comprobante, csd: CsdParaSellar): string {
  return firmarComprobante(comprobante, csd).xml;
}

/** sellarComprobante with the signature on libuv's thread pool (sellarEnHilo): the same XML. */
export async function sellarComprobanteEnHilo(
  comprobante: Comprobante,
  csd: CsdParaSellar,
): Promise<string> {
  const { c, cadenaOriginal } = paraSellar(comprobante, csd);
  c.Sello = await sellarEnHilo(cadenaOriginal, csd.llave);
  return medir('sello.xml', () => writeComprobanteXml(c));
}
