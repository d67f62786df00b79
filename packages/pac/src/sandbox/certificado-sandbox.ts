/**
 * The sandbox PAC's own timbre certificate (rules 6.2, 10.5): a self-signed RSA-2048 certificate
 * whose serial is 20 ASCII digits (NoCertificadoSAT 99999000000000000001), made once and kept
 * under `<dataDir>/sandbox-pac/` so every SelloSAT ever issued stays verifiable.
 */
import {
  createPrivateKey,
  generateKeyPairSync,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

export interface CertificadoSandbox {
  /** 20 digits: the certificate serial read as ASCII. */
  noCertificado: string;
  /** DER bytes of the certificate (publish as .cer). */
  der: Buffer;
  /** PEM text of the certificate (publish as .pem). */
  pem: string;
  x509: X509Certificate;
  llave: KeyObject;
}

export const NO_CERTIFICADO_SANDBOX = '99999000000000000001';

function generar(noCertificado: string): { der: Buffer; keyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = Buffer.from(noCertificado, 'latin1').toString('hex');
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2049-12-31T23:59:59Z');
  const subject = [
    { name: 'commonName', value: 'PAC SANDBOX - SELLO DE TIMBRADO (NO VALIDO ANTE EL SAT)' },
    { name: 'organizationName', value: 'Sandbox PAC de pruebas' },
    { name: 'countryName', value: 'MX' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return { der, keyPem };
}

function desdeArchivos(der: Buffer, keyPem: string): CertificadoSandbox {
  const x509 = new X509Certificate(der);
  const llave = createPrivateKey(keyPem);
  if (!x509.checkPrivateKey(llave))
    throw new Error('La llave del certificado del sandbox no corresponde a su certificado.');
  const hex = x509.serialNumber.length % 2 ? `0${x509.serialNumber}` : x509.serialNumber;
  return {
    noCertificado: Buffer.from(hex, 'hex').toString('latin1'),
    der,
    pem: x509.toString(),
    x509,
    llave,
  };
}

const cache = new Map<string, CertificadoSandbox>();

/**
 * Loads `<dataDir>/sandbox-pac/timbre.cer` and `timbre.key.pem`, creating them the first time.
 * Creation writes to temporary names and renames, so two processes starting together end with one
 * consistent pair (the last rename wins before anything is signed with the other).
 */
export function certificadoSandbox(dataDir: string): CertificadoSandbox {
  const dir = join(dataDir, 'sandbox-pac');
  const cached = cache.get(dir);
  if (cached) return cached;
  const cerPath = join(dir, 'timbre.cer');
  const keyPath = join(dir, 'timbre.key.pem');
  if (!existsSync(cerPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true });
    const { der, keyPem } = generar(NO_CERTIFICADO_SANDBOX);
    const tmp = `.${process.pid}.${Date.now()}`;
    writeFileSync(keyPath + tmp, keyPem, { mode: 0o600 });
    writeFileSync(cerPath + tmp, der);
    renameSync(keyPath + tmp, keyPath);
    renameSync(cerPath + tmp, cerPath);
  }
  const c = desdeArchivos(readFileSync(cerPath), readFileSync(keyPath, 'utf8'));
  cache.set(dir, c);
  return c;
}
