/** SAT test CSDs (data/sat-test-csd) and generated CSDs for tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCertificado, type Certificado } from '../src/csd/read-certificado.ts';
import { openLlavePrivada } from '../src/csd/open-llave-privada.ts';
import { generateTestCsd } from '../src/csd/generate-test-csd.ts';
import type { KeyObject } from 'node:crypto';

export const SAT_TEST_CSD_DIR = fileURLToPath(
  new URL('../../../data/sat-test-csd/', import.meta.url),
);

export function satTestCsdFiles(rfc: string): { cer: Buffer; key: Buffer; password: string } {
  const dir = `${SAT_TEST_CSD_DIR}${rfc}/`;
  return {
    cer: readFileSync(`${dir}${rfc}.cer`),
    key: readFileSync(`${dir}${rfc}.key`),
    password: readFileSync(`${dir}password.txt`, 'utf8'),
  };
}

export function satTestCsd(rfc: string): { certificado: Certificado; llave: KeyObject } {
  const f = satTestCsdFiles(rfc);
  return { certificado: readCertificado(f.cer), llave: openLlavePrivada(f.key, f.password) };
}

const cache = new Map<string, { certificado: Certificado; llave: KeyObject }>();

/** A current CSD-like certificate from the test CA (cached per RFC within a test file). */
export function currentTestCsd(
  rfc: string,
  nombre: string,
): { certificado: Certificado; llave: KeyObject } {
  let c = cache.get(rfc);
  if (!c) {
    const g = generateTestCsd({ rfc, nombre, validFrom: new Date('2020-01-01T00:00:00Z') });
    c = { certificado: readCertificado(g.cer), llave: openLlavePrivada(g.key, g.password) };
    cache.set(rfc, c);
  }
  return c;
}
