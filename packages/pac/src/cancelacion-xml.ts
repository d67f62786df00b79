/**
 * The cancellation request the SAT receives through the PAC, signed by US with the emisor's CSD
 * (XML digital signature, enveloped, inclusive C14N 1.0), so the private key never leaves us:
 *
 *   <Cancelacion xmlns="http://cancelacfd.sat.gob.mx" Fecha RfcEmisor>
 *     <Folios><Folio FolioSustitucion Motivo UUID/></Folios><Signature …/></Cancelacion>
 *
 * We write the document already in canonical form (no declaration, attributes in C14N order, no
 * whitespace, empty elements as start/end pairs, only the default namespace), so the bytes we
 * digest are the bytes we send; SW's example signs with rsa-sha1 (market-and-pacs §3.2).
 */
import { createHash, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { MotivoCancelacion } from './pac.ts';

export const NS_CANCELACION = 'http://cancelacfd.sat.gob.mx';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export type AlgoritmoFirma = 'rsa-sha1' | 'rsa-sha256';

const ALG = {
  'rsa-sha1': {
    firma: `${DSIG}rsa-sha1`,
    digest: `${DSIG}sha1`,
    hash: 'sha1',
  },
  'rsa-sha256': {
    firma: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
    hash: 'sha256',
  },
} as const;

export interface FolioCancelacion {
  uuid: string;
  motivo: MotivoCancelacion;
  folioSustitucion?: string;
}

function escapar(v: string): string {
  return v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

function signedInfo(alg: AlgoritmoFirma, digest: string, conNamespace: boolean): string {
  const a = ALG[alg];
  return (
    `<SignedInfo${conNamespace ? ` xmlns="${DSIG}"` : ''}>` +
    `<CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${a.firma}"></SignatureMethod>` +
    `<Reference URI=""><Transforms><Transform Algorithm="${DSIG}enveloped-signature"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${a.digest}"></DigestMethod><DigestValue>${digest}</DigestValue></Reference>` +
    `</SignedInfo>`
  );
}

/** RFC 2253 style name from node's "K=V\nK=V" form (most specific first). */
function nombreX500(lines: string): string {
  return lines
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((l) => l.replace(/([,+"\\<>;])/g, '\\$1'))
    .join(',');
}

/**
 * Builds and signs the request. `fecha` is `AAAA-MM-DDThh:mm:ss` (the caller's clock).
 * Throws when the key does not belong to the certificate.
 */
export function firmarSolicitudCancelacion(input: {
  rfcEmisor: string;
  fecha: string;
  folios: FolioCancelacion[];
  certificado: Buffer | Uint8Array;
  llave: KeyObject;
  algoritmo?: AlgoritmoFirma;
}): string {
  const alg = input.algoritmo ?? 'rsa-sha1';
  const x509 = new X509Certificate(input.certificado);
  if (!x509.checkPrivateKey(input.llave))
    throw new Error('La llave privada no corresponde al certificado del CSD.');
  const folios = input.folios
    .map(
      (f) =>
        `<Folio${f.folioSustitucion ? ` FolioSustitucion="${escapar(f.folioSustitucion)}"` : ''}` +
        ` Motivo="${escapar(f.motivo)}" UUID="${escapar(f.uuid.toUpperCase())}"></Folio>`,
    )
    .join('');
  const abre = `<Cancelacion xmlns="${NS_CANCELACION}" Fecha="${escapar(input.fecha)}" RfcEmisor="${escapar(input.rfcEmisor)}">`;
  const cuerpo = `<Folios>${folios}</Folios>`;
  const digest = createHash(ALG[alg].hash)
    .update(`${abre}${cuerpo}</Cancelacion>`, 'utf8')
    .digest('base64');
  const firma = sign(
    ALG[alg].hash,
    Buffer.from(signedInfo(alg, digest, true), 'utf8'),
    input.llave,
  ).toString('base64');
  const serial = BigInt(`0x${x509.serialNumber}`).toString(10);
  const signature =
    `<Signature xmlns="${DSIG}">${signedInfo(alg, digest, false)}` +
    `<SignatureValue>${firma}</SignatureValue>` +
    `<KeyInfo><X509Data><X509IssuerSerial><X509IssuerName>${escapar(nombreX500(x509.issuer))}</X509IssuerName>` +
    `<X509SerialNumber>${serial}</X509SerialNumber></X509IssuerSerial>` +
    `<X509Certificate>${x509.raw.toString('base64')}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return `${abre}${cuerpo}${signature}</Cancelacion>`;
}

export interface SolicitudVerificada {
  rfcEmisor: string;
  fecha: string;
  folios: FolioCancelacion[];
  certificado: X509Certificate;
}

const attr = (s: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(s)?.[1];

/**
 * Verifies a request written by firmarSolicitudCancelacion (canonical form): digest of the document
 * without the Signature, SignatureValue over the canonical SignedInfo, with the KeyInfo certificate.
 * Answers the request's data, or undefined when anything does not verify.
 */
export function verificarSolicitudCancelacion(xml: string): SolicitudVerificada | undefined {
  const s = xml.indexOf(`<Signature xmlns="${DSIG}">`);
  const e = xml.indexOf('</Signature>');
  if (s < 0 || e < 0 || !xml.startsWith(`<Cancelacion xmlns="${NS_CANCELACION}"`)) return undefined;
  const sinFirma = xml.slice(0, s) + xml.slice(e + '</Signature>'.length);
  const firma = xml.slice(s, e);
  const alg = (Object.keys(ALG) as AlgoritmoFirma[]).find((k) =>
    firma.includes(`<SignatureMethod Algorithm="${ALG[k].firma}">`),
  );
  const digest = /<DigestValue>([^<]*)<\/DigestValue>/.exec(firma)?.[1];
  const valor = /<SignatureValue>([^<]*)<\/SignatureValue>/.exec(firma)?.[1];
  const cert = /<X509Certificate>([^<]*)<\/X509Certificate>/.exec(firma)?.[1];
  if (!alg || !digest || !valor || !cert) return undefined;
  if (createHash(ALG[alg].hash).update(sinFirma, 'utf8').digest('base64') !== digest)
    return undefined;
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(Buffer.from(cert, 'base64'));
  } catch {
    return undefined;
  }
  const ok = verify(
    ALG[alg].hash,
    Buffer.from(signedInfo(alg, digest, true), 'utf8'),
    x509.publicKey,
    Buffer.from(valor, 'base64'),
  );
  if (!ok) return undefined;
  const raiz = /^<Cancelacion[^>]*>/.exec(sinFirma)?.[0] ?? '';
  const folios = [...sinFirma.matchAll(/<Folio\s[^>]*>/g)].map((m) => {
    const f: FolioCancelacion = {
      uuid: attr(m[0], 'UUID') ?? '',
      motivo: (attr(m[0], 'Motivo') ?? '') as MotivoCancelacion,
    };
    const fs = attr(m[0], 'FolioSustitucion');
    if (fs) f.folioSustitucion = fs;
    return f;
  });
  return {
    rfcEmisor: attr(raiz, 'RfcEmisor') ?? '',
    fecha: attr(raiz, 'Fecha') ?? '',
    folios,
    certificado: x509,
  };
}
