import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_VENTAS_MESSAGES, MAX_IMPORT_VENTAS } from '@repo/contracts/facturas-globales';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bigCell, manyRows, multipart, workbook } from './hostile-xlsx.test-support.ts';
import { SPREADSHEET_MESSAGES } from './spreadsheet.ts';

// A signed-in user uploads a small xlsx that unpacks to hundreds of megabytes to any import (clients,
// products and services, the sales of a global invoice): the import is refused with a Spanish
// message, and another tenant's requests keep being answered meanwhile.

let t: TestApp;
let attacker: SeededEnterprise;
let other: SeededEnterprise;
beforeAll(async () => {
  t = await buildTestApp();
  attacker = await seedEnterprise(t.deps);
  other = await seedEnterprise(t.deps);
});
afterAll(async () => {
  await t.close();
});

/** Imports `file` while another tenant lists its clients every 10 ms; both timings printed. */
async function importWhileOtherTenantWorks(
  url: string,
  file: Buffer,
  fileName = 'import.xlsx',
): Promise<{ status: number; dataError: unknown; otherStatuses: number[] }> {
  const body = multipart(file, fileName);
  let importing = true;
  const otherStatuses: number[] = [];
  const otherTimes: number[] = [];
  const otherTenant = (async () => {
    while (importing) {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/clients',
        headers: other.headers,
      });
      otherTimes.push(performance.now() - started);
      otherStatuses.push(res.statusCode);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  await new Promise((r) => setTimeout(r, 30));
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...attacker.headers, ...body.headers },
    payload: body.payload,
  });
  const took = performance.now() - started;
  await new Promise((r) => setTimeout(r, 30));
  importing = false;
  await otherTenant;
  console.log(
    `${url}: ${(file.length / 1024).toFixed(0)} KB refused in ${took.toFixed(0)} ms; the other tenant's ` +
      `${otherTimes.length} requests took at most ${Math.max(...otherTimes).toFixed(0)} ms`,
  );
  return { status: res.statusCode, dataError: res.json().dataError, otherStatuses };
}

const CLIENTS = '/api/clients/import';
const PRODUCTS = '/api/products-services/import';
const GLOBAL_SALES = '/api/facturacion/V40/facturas-globales/import';

describe('hostile spreadsheets', () => {
  // Each refusal is the guard's own message, found on the zip before the spreadsheet library
  // unpacks anything: the library would have read the 400 MB cell or the 5 million rows whole.
  it('refuses a small xlsx with a 400 MB cell on every import while another tenant is answered', async () => {
    const file = await bigCell();
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    for (const url of [CLIENTS, PRODUCTS, GLOBAL_SALES]) {
      const result = await importWhileOtherTenantWorks(url, file);
      expect(result.status).toBe(422);
      expect(result.dataError).toBe(SPREADSHEET_MESSAGES.tooLarge);
      expect(result.otherStatuses.length).toBeGreaterThan(1);
      expect(result.otherStatuses.every((s) => s === 200)).toBe(true);
    }
  });

  it('refuses an xlsx of 5 million rows on every import while another tenant is answered', async () => {
    const file = await manyRows();
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    for (const url of [CLIENTS, PRODUCTS, GLOBAL_SALES]) {
      const result = await importWhileOtherTenantWorks(url, file);
      expect(result.status).toBe(422);
      expect(result.dataError).toBe(SPREADSHEET_MESSAGES.tooLarge);
      expect(result.otherStatuses.every((s) => s === 200)).toBe(true);
    }
  });

  it('refuses rows and cells beyond the limits even when the file is small unpacked', async () => {
    const rows = await workbook(function* () {
      for (let r = 2; r < 10_050; r++) yield `<row r="${r}"/>`;
    });
    const rowsResult = await importWhileOtherTenantWorks(CLIENTS, rows);
    expect(rowsResult.dataError).toBe(SPREADSHEET_MESSAGES.tooManyRows);
    const cell = await workbook(function* () {
      yield `<row r="2"><c r="A2" t="inlineStr"><is><t>${'ñ'.repeat(5000)}</t></is></c></row>`;
    });
    for (const url of [CLIENTS, GLOBAL_SALES]) {
      const cellResult = await importWhileOtherTenantWorks(url, cell);
      expect(cellResult.dataError).toBe(SPREADSHEET_MESSAGES.cellTooLong);
    }
  });

  it('refuses one cell far away, which the reader would turn into billions of empty cells', async () => {
    // The sheet is read as a table up to its farthest cell: XFD1048576 alone would be 16384 columns
    // by a million rows; a cell in row 1,048,576 alone, a million rows.
    const corner = await workbook(function* () {
      yield '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>';
    });
    const wide = await workbook(function* () {
      yield '<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="ZZ2"><v>1</v></c></row>';
    });
    for (const file of [corner, wide]) {
      for (const url of [CLIENTS, PRODUCTS, GLOBAL_SALES]) {
        const result = await importWhileOtherTenantWorks(url, file);
        expect(result.status).toBe(422);
        expect(result.dataError).toBe(SPREADSHEET_MESSAGES.farCell);
        expect(result.otherStatuses.every((s) => s === 200)).toBe(true);
      }
    }
  });

  it("the sales of a global invoice: as many rows as a global's sales, not one more", async () => {
    // Written with a namespace prefix, as some libraries do: still counted.
    const sales = await workbook(function* () {
      for (let r = 2; r < MAX_IMPORT_VENTAS + 1_010; r++) yield `<x:row r="${r}"/>`;
    });
    const result = await importWhileOtherTenantWorks(GLOBAL_SALES, sales);
    expect(result.status).toBe(422);
    expect(result.dataError).toBe(IMPORT_VENTAS_MESSAGES.tooManyRows);
    // A CSV or pasted text: millions of lines are refused before they are split into cells.
    const lines = Buffer.from(
      'Folio de venta,Grupo de impuestos,Subtotal\n'.padEnd(4_000_000, '\n'),
    );
    const csv = await importWhileOtherTenantWorks(GLOBAL_SALES, lines, 'ventas.csv');
    expect(csv.dataError).toBe(IMPORT_VENTAS_MESSAGES.tooManyRows);
    const long = Buffer.from(
      `Folio de venta,Grupo de impuestos,Subtotal\n${'A'.repeat(5000)},IVA,1\n`,
    );
    const longCell = await importWhileOtherTenantWorks(GLOBAL_SALES, long, 'ventas.csv');
    expect(longCell.dataError).toBe(SPREADSHEET_MESSAGES.cellTooLong);
  });
});
