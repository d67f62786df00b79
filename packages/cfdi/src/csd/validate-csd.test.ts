import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { satTestCsdFiles } from '../../test/fixtures.ts';
import { generateTestCsd } from './generate-test-csd.ts';
import { openLlavePrivada } from './open-llave-privada.ts';
import { readCertificado } from './read-certificado.ts';
import { validateCsd } from './validate-csd.ts';

describe('genuine SAT test CSDs (all expired)', () => {
  it.each([
    [
      'AAA010101AAA',
      '30001000000300023708',
      'ACCEM SERVICIOS EMPRESARIALES SC',
      '2021-05-18T03:54:56.000Z',
    ],
    [
      'EKU9003173C9',
      '30001000000400002434',
      'ESCUELA KEMPER URGATE SA DE CV',
      '2023-06-17T19:44:14.000Z',
    ],
    ['XIQB891116QE4', '30001000000400002336', 'BERENICE XIMO QUEZADA', undefined],
    ['CACX7605101P8', '30001000000400002451', 'XOCHILT CASAS CHAVEZ', undefined],
  ])('%s: NoCertificado, RFC, name, CSD, the key opens and matches', (rfc, no, nombre, validTo) => {
    const f = satTestCsdFiles(rfc);
    const c = readCertificado(f.cer);
    expect(c.noCertificado).toBe(no);
    expect(c.rfc).toBe(rfc);
    expect(c.nombre).toBe(nombre);
    expect(c.isCsd).toBe(true);
    expect(c.base64).toBe(f.cer.toString('base64'));
    if (validTo) expect(c.validTo.toISOString()).toBe(validTo);
    expect(c.x509.checkPrivateKey(openLlavePrivada(f.key, f.password))).toBe(true);
    // Inside its validity the SAT CSD is accepted for its own RFC.
    const dentro = new Date(c.validFrom.getTime() + 24 * 3600 * 1000);
    expect(validateCsd({ ...f, rfc, now: dentro }).ok).toBe(true);
  });

  it('today they are refused with the product message for expired seals', () => {
    const f = satTestCsdFiles('EKU9003173C9');
    expect(
      validateCsd({ ...f, rfc: 'EKU9003173C9', now: new Date('2026-01-01T00:00:00Z') }),
    ).toEqual({
      ok: false,
      errores: [{ code: 'CSD_VENCIDO', message: 'Sus sellos ya han expirado.' }],
    });
  });
});

describe('validateCsd rejections', () => {
  const now = new Date();
  const g = generateTestCsd({
    rfc: 'EKU9003173C9',
    nombre: 'ESCUELA KEMPER URGATE SA DE CV',
    password: 'Secreta123',
  });

  it('accepts a current CSD of the issuer', () => {
    const r = validateCsd({
      cer: g.cer,
      key: g.key,
      password: 'Secreta123',
      rfc: 'eku9003173c9',
      now,
    });
    expect(r.ok && r.certificado.noCertificado).toBe(g.noCertificado);
  });

  it('wrong password', () => {
    expect(
      validateCsd({ cer: g.cer, key: g.key, password: 'otra', rfc: 'EKU9003173C9', now }),
    ).toEqual({
      ok: false,
      errores: [
        {
          code: 'LLAVE_CONTRASENA',
          message:
            'La contraseña de la llave privada es incorrecta: no se pudo abrir el archivo .key.',
        },
      ],
    });
  });

  it('key of another certificate', () => {
    const otro = satTestCsdFiles('EKU9003173C9');
    const r = validateCsd({
      cer: g.cer,
      key: otro.key,
      password: otro.password,
      rfc: 'EKU9003173C9',
      now,
    });
    expect(!r.ok && r.errores).toEqual([
      { code: 'LLAVE_NO_CORRESPONDE', message: 'La llave privada no corresponde al certificado.' },
    ]);
  });

  it('a FIEL instead of a CSD', () => {
    const f = generateTestCsd({
      rfc: 'EKU9003173C9',
      nombre: 'ESCUELA KEMPER URGATE SA DE CV',
      fiel: true,
    });
    const r = validateCsd({
      cer: f.cer,
      key: f.key,
      password: f.password,
      rfc: 'EKU9003173C9',
      now,
    });
    expect(!r.ok && r.errores.map((e) => e.code)).toEqual(['ES_FIEL']);
  });

  it("an RFC that is not the issuer's", () => {
    const r = validateCsd({
      cer: g.cer,
      key: g.key,
      password: 'Secreta123',
      rfc: 'CACX7605101P8',
      now,
    });
    expect(!r.ok && r.errores).toEqual([
      {
        code: 'RFC_NO_COINCIDE',
        message:
          'El certificado pertenece al RFC EKU9003173C9, no al RFC del emisor CACX7605101P8.',
      },
    ]);
  });

  it('garbage files', () => {
    const r = validateCsd({
      cer: Buffer.from('hola'),
      key: Buffer.from('hola'),
      password: 'x',
      rfc: 'EKU9003173C9',
      now,
    });
    expect(!r.ok && r.errores.map((e) => e.code)).toEqual([
      'CERTIFICADO_INVALIDO',
      'LLAVE_INVALIDA',
    ]);
  });
});

describe('generateTestCsd', () => {
  it('has the subject of a SAT CSD, a 20-digit serial, chains to the test CA and ships an encrypted PKCS#8 DER key', () => {
    const g = generateTestCsd({
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      curp: 'CACX760510MGTSHC04',
      sucursal: 'Matriz',
    });
    const c = readCertificado(g.cer);
    expect(c.noCertificado).toMatch(/^20001\d{15}$/);
    expect(c.noCertificado).toBe(g.noCertificado);
    const subject = c.x509.toLegacyObject().subject as unknown as Record<string, string>;
    expect(subject).toMatchObject({
      CN: 'XOCHILT CASAS CHAVEZ',
      x500UniqueIdentifier: 'CACX7605101P8',
      serialNumber: 'CACX760510MGTSHC04',
      OU: 'Matriz',
    });
    const dir = mkdtempSync(join(tmpdir(), 'csd-'));
    writeFileSync(join(dir, 'c.cer'), g.cer);
    writeFileSync(join(dir, 'c.key'), g.key);
    const pem = spawnSync('openssl', ['x509', '-inform', 'DER', '-in', join(dir, 'c.cer')]).stdout;
    writeFileSync(join(dir, 'c.pem'), pem);
    const ca = fileURLToPath(new URL('../../../../data/test-ca/ca.cer.pem', import.meta.url));
    expect(
      spawnSync('openssl', ['verify', '-CAfile', ca, join(dir, 'c.pem')]).stdout.toString(),
    ).toContain(': OK');
    const asn1 = spawnSync('openssl', [
      'asn1parse',
      '-inform',
      'DER',
      '-in',
      join(dir, 'c.key'),
    ]).stdout.toString();
    expect(asn1).toContain('PBES2');
    expect(asn1).toContain('des-ede3-cbc');
    const persona = generateTestCsd({
      rfc: 'EKU9003173C9',
      nombre: 'ESCUELA KEMPER URGATE SA DE CV',
    });
    expect(readCertificado(persona.cer).x509.toLegacyObject().subject).toMatchObject({
      x500UniqueIdentifier: 'EKU9003173C9 / XIQB891116QE4',
    });
  });
});
