import { X509Certificate } from 'node:crypto';

/** What the engine needs from a SAT certificate (.cer). */
export interface Certificado {
  /** The SAT serial: the certificate serial's bytes read as ASCII digits (20 digits). */
  noCertificado: string;
  /** Issuer RFC: first token of x500UniqueIdentifier (personas morales carry "RFC / RFC representante"). */
  rfc: string;
  /** Registered name (CN / name / O); personas morales usually include the régimen societario. */
  nombre: string;
  /** Branch (OU); only CSDs carry it. */
  sucursal?: string;
  validFrom: Date;
  validTo: Date;
  /** CSD (sello digital) rather than FIEL (e.firma): OU present and no Extended Key Usage. */
  isCsd: boolean;
  pem: string;
  /** Base64 of the DER, no armour, no line breaks: the value of Comprobante/@Certificado. */
  base64: string;
  x509: X509Certificate;
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** NoCertificado from the serial hex: its bytes are ASCII digits (rules 5.4). */
export function noCertificadoDeSerial(serialHex: string): string {
  const hex = serialHex.length % 2 === 1 ? `0${serialHex}` : serialHex;
  return Buffer.from(hex, 'hex').toString('latin1');
}

/** Reads a .cer (DER, or PEM text). Throws a Spanish Error when the bytes are not a certificate. */
export function readCertificado(der: Buffer | Uint8Array): Certificado {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch {
    throw new Error('El archivo .cer no es un certificado válido.');
  }
  const subject = x509.toLegacyObject().subject as unknown as Record<
    string,
    string | string[] | undefined
  >;
  const uid = first(subject['x500UniqueIdentifier']) ?? '';
  const rfc = (uid.split('/')[0] ?? '').trim().toUpperCase();
  const nombre = first(subject['name']) ?? first(subject['CN']) ?? first(subject['O']) ?? '';
  const ou = first(subject['OU']);
  const raw = x509.raw;
  return {
    noCertificado: noCertificadoDeSerial(x509.serialNumber),
    rfc,
    nombre,
    ...(ou !== undefined ? { sucursal: ou } : {}),
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
    isCsd: ou !== undefined && x509.keyUsage === undefined,
    pem: x509.toString(),
    base64: raw.toString('base64'),
    x509,
  };
}
