/**
 * The SAT's own checks on a CFDI, run with the SAT files in data/sat-xml and the standard tools:
 *  (a) xmllint validates against cfdv40.xsd and the complement XSDs (cfdi40-bundle.xsd);
 *  (b) xsltproc builds the cadena original with cadenaoriginal_4_0.xslt, compared with ours;
 *  (c) openssl checks NoCertificado against the certificate serial and verifies the Sello;
 *  (d) with a TimbreFiscalDigital: its cadena (cadenaoriginal_TFD_1_1.xslt), SelloCFD = Sello and,
 *      when the PAC certificate is given, SelloSAT verified with openssl.
 * Needs xmllint (libxml2-utils), xsltproc and openssl on PATH. For tests, the sandbox PAC and the API.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cadenaOriginalFromXml } from '../src/cadena/cadena-original-from-xml.ts';

export const SAT_XML_DIR = fileURLToPath(new URL('../../../data/sat-xml/', import.meta.url));
const CFD = join(SAT_XML_DIR, 'www.sat.gob.mx/sitio_internet/cfd');

export interface CheckSatOptions {
  /** PEM or DER of the certificate that signed the TimbreFiscalDigital, to verify SelloSAT. */
  tfdCertificado?: string | Buffer;
  /** Skip comparing the XSLT cadena with the engine's native cadena. */
  skipNativeCompare?: boolean;
  /** Internal: the schema was already validated (checkSatMany loads the XSDs once). */
  schemaErrors?: string[];
}

export interface CheckSatResult {
  ok: boolean;
  errors: string[];
  /** Cadena original from the SAT XSLT. */
  cadena?: string;
  /** Cadena original of the TimbreFiscalDigital, when present. */
  cadenaTfd?: string;
}

function run(cmd: string, args: string[], input?: Buffer | string) {
  const r = spawnSync(cmd, args, {
    input,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, XML_CATALOG_FILES: join(SAT_XML_DIR, 'catalog.xml') },
  });
  if (r.error) throw new Error(`${cmd} no se pudo ejecutar: ${r.error.message}`);
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

function xpathString(file: string, expr: string): string {
  return run('xmllint', ['--nonet', '--xpath', `string(${expr})`, file])
    .stdout.toString('utf8')
    .replace(/\n$/, '');
}

export function checkSat(xml: string, options: CheckSatOptions = {}): CheckSatResult {
  const dir = mkdtempSync(join(tmpdir(), 'check-sat-'));
  const errors: string[] = [];
  const result: CheckSatResult = { ok: false, errors };
  try {
    const file = join(dir, 'cfdi.xml');
    writeFileSync(file, xml, 'utf8');

    // (a) schema
    if (options.schemaErrors) errors.push(...options.schemaErrors);
    else {
      const v = run('xmllint', [
        '--nonet',
        '--noout',
        '--schema',
        join(SAT_XML_DIR, 'cfdi40-bundle.xsd'),
        file,
      ]);
      if (v.code !== 0)
        errors.push(
          `(a) XSD: ${v.stderr
            .split('\n')
            .filter((l) => l && !l.endsWith(' validates'))
            .join(' | ')}`,
        );
    }

    // (b) cadena original with the SAT XSLT
    const x = run('xsltproc', [
      '--nonet',
      join(CFD, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'),
      file,
    ]);
    if (x.code !== 0) {
      errors.push(`(b) xsltproc: ${x.stderr}`);
      return result;
    }
    const cadena = x.stdout.toString('utf8');
    result.cadena = cadena;
    const cadenaFile = join(dir, 'cadena.txt');
    writeFileSync(cadenaFile, x.stdout);
    if (!options.skipNativeCompare) {
      let nativa: string | undefined;
      try {
        nativa = cadenaOriginalFromXml(xml);
      } catch (e) {
        errors.push(`(b) cadena nativa: ${(e as Error).message}`);
      }
      if (nativa !== undefined && nativa !== cadena) {
        errors.push(
          `(b) la cadena nativa difiere de la del XSLT del SAT:\n  SAT:    ${cadena}\n  nativa: ${nativa}`,
        );
      }
    }

    // (c) NoCertificado and Sello
    const sello = xpathString(file, '/*/@Sello').replace(/\s/g, '');
    const certB64 = xpathString(file, '/*/@Certificado').replace(/\s/g, '');
    const noCert = xpathString(file, '/*/@NoCertificado');
    if (!sello || !certB64) errors.push('(c) faltan Sello o Certificado');
    else {
      const certFile = join(dir, 'cert.der');
      writeFileSync(certFile, Buffer.from(certB64, 'base64'));
      const pub = run('openssl', ['x509', '-inform', 'DER', '-in', certFile, '-pubkey', '-noout']);
      if (pub.code !== 0) errors.push(`(c) Certificado no es X.509 DER: ${pub.stderr}`);
      else {
        const pubFile = join(dir, 'pub.pem');
        writeFileSync(pubFile, pub.stdout);
        const serial = run('openssl', [
          'x509',
          '-inform',
          'DER',
          '-in',
          certFile,
          '-noout',
          '-serial',
        ])
          .stdout.toString('utf8')
          .trim()
          .replace(/^serial=/, '');
        const serialTxt = Buffer.from(serial, 'hex').toString('latin1');
        if (serialTxt !== noCert)
          errors.push(`(c) NoCertificado ${noCert} ≠ serie del certificado ${serialTxt}`);
        const sigFile = join(dir, 'sello.bin');
        writeFileSync(sigFile, Buffer.from(sello, 'base64'));
        const d = run('openssl', [
          'dgst',
          '-sha256',
          '-verify',
          pubFile,
          '-signature',
          sigFile,
          cadenaFile,
        ]);
        if (d.code !== 0)
          errors.push(
            `(c) el Sello no se verifica con el certificado: ${d.stdout.toString()}${d.stderr}`,
          );
      }
    }

    // (d) TimbreFiscalDigital
    const ntfd = xpathString(
      file,
      'count(//*[local-name()="TimbreFiscalDigital" and namespace-uri()="http://www.sat.gob.mx/TimbreFiscalDigital"])',
    );
    if (ntfd !== '' && ntfd !== '0') {
      const t = run('xsltproc', ['--nonet', join(SAT_XML_DIR, 'extract-tfd.xslt'), file]);
      const tfdFile = join(dir, 'tfd.xml');
      writeFileSync(tfdFile, t.stdout);
      const tc = run('xsltproc', [
        '--nonet',
        join(CFD, 'TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt'),
        tfdFile,
      ]);
      if (tc.code !== 0) errors.push(`(d) xsltproc TFD: ${tc.stderr}`);
      else {
        result.cadenaTfd = tc.stdout.toString('utf8');
        const selloCfd = xpathString(tfdFile, '/*/@SelloCFD').replace(/\s/g, '');
        if (selloCfd !== sello)
          errors.push('(d) SelloCFD del timbre difiere del Sello del comprobante');
        if (options.tfdCertificado) {
          const tfdCadenaFile = join(dir, 'cadena-tfd.txt');
          writeFileSync(tfdCadenaFile, tc.stdout);
          const pacCert = join(dir, 'pac.cer');
          writeFileSync(pacCert, options.tfdCertificado);
          const isPem = readFileSync(pacCert).subarray(0, 5).toString() === '-----';
          const pp = run('openssl', [
            'x509',
            '-inform',
            isPem ? 'PEM' : 'DER',
            '-in',
            pacCert,
            '-pubkey',
            '-noout',
          ]);
          const ppFile = join(dir, 'pac-pub.pem');
          writeFileSync(ppFile, pp.stdout);
          const sigFile = join(dir, 'sellosat.bin');
          writeFileSync(
            sigFile,
            Buffer.from(xpathString(tfdFile, '/*/@SelloSAT').replace(/\s/g, ''), 'base64'),
          );
          const d = run('openssl', [
            'dgst',
            '-sha256',
            '-verify',
            ppFile,
            '-signature',
            sigFile,
            tfdCadenaFile,
          ]);
          if (d.code !== 0)
            errors.push('(d) el SelloSAT no se verifica con el certificado del PAC');
        }
      }
    }
    result.ok = errors.length === 0;
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * checkSat over many documents with one xmllint run (the SAT schemas load once, which is most of
 * the cost); the XSLT, NoCertificado and Sello checks run per document.
 */
export function checkSatMany(
  xmls: readonly string[],
  options: Omit<CheckSatOptions, 'schemaErrors'> = {},
): CheckSatResult[] {
  if (xmls.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'check-sat-many-'));
  try {
    const files = xmls.map((xml, i) => {
      const f = join(dir, `cfdi-${i}.xml`);
      writeFileSync(f, xml, 'utf8');
      return f;
    });
    const v = run('xmllint', [
      '--nonet',
      '--noout',
      '--schema',
      join(SAT_XML_DIR, 'cfdi40-bundle.xsd'),
      ...files,
    ]);
    const lines = v.stderr.split('\n');
    return xmls.map((xml, i) => {
      const f = files[i]!;
      const propias = lines.filter((l) => l.startsWith(`${f}:`) || l === `${f} fails to validate`);
      const schemaErrors = propias.length ? [`(a) XSD: ${propias.join(' | ')}`] : [];
      return checkSat(xml, { ...options, schemaErrors });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
