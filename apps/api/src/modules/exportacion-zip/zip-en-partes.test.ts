import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipEnPartes } from './zip-en-partes.ts';

describe('ZipEnPartes', () => {
  it('hands out full parts while it is built and the shorter last one at the end; together they are the ZIP', () => {
    const zip = new ZipEnPartes(4096);
    const partes: Buffer[] = [];
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Nombre="MUÑOZ &amp; HIJOS"/>';
    const pdf = randomBytes(10_000);
    zip.agregar('Facturas de ingreso/A-1_uuid.xml', Buffer.from(xml, 'utf8'), true);
    partes.push(...zip.partesListas());
    zip.agregar('Facturas de ingreso/A-1_uuid.pdf', pdf, false);
    const trasPdf = zip.partesListas();
    // 10,000 bytes stored as they are fill two parts of 4,096 before the end.
    expect(trasPdf.map((p) => p.length)).toEqual([4096, 4096]);
    partes.push(...trasPdf);
    zip.agregar('Complementos de pago/MUÑOZ_P-1.xml', Buffer.from('<p/>'), true);
    zip.terminar();
    const ultimas = zip.partesListas();
    expect(ultimas.length).toBeGreaterThanOrEqual(1);
    expect(ultimas.every((p) => p.length <= 4096)).toBe(true);
    partes.push(...ultimas);
    expect(zip.partesListas()).toEqual([]);

    const todo = Buffer.concat(partes);
    expect(todo.length).toBe(zip.bytes);
    const archivos = unzipSync(todo);
    expect(Object.keys(archivos)).toEqual([
      'Facturas de ingreso/A-1_uuid.xml',
      'Facturas de ingreso/A-1_uuid.pdf',
      'Complementos de pago/MUÑOZ_P-1.xml',
    ]);
    expect(strFromU8(archivos['Facturas de ingreso/A-1_uuid.xml']!)).toBe(xml);
    expect(Buffer.from(archivos['Facturas de ingreso/A-1_uuid.pdf']!).equals(pdf)).toBe(true);
  });
});
