import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTACION_ZIP_MESSAGES as M } from '@repo/contracts/exportacion-zip';
import { fechaLocal } from '@repo/cfdi/xml';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import {
  facturaPpd,
  pagoBody,
  seedCobrador,
  V40,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { api, basico, seedFacturador } from '../facturas/facturas.test-support.ts';
import { crearExportacion } from './exportacion-zip.service.ts';
import { esperarExportacion, exportarPeriodo, ZIP } from './exportacion-zip.test-support.ts';
import {
  avanzarExportacion,
  buscarExportacion,
  insertarExportacion,
  reclamarExportacion,
  terminarExportacion,
} from './exportacion-zip.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Yesterday to tomorrow in the issuer's zone: today's documents, whatever the hour. */
function periodoDeHoy() {
  const dia = (ms: number) => fechaLocal(new Date(Date.now() + ms), 'America/Mexico_City');
  return { from_date: dia(-86_400_000).slice(0, 10), to_date: dia(86_400_000).slice(0, 10) };
}

async function resumen(data: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Resumen')!;
  const rows: unknown[][] = [];
  // A blank cell reads as '' whether the file holds it empty or leaves it out, as Excel shows it.
  sheet.eachRow((row) =>
    rows.push(Array.from({ length: sheet.columnCount }, (_, c) => row.getCell(c + 1).value ?? '')),
  );
  return rows;
}

describe('ZIP of a period: POST, progress, download', () => {
  it("holds each stamped or cancelled document's XML byte for byte and its PDF, by type, and nothing of another enterprise", async () => {
    const e = await seedCobrador(t, 10);
    const otra = await seedCobrador(t, 3);
    const pagada = await facturaPpd(t, e);
    const pago = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, pagada.id, 500));
    expect(pago.statusCode, pago.body).toBe(200);
    const pagoId: number = pago.json().data.data.id;
    const cancelada = await facturaPpd(t, e, { precio: '200.00' });
    const cancel = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: cancelada.id,
      motivo: '02',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const pre = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, {
      client_id: e.clientId,
      serie_id: e.serieId,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: e.productId,
          cantidad: '1',
          precio_unitario: '10.00',
          impuestos_trasladados: [e.taxes.iva16],
        },
      ],
    });
    expect(pre.statusCode, pre.body).toBe(200);
    const ajena = await facturaPpd(t, otra);

    const periodo = periodoDeHoy();
    const created = await api(t, e, 'POST', ZIP, periodo);
    expect(created.statusCode, created.body).toBe(201);
    const exp = created.json().data;
    expect(exp).toMatchObject({ total: 3, ...periodo });
    expect(exp.file_name).toBe(`Comprobantes_${periodo.from_date}_${periodo.to_date}.zip`);

    // Another enterprise sees neither its progress nor its file.
    const ajenoGet = await api(t, otra, 'GET', `${ZIP}/${exp.id}`);
    expect(ajenoGet.statusCode).toBe(404);
    expect(ajenoGet.json().dataError).toBe(M.noEncontrada);

    // The other enterprise's export is prepared side by side and holds only its own document.
    const suyo = await exportarPeriodo(t, otra, periodo);
    const ajenaRow = (await findComprobante(t.deps.db, otra.enterpriseId, ajena.id))!;
    expect(Object.keys(suyo.files).sort()).toEqual(
      [
        `Facturas de ingreso/${otra.rfc}_F-1_${String(ajenaRow.uuid)}.pdf`,
        `Facturas de ingreso/${otra.rfc}_F-1_${String(ajenaRow.uuid)}.xml`,
        'Resumen.xlsx',
      ].sort(),
    );

    const lista = await esperarExportacion(t, e, exp.id);
    expect(lista).toMatchObject({ estado: 'lista', total: 3, hechos: 3, error: null });
    const ajenoZip = await api(t, otra, 'GET', `${ZIP}/${exp.id}/descargar`);
    expect(ajenoZip.statusCode).toBe(404);

    const res = await api(t, e, 'GET', `${ZIP}/${exp.id}/descargar`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${exp.file_name}"`);
    expect(res.rawPayload.length).toBe(lista.bytes);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();

    const esperados: [number, string][] = [
      [pagada.id, 'Facturas de ingreso'],
      [cancelada.id, 'Facturas de ingreso'],
      [pagoId, 'Complementos de pago'],
    ];
    const rutas: string[] = [];
    for (const [id, carpeta] of esperados) {
      const row = (await findComprobante(t.deps.db, e.enterpriseId, id))!;
      const base = `${carpeta}/${e.rfc}_${row.serie}-${row.folio}_${row.uuid}`;
      const xml = files[`${base}.xml`];
      expect(xml, base).toBeDefined();
      expect(Buffer.from(xml!).equals(Buffer.from(row.xml_timbrado!, 'utf8'))).toBe(true);
      expect(Buffer.from(files[`${base}.pdf`]!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      rutas.push(`${base}.xml`, `${base}.pdf`);
    }
    expect(names).toEqual([...rutas, 'Resumen.xlsx'].sort());
    expect(names.some((n) => n.includes(ajenaRow.uuid!) || n.includes(otra.rfc))).toBe(false);

    const filas = await resumen(files['Resumen.xlsx']!);
    expect(filas[0]).toEqual([
      'Tipo',
      'Serie',
      'Folio',
      'UUID',
      'Fecha',
      'RFC receptor',
      'Receptor',
      'Moneda',
      'Total',
      'Monto pagado (MXN)',
      'Estatus',
      'Archivo XML',
      'Archivo PDF',
    ]);
    expect(filas).toHaveLength(4);
    const porUuid = new Map(filas.slice(1).map((f) => [f[3], f]));
    expect(porUuid.get(cancelada.uuid)?.[10]).toBe('Cancelado');
    expect(porUuid.get(pagada.uuid)?.slice(0, 1)).toEqual(['Factura']);
    expect(porUuid.get(pagada.uuid)?.slice(8, 11)).toEqual([1160, '', 'Vigente']);
    const pagoRow = (await findComprobante(t.deps.db, e.enterpriseId, pagoId))!;
    expect(porUuid.get(pagoRow.uuid)?.slice(0, 1)).toEqual(['Complemento de pago']);
    expect(porUuid.get(pagoRow.uuid)?.slice(8, 11)).toEqual([0, 500, 'Vigente']);
  });
});

describe('POST /api/facturacion/V40/comprobantes-zip refuses in Spanish', () => {
  it('a bad period (400), a period without documents (400) and more documents than the cap', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const casos: [unknown, string][] = [
      [{ to_date: '2026-01-31' }, M.desdeRequerida],
      [{ from_date: '2026-01-01' }, M.hastaRequerida],
      [{ from_date: '2026-02-30', to_date: '2026-03-31' }, M.fechaInvalida('2026-02-30')],
      [{ from_date: '01/02/2026', to_date: '2026-03-31' }, M.fechaInvalida('01/02/2026')],
      [{ from_date: '2026-03-01', to_date: '2026-02-01' }, M.rangoInvertido],
      [{ from_date: '2001-01-01', to_date: '2001-12-31' }, M.sinDocumentos],
    ];
    for (const [body, message] of casos) {
      const res = await api(t, e, 'POST', ZIP, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().dataError).toBe(message);
    }
    const { draft } = await basico(t, e);
    for (let i = 0; i < 2; i++) {
      const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft());
      expect(res.statusCode, res.body).toBe(200);
    }
    const periodo = periodoDeHoy();
    await expect(crearExportacion(t.deps.db, e.enterpriseId, 1, periodo, 1)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: M.demasiados(1),
    });
  });
});

describe('export jobs across processes', () => {
  it('one export in progress per enterprise; a job whose lease ran out is taken over and the old claim stops', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    expect((await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft())).statusCode).toBe(200);
    const periodo = periodoDeHoy();
    // A job pending in the database, as another process would have left it.
    const job = (await insertarExportacion(t.deps.db, e.enterpriseId, {
      userId: 1,
      desde: periodo.from_date,
      hasta: periodo.to_date,
      total: 1,
    }))!;
    const again = await crearExportacion(t.deps.db, e.enterpriseId, 1, periodo);
    expect(again).toMatchObject({ nueva: false, exportacion: { id: job.id } });

    // Claimed by a process that dies: its lease is already over, so another one takes it.
    const muerto = await reclamarExportacion(t.deps.db, 0, 'proceso-muerto');
    expect(muerto?.id).toBe(job.id);
    const anio = 365 * 86_400_000;
    const vivo = await reclamarExportacion(t.deps.db, anio, 'proceso-vivo');
    expect(vivo?.id).toBe(job.id);
    const avance = { total: 1, hechos: 1, leaseMs: anio };
    expect(await avanzarExportacion(t.deps.db, job, 'proceso-muerto', avance)).toBe(false);
    expect(await avanzarExportacion(t.deps.db, job, 'proceso-vivo', avance)).toBe(true);
    // Held by the live claim: nobody else claims it until its lease runs out.
    expect(await reclamarExportacion(t.deps.db, anio, 'tercero')).toBeNull();
    await terminarExportacion(t.deps.db, job, 'proceso-vivo', { estado: 'error', error: 'fin' });
    expect(await buscarExportacion(t.deps.db, e.enterpriseId, job.id)).toMatchObject({
      estado: 'error',
    });
  });
});
