import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csdEku, EKU } from '../test/cfdi-de-prueba.ts';
import { firmarSolicitudCancelacion, verificarSolicitudCancelacion } from './cancelacion-xml.ts';

const UUID = '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C';
const dir = mkdtempSync(join(tmpdir(), 'cancelacion-xml-'));

function firmada(algoritmo?: 'rsa-sha1' | 'rsa-sha256'): string {
  return firmarSolicitudCancelacion({
    rfcEmisor: EKU.rfc,
    fecha: '2026-03-02T10:00:00',
    folios: [{ uuid: UUID.toLowerCase(), motivo: '01', folioSustitucion: UUID }],
    certificado: csdEku().cer,
    llave: csdEku().llave,
    ...(algoritmo ? { algoritmo } : {}),
  });
}

function run(cmd: string, args: string[], input?: string) {
  const r = spawnSync(cmd, args, { input });
  return { code: r.status, out: r.stdout.toString('utf8'), err: r.stderr.toString('utf8') };
}

describe('signed cancellation request (XMLDSig enveloped, C14N)', () => {
  it('is written in canonical form: xmllint --c14n leaves it byte-identical', () => {
    const xml = firmada();
    const f = join(dir, 'c.xml');
    writeFileSync(f, xml);
    expect(run('xmllint', ['--c14n', f]).out).toBe(xml);
  });

  it('digest and SignatureValue check out with openssl over the canonical bytes', () => {
    for (const alg of ['rsa-sha1', 'rsa-sha256'] as const) {
      const xml = firmada(alg);
      const hash = alg === 'rsa-sha1' ? 'sha1' : 'sha256';
      const sinFirma = xml.replace(/<Signature [\s\S]*<\/Signature>/, '');
      const digest = /<DigestValue>([^<]+)</.exec(xml)![1]!;
      const dg = spawnSync('openssl', ['dgst', `-${hash}`, '-binary'], { input: sinFirma });
      expect(dg.status).toBe(0);
      expect(dg.stdout.toString('base64')).toBe(digest);
      const signedInfo = /<SignedInfo>[\s\S]*<\/SignedInfo>/
        .exec(xml)![0]
        .replace('<SignedInfo>', '<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#">');
      // the standalone canonical SignedInfo is what was signed
      const si = join(dir, `si-${alg}.xml`);
      writeFileSync(si, signedInfo);
      expect(run('xmllint', ['--c14n', si]).out).toBe(signedInfo);
      const sig = join(dir, `sig-${alg}.bin`);
      writeFileSync(sig, Buffer.from(/<SignatureValue>([^<]+)</.exec(xml)![1]!, 'base64'));
      const pub = join(dir, 'pub.pem');
      writeFileSync(
        pub,
        new X509Certificate(csdEku().cer).publicKey.export({ type: 'spki', format: 'pem' }),
      );
      const v = run('openssl', ['dgst', `-${hash}`, '-verify', pub, '-signature', sig], signedInfo);
      expect(v.out.trim()).toBe('Verified OK');
    }
  });

  it('carries the folio, motivo, substitute and the certificate; the private key is not in it', () => {
    const xml = firmada();
    expect(xml).toContain(`<Folio FolioSustitucion="${UUID}" Motivo="01" UUID="${UUID}"></Folio>`);
    expect(xml).not.toMatch(/PRIVATE KEY/);
    const v = verificarSolicitudCancelacion(xml);
    expect(v).toMatchObject({
      rfcEmisor: EKU.rfc,
      fecha: '2026-03-02T10:00:00',
      folios: [{ uuid: UUID, motivo: '01', folioSustitucion: UUID }],
    });
  });

  it('any change after signing fails verification', () => {
    const xml = firmada();
    expect(
      verificarSolicitudCancelacion(xml.replace('Motivo="01"', 'Motivo="02"')),
    ).toBeUndefined();
    // The test key is generated on each run, so the signature's first character is random: change it
    // to another one (writing 'A' over an 'A' changed nothing one run in 64).
    const otra = (c: string) => (c === 'A' ? 'B' : 'A');
    expect(
      verificarSolicitudCancelacion(
        xml.replace(/<SignatureValue>(.)/, (_, c: string) => `<SignatureValue>${otra(c)}`),
      ),
    ).toBeUndefined();
  });

  it('refuses a key that is not the certificate’s', () => {
    const otraLlave = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(() =>
      firmarSolicitudCancelacion({
        rfcEmisor: EKU.rfc,
        fecha: '2026-03-02T10:00:00',
        folios: [{ uuid: UUID, motivo: '02' }],
        certificado: csdEku().cer,
        llave: otraLlave,
      }),
    ).toThrow(/no corresponde/);
  });
});
