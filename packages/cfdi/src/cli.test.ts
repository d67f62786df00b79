import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSat } from '../test/check-sat.ts';
import { SAT_TEST_CSD_DIR } from '../test/fixtures.ts';
import { runCli } from './cli.ts';
import { generateTestCsd } from './csd/generate-test-csd.ts';

// The CLI runs with a fixed clock; the certificate's validity is fixed around that same instant so
// the test does not depend on the day it runs.
const NOW = new Date('2026-11-23T00:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'cfdi-cli-'));
const csd = generateTestCsd({
  rfc: 'EKU9003173C9',
  nombre: 'ESCUELA KEMPER URGATE SA DE CV',
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validTo: new Date('2030-01-01T00:00:00Z'),
});
writeFileSync(join(dir, 'csd.cer'), csd.cer);
writeFileSync(join(dir, 'csd.key'), csd.key);
writeFileSync(join(dir, 'password.txt'), csd.password);

const factura = (receptorRegimen: string) => ({
  tipo: 'ingreso',
  fecha: '2026-01-15T10:00:00',
  serie: 'A',
  folio: '12',
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: '42501',
  emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
  receptor: {
    rfc: 'CACX7605101P8',
    nombre: 'XOCHILT CASAS CHAVEZ',
    domicilioFiscalReceptor: '10740',
    regimenFiscalReceptor: receptorRegimen,
    usoCfdi: 'G03',
  },
  conceptos: [
    {
      claveProdServ: '80101500',
      cantidad: '1',
      claveUnidad: 'E48',
      descripcion: 'Consultoría',
      valorUnitario: '1000',
      impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }],
    },
  ],
});

function run(args: string[]) {
  let out = '';
  let err = '';
  const code = runCli(args, {
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
    now: () => NOW,
  });
  return { code, out, err };
}

const csdArgs = [
  '--cer',
  join(dir, 'csd.cer'),
  '--key',
  join(dir, 'csd.key'),
  '--password-file',
  join(dir, 'password.txt'),
];

describe('cli', () => {
  it('prints a signed CFDI that passes the SAT checks', () => {
    writeFileSync(join(dir, 'ok.json'), JSON.stringify(factura('612')));
    const r = run(['--factura', join(dir, 'ok.json'), ...csdArgs]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`NoCertificado="${csd.noCertificado}"`);
    expect(checkSat(r.out).errors).toEqual([]);
  });

  it('prints the validation messages and exits 1', () => {
    writeFileSync(join(dir, 'mal.json'), JSON.stringify(factura('605')));
    const r = run(['--factura', join(dir, 'mal.json'), ...csdArgs]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'CFDI40161 Receptor.UsoCFDI: La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y el régimen correspondiente conforme al catálogo c_UsoCFDI. [CFDI40161]\n',
    );
  });

  it('refuses an expired SAT CSD', () => {
    const d = `${SAT_TEST_CSD_DIR}EKU9003173C9/`;
    const r = run([
      '--factura',
      join(dir, 'ok.json'),
      '--cer',
      `${d}EKU9003173C9.cer`,
      '--key',
      `${d}EKU9003173C9.key`,
      '--password',
      '12345678a',
    ]);
    expect(r).toEqual({ code: 1, out: '', err: 'CSD_VENCIDO CSD: Sus sellos ya han expirado.\n' });
  });

  it('bad usage exits 2', () => {
    expect(run(['--factura', join(dir, 'ok.json')]).code).toBe(2);
  });
});
