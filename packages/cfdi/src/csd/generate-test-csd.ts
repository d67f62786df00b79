import { generateKeyPairSync, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';

export interface TestCsdOptions {
  rfc: string;
  /** Registered name written in CN, name and O. */
  nombre: string;
  validFrom?: Date;
  validTo?: Date;
  password?: string;
  /** Branch name for OU (CSD only). */
  sucursal?: string;
  /** CURP (persona física) written in serialNumber. */
  curp?: string;
  /** Legal representative of a persona moral: appended as "RFC / RFC-representante". */
  representante?: { rfc: string; curp: string };
  /** Build a FIEL-shaped certificate instead (no OU, extended key usage), to test rejections. */
  fiel?: boolean;
  /** 20-digit NoCertificado; random under the 20001 test prefix when absent. */
  noCertificado?: string;
  /** CA to sign with (PEM); defaults to the repository's test CA in data/test-ca. */
  ca?: { certificatePem: string; privateKeyPem: string };
}

export interface TestCsd {
  /** DER certificate, as the SAT's .cer. */
  cer: Buffer;
  /** DER PKCS#8 EncryptedPrivateKeyInfo (PBES2, des-ede3-cbc), as the SAT's .key. */
  key: Buffer;
  password: string;
  noCertificado: string;
}

const OID = {
  CN: '2.5.4.3',
  name: '2.5.4.41',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  serialNumber: '2.5.4.5',
  x500UniqueIdentifier: '2.5.4.45',
} as const;

let defaultCa: { certificatePem: string; privateKeyPem: string } | undefined;

function repoTestCa(): { certificatePem: string; privateKeyPem: string } {
  defaultCa ??= {
    certificatePem: readFileSync(
      new URL('../../../../data/test-ca/ca.cer.pem', import.meta.url),
      'utf8',
    ),
    privateKeyPem: readFileSync(
      new URL('../../../../data/test-ca/ca.key.pem', import.meta.url),
      'utf8',
    ),
  };
  return defaultCa;
}

/**
 * A CSD-like certificate and encrypted key for tests and the demo account, issued by the local TEST
 * CA (never valid before the SAT): subject with x500UniqueIdentifier (RFC), serialNumber (CURP),
 * OU (branch), CN/name/O; key usage digitalSignature + nonRepudiation, no EKU; a serial made of 20
 * ASCII digits, so NoCertificado works as with a SAT certificate.
 */
export function generateTestCsd(opts: TestCsdOptions): TestCsd {
  const ca = opts.ca ?? repoTestCa();
  const password = opts.password ?? '12345678a';
  const rfc = opts.rfc.trim().toUpperCase();
  const moral = rfc.length === 12;
  const rep = opts.representante ?? { rfc: 'XIQB891116QE4', curp: 'XIQB891116MGRMZR05' };
  const noCertificado =
    opts.noCertificado ??
    `20001${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  if (!/^\d{20}$/.test(noCertificado))
    throw new Error('El número de certificado debe tener 20 dígitos.');

  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = Buffer.from(noCertificado, 'latin1').toString('hex');
  const now = Date.now();
  cert.validity.notBefore = opts.validFrom ?? new Date(now - 24 * 3600 * 1000);
  cert.validity.notAfter = opts.validTo ?? new Date(now + 4 * 365 * 24 * 3600 * 1000);
  const utf8 = forge.asn1.Type.UTF8;
  const attrs: { type: string; value: string; valueTagClass: number }[] = [
    { type: OID.CN, value: opts.nombre, valueTagClass: utf8 },
    { type: OID.name, value: opts.nombre, valueTagClass: utf8 },
    { type: OID.O, value: opts.nombre, valueTagClass: utf8 },
    {
      type: OID.x500UniqueIdentifier,
      value: moral ? `${rfc} / ${rep.rfc}` : rfc,
      valueTagClass: utf8,
    },
    {
      type: OID.serialNumber,
      value: moral ? ` / ${rep.curp}` : (opts.curp ?? 'XEXX010101HNEXXXA4'),
      valueTagClass: utf8,
    },
  ];
  if (!opts.fiel)
    attrs.push({ type: OID.OU, value: opts.sucursal ?? 'CSD de pruebas', valueTagClass: utf8 });
  cert.setSubject(attrs);
  const caCert = forge.pki.certificateFromPem(ca.certificatePem);
  cert.setIssuer(caCert.subject.attributes);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false, critical: true },
    opts.fiel
      ? {
          name: 'keyUsage',
          digitalSignature: true,
          nonRepudiation: true,
          dataEncipherment: true,
          keyAgreement: true,
        }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ];
  if (opts.fiel) extensions.push({ name: 'extKeyUsage', emailProtection: true, clientAuth: true });
  cert.setExtensions(extensions);
  cert.sign(forge.pki.privateKeyFromPem(ca.privateKeyPem), forge.md.sha256.create());

  const cer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const key = privateKey.export({
    type: 'pkcs8',
    format: 'der',
    cipher: 'des-ede3-cbc',
    passphrase: password,
  });
  return { cer, key, password, noCertificado };
}
