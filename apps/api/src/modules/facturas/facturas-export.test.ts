import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { EXPORT_MESSAGES, exportFacturas } from './facturas-export.ts';
import { SIN_FILTROS } from './facturas-lista.queries.ts';
import { api, basico, crearCliente, seedFacturador } from './facturas.test-support.ts';

const V40 = '/api/facturacion/V40';
const EXPORT = `${V40}/facturas-ingreso/export`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The sheet "Facturas" of an xlsx: its header row, its data rows and the sheet itself. */
async function leer(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Facturas');
  if (!sheet) throw new Error('no sheet Facturas');
  // A blank cell reads as '' whether the file holds it empty or leaves it out, as Excel shows it.
  const values = (r: number) =>
    Array.from({ length: sheet.columnCount }, (_, c) => sheet.getRow(r).getCell(c + 1).value ?? '');
  const rows: unknown[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) rows.push(values(r));
  return { header: values(1), rows, sheet };
}

describe('GET /api/facturacion/V40/facturas-ingreso/export', () => {
  it('every invoice of the filters, in Spanish columns, amounts as numbers of 2 decimals', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const rfcOtro = rfcAleatorio('moral');
    const otro = await crearCliente(t, e, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: rfcOtro,
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '42501',
    });
    const stamp = async (body: unknown) => {
      const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.factura;
    };
    const pue = await stamp(draft());
    const ppd = await stamp(draft({ metodo_pago: 'PPD', forma_pago: '99', client_id: otro }));
    const pre = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    expect(pre.statusCode, pre.body).toBe(200);

    const res = await api(t, e, 'GET', EXPORT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Facturas.xlsx"');
    const { header, rows, sheet } = await leer(res.rawPayload);
    expect(header).toEqual([
      'Serie',
      'Folio',
      'UUID',
      'Fecha',
      'Cliente',
      'RFC',
      'Método de pago',
      'Moneda',
      'Subtotal',
      'Impuestos',
      'Total',
      'Pendiente de pago',
      'Estatus',
    ]);
    expect(rows).toHaveLength(3);
    // Newest first: the pre-invoice (no folio, no CFDI yet), the PPD, the PUE.
    expect(rows[0]).toEqual([
      'F',
      '',
      '',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'XOCHILT CASAS CHAVEZ',
      'CACX7605101P8',
      'PUE',
      'MXN',
      '',
      '',
      3132,
      '',
      'Pre Factura',
    ]);
    // 2 × 1500 = 3000, 10 % off, IVA 16 % of 2700 = 432: total 3132, all of it pending (PPD).
    expect(rows[1]).toEqual([
      'F',
      2,
      ppd.uuid,
      ppd.fecha.replace('T', ' '),
      'ESCUELA KEMPER URGATE',
      rfcOtro,
      'PPD',
      'MXN',
      3000,
      432,
      3132,
      3132,
      'Timbrada',
    ]);
    expect(rows[2]?.slice(0, 3)).toEqual(['F', 1, pue.uuid]);
    expect(rows[2]?.slice(8)).toEqual([3000, 432, 3132, '', 'Timbrada']);
    // Every amount a user sees in Excel shows two decimals and thousands separators.
    for (const column of [9, 10, 11, 12]) {
      for (let r = 2; r <= sheet.rowCount; r++) {
        const cell = sheet.getRow(r).getCell(column);
        if (typeof cell.value === 'number') expect(cell.numFmt).toBe('#,##0.00');
      }
    }

    const ids = async (query: string) => {
      const r = await api(t, e, 'GET', `${EXPORT}?${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return (await leer(r.rawPayload)).rows.map((row) => row[1]);
    };
    expect(await ids(`rfc_name=${rfcOtro}`)).toEqual([2]);
    expect(await ids('rfc_name=xochilt&status=timbrada')).toEqual([1]);
    expect(await ids('status=pre_factura')).toEqual(['']);
    expect(await ids('metodo_pago=PUE&status=timbrada')).toEqual([1]);
    expect(await ids('serie=Z')).toEqual([]);
    const hoy = pue.fecha.slice(0, 10);
    expect(await ids(`from_date=${hoy}&to_date=${hoy}&status=timbrada`)).toEqual([2, 1]);
    expect(await ids('to_date=2020-01-01')).toEqual([]);

    const bad = await api(t, e, 'GET', `${EXPORT}?status=borrador`);
    expect(bad.statusCode).toBe(422);

    // Another enterprise's export has none of them.
    const ajena = await seedFacturador(t, { credits: 0 });
    const suya = await api(t, ajena, 'GET', EXPORT);
    expect((await leer(suya.rawPayload)).rows).toEqual([]);
  });

  it('beyond the cap it refuses with a Spanish message instead of a partial file', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft } = await basico(t, e);
    for (let i = 0; i < 2; i++) {
      const pre = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
      expect(pre.statusCode, pre.body).toBe(200);
    }
    const filters = SIN_FILTROS;
    await expect(exportFacturas(t.deps.db, e.enterpriseId, filters, 1)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      dataError: EXPORT_MESSAGES.tooMany(1),
    });
    const dos = await exportFacturas(t.deps.db, e.enterpriseId, filters, 2);
    expect((await leer(dos)).rows).toHaveLength(2);
    expect(EXPORT_MESSAGES.tooMany(10_000)).toBe(
      'Hay más de 10,000 facturas con estos filtros. Acote la búsqueda (por ejemplo, por fechas) y vuelva a exportar.',
    );
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: EXPORT });
    expect(res.statusCode).toBe(401);
  });
});
