import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_VENTAS_MESSAGES } from '@repo/contracts/facturas-globales';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { multipart, small, zip } from './hostile-xlsx.test-support.ts';
import { SPREADSHEET_MESSAGES } from './spreadsheet.ts';

// A file that is not a workbook, whatever it is and whatever its name says, is refused by every
// import with one Spanish message, and nothing is imported.

const NOT_A_WORKBOOK = 'El archivo no es un libro de Excel válido';
const IMPORTS = [
  '/api/clients/import',
  '/api/products-services/import',
  '/api/facturacion/V40/facturas-globales/import',
];

let t: TestApp;
let e: SeededEnterprise;
beforeAll(async () => {
  t = await buildTestApp();
  e = await seedEnterprise(t.deps);
});
afterAll(async () => {
  await t.close();
});

async function realXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Hoja').addRow(['Nombre o razón social', 'RFC']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CONTENT_TYPES = small('[Content_Types].xml', '<?xml version="1.0"?><Types/>');

async function notWorkbooks(): Promise<Record<string, Buffer>> {
  const xlsx = await realXlsx();
  const badDeflate = zip([CONTENT_TYPES, small('xl/workbook.xml', '<workbook/>'.repeat(50))]);
  badDeflate.fill(0xff, 80, 100);
  return {
    'a text file': Buffer.from('esto no es un libro de Excel\n'),
    'an empty file': Buffer.alloc(0),
    'a PDF': Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n\0\0\0'),
    'an Excel 97-2003 file': Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
    ]),
    'a zip of a text file': zip([small('hola.txt', 'hola')]),
    'a Word document': zip([CONTENT_TYPES, small('word/document.xml', '<w:document/>')]),
    'a zip with an empty end record': Buffer.concat([
      Buffer.from('PK'),
      Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]),
    ]),
    'a workbook cut short': xlsx.subarray(0, 300),
    'a workbook without its last bytes': xlsx.subarray(0, xlsx.length - 10),
    'a workbook whose parts do not inflate': badDeflate,
    'a workbook whose sheet is not XML': zip([
      CONTENT_TYPES,
      small('xl/workbook.xml', '<workbook><sheets><sheet name="a" sheetId="1"'),
      small('xl/worksheets/sheet1.xml', '<<<'),
    ]),
  };
}

describe('a file that is not a workbook', () => {
  it('is refused by every import with "El archivo no es un libro de Excel válido"', async () => {
    const files = await notWorkbooks();
    for (const url of IMPORTS) {
      for (const [what, data] of Object.entries(files)) {
        const body = multipart(data, 'importar.xlsx');
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...e.headers, ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode, `${url}, ${what}: ${res.body}`).toBe(422);
        expect(res.json(), `${url}, ${what}`).toEqual({
          success: false,
          dataError: SPREADSHEET_MESSAGES.notXlsx,
        });
        expect(SPREADSHEET_MESSAGES.notXlsx.startsWith(NOT_A_WORKBOOK)).toBe(true);
      }
    }
    const clients = await t.app.inject({ url: '/api/clients', headers: e.headers });
    expect(clients.json().data.total).toBe(0);
  });

  it('the sales of a global invoice: a CSV is read, a binary file of another kind is refused', async () => {
    const url = IMPORTS[2]!;
    const send = (name: string, data: Buffer) => {
      const body = multipart(data, name);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...e.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const pdf = await send('ventas.pdf', (await notWorkbooks())['a PDF']!);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().dataError).toBe(IMPORT_VENTAS_MESSAGES.badFile);
    expect(IMPORT_VENTAS_MESSAGES.badFile.startsWith(NOT_A_WORKBOOK)).toBe(true);
    // A CSV saved by Excel in Windows-1252: read, its accents kept.
    const csv = await send(
      'ventas.csv',
      Buffer.from(
        'Folio de venta,Grupo de impuestos,Subtotal\nTIENDA-Ñ1,Exento,100.00\n',
        'latin1',
      ),
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.json().data.ventas[0]).toMatchObject({ fila: 2, folioVenta: 'TIENDA-Ñ1' });
    // The same text, named as a workbook, is not one.
    const named = await send('ventas.xlsx', Buffer.from('Folio de venta,Subtotal\nT-1,100\n'));
    expect(named.json().dataError).toBe(SPREADSHEET_MESSAGES.notXlsx);
  });
});
