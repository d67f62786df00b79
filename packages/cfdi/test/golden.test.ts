/**
 * Golden CFDIs: the worked examples of cfdi40-rules.md signed with the SAT test CSDs. PKCS#1 v1.5 is
 * deterministic, so the engine must reproduce each file byte for byte; each file and its
 * .cadena.txt also pass the SAT's own checks. Regenerate (after an intended change) with
 * UPDATE_GOLDEN=1 npx vitest run --project unit packages/cfdi/test/golden.test.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firmarComprobante, sellarComprobanteEnHilo } from '../src/sello/index.ts';
import { buildGlobal } from '../src/xml/build-global.ts';
import { buildIngreso } from '../src/xml/build-ingreso.ts';
import type { Comprobante } from '../src/xml/model.ts';
import { checkSatMany } from './check-sat.ts';
import { satTestCsd } from './fixtures.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

function ok(
  r: { ok: true; comprobante: Comprobante } | { ok: false; errores: unknown },
): Comprobante {
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

const casos: { nombre: string; rfc: string; comprobante: Comprobante }[] = [
  {
    nombre: 'ingreso-honorarios-CACX7605101P8',
    rfc: 'CACX7605101P8',
    comprobante: ok(
      buildIngreso(
        {
          serie: 'H',
          folio: '7',
          formaPago: '03',
          metodoPago: 'PUE',
          moneda: 'MXN',
          lugarExpedicion: '10740',
          emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '612' },
          receptor: {
            rfc: 'EKU9003173C9',
            nombre: 'ESCUELA KEMPER URGATE',
            domicilioFiscalReceptor: '42501',
            regimenFiscalReceptor: '601',
            usoCfdi: 'G03',
          },
          conceptos: [
            {
              claveProdServ: '80101500',
              cantidad: '1',
              claveUnidad: 'E48',
              descripcion: 'Honorarios por consultoría',
              valorUnitario: '10000.00',
              impuestos: [
                IVA16,
                { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
                { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106666' },
              ],
            },
          ],
        },
        { fecha: '2023-01-10T09:15:00' },
      ),
    ),
  },
  {
    nombre: 'global-EKU9003173C9',
    rfc: 'EKU9003173C9',
    comprobante: ok(
      buildGlobal(
        {
          serie: 'G',
          folio: '12',
          formaPago: '01',
          moneda: 'MXN',
          lugarExpedicion: '42501',
          emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
          periodicidad: '04',
          meses: '01',
          año: '2023',
          tickets: [
            { folioVenta: 'T-1001', subtotal: '130.00', descuento: '10.00', impuestos: [IVA16] },
            { folioVenta: 'T-1002', subtotal: '100.09', impuestos: [IVA16] },
          ],
        },
        { fecha: '2023-02-01T10:00:00' },
      ),
    ),
  },
];

const dir = new URL('./fixtures/', import.meta.url);

describe('golden CFDIs (test/fixtures)', () => {
  const firmados = casos.map((c) => ({
    ...c,
    ...firmarComprobante(c.comprobante, satTestCsd(c.rfc)),
  }));
  if (process.env['UPDATE_GOLDEN'] === '1') {
    for (const f of firmados) {
      writeFileSync(new URL(`${f.nombre}.xml`, dir), f.xml);
      writeFileSync(new URL(`${f.nombre}.cadena.txt`, dir), f.cadenaOriginal);
    }
  }

  it.each(firmados.map((f) => [f.nombre, f] as const))(
    '%s is reproduced byte for byte',
    (_n, f) => {
      expect(existsSync(new URL(`${f.nombre}.xml`, dir))).toBe(true);
      expect(f.xml).toBe(readFileSync(new URL(`${f.nombre}.xml`, dir), 'utf8'));
      expect(f.cadenaOriginal).toBe(readFileSync(new URL(`${f.nombre}.cadena.txt`, dir), 'utf8'));
    },
  );

  it.each(firmados.map((f) => [f.nombre, f] as const))(
    '%s is reproduced byte for byte when signed on the thread pool too',
    async (_n, f) => {
      const xml = await sellarComprobanteEnHilo(f.comprobante, satTestCsd(f.rfc));
      expect(xml).toBe(readFileSync(new URL(`${f.nombre}.xml`, dir), 'utf8'));
    },
  );

  it('the stored files pass the SAT checks and their cadena is the SAT XSLT output', () => {
    const res = checkSatMany(
      firmados.map((f) => readFileSync(new URL(`${f.nombre}.xml`, dir), 'utf8')),
    );
    res.forEach((r, i) => {
      expect(r.errors).toEqual([]);
      expect(r.cadena).toBe(
        readFileSync(new URL(`${firmados[i]!.nombre}.cadena.txt`, dir), 'utf8'),
      );
    });
  });
});
