import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  api,
  crearProducto,
  seedFacturador,
  type Facturador,
} from '../facturas/facturas.test-support.ts';

// Receipts typed on the screen (with their day) and imported from a spreadsheet: every receipt
// of the file or none, each with its folio and self-invoicing code as those of the API.

let t: TestApp;
const hoy = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
const diasAtras = (n: number) => {
  const d = new Date(`${hoy()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function empresa() {
  const e = await seedFacturador(t, { credits: 1 });
  const cafe = await crearProducto(t, e, {
    description: 'Café americano',
    internal_code: 'CAF-1',
    price: '40',
  });
  await crearProducto(t, e, { description: 'Pan dulce', price: '15.50' });
  return Object.assign(e, { cafe });
}

function subir(e: Facturador, nombre: string, data: Buffer) {
  const boundary = '----recibos';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${nombre}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/recibos/${e.enterpriseId}/importar`,
    headers: { ...e.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const ENCABEZADO =
  'Ticket,Fecha,Forma de pago,Producto,Cantidad,Precio unitario,Grupo de impuestos';

async function lista(e: Facturador) {
  const res = await api(t, e, 'GET', `/api/recibos/${e.enterpriseId}`);
  return res.json().data.data as { folio: number; referencia: string | null; total: string }[];
}

describe('a receipt typed on the screen', () => {
  it('takes the sale day and refuses a day after today, with nothing recorded', async () => {
    const e = await empresa();
    const partidas = [
      {
        product_service_id: e.cafe,
        cantidad: '1',
        precio_unitario: '100',
        impuestos_trasladados: [],
      },
    ];
    const manana = new Date(`${hoy()}T12:00:00Z`);
    manana.setUTCDate(manana.getUTCDate() + 1);
    const futura = await api(t, e, 'POST', `/api/recibos/${e.enterpriseId}`, {
      forma_pago: '01',
      fecha: manana.toISOString().slice(0, 10),
      partidas,
    });
    expect(futura.statusCode).toBe(422);
    expect(futura.json().dataError).toEqual({
      fecha: ['La fecha del recibo no puede ser posterior a hoy.'],
    });
    expect(await lista(e)).toEqual([]);

    const res = await api(t, e, 'POST', `/api/recibos/${e.enterpriseId}`, {
      forma_pago: '04',
      fecha: diasAtras(3),
      partidas: [{ ...partidas[0], impuestos_trasladados: [e.taxes.iva16] }],
    });
    expect(res.statusCode).toBe(201);
    const r = res.json().data;
    expect(r.folio).toBe(1);
    expect(r.codigo).toMatch(/^[0-9A-Z]{12}$/);
    expect(r.total).toBe('116.00');
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
        new Date(r.fecha),
      ),
    ).toBe(diasAtras(3));
  });
});

describe('receipts imported from a spreadsheet', () => {
  it('a CSV: the rows of one ticket are one receipt, a row without ticket its own', async () => {
    const e = await empresa();
    const csv = [
      ENCABEZADO,
      `T-100,${diasAtras(1)},01,CAF-1,2,,`,
      `T-100,${diasAtras(1)},01,pan dulce,3,,IVA 16%`,
      `,${diasAtras(2)},4,Pan dulce,1,20,`,
    ].join('\n');
    const res = await subir(e, 'ventas.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(201);
    // T-100: 2 × 40 + 3 × 15.50 = 126.50 + 16 % = 146.74; the other 20 + 16 % = 23.20.
    expect(res.json().data).toEqual({
      importados: 2,
      recibos: [
        { folio: 1, referencia: 'T-100', total: '146.74' },
        { folio: 2, referencia: null, total: '23.20' },
      ],
    });
    const detalle = await api(t, e, 'GET', `/api/recibos/${e.enterpriseId}`);
    const recibos = detalle.json().data.data as { codigo: string; forma_pago: string }[];
    expect(recibos.map((r) => r.forma_pago).sort()).toEqual(['01', '04']);
    expect(new Set(recibos.map((r) => r.codigo)).size).toBe(2);

    // The same ticket again is refused on its row, and nothing of the file is recorded.
    const otra = await subir(
      e,
      'ventas.csv',
      Buffer.from(
        [ENCABEZADO, `T-200,${hoy()},01,CAF-1,1,,`, `T-100,${hoy()},01,CAF-1,1,,`].join('\n'),
      ),
    );
    expect(otra.statusCode).toBe(422);
    expect(otra.json().dataError.archivo).toEqual([
      'No se importó ningún recibo. Corrija el archivo y vuelva a importarlo.',
      'Fila 3, columna «Ticket»: el ticket «T-100» ya está registrado como el recibo con folio 1.',
    ]);
    expect(await lista(e)).toHaveLength(2);
  });

  it('an xlsx with bad rows: every error named by row and column, and nothing imported', async () => {
    const e = await empresa();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Recibos');
    ws.addRow(ENCABEZADO.split(','));
    ws.addRow(['A-1', diasAtras(1), '01', 'CAF-1', 1, '', '']);
    ws.addRow(['A-2', '15/03/2026', '99', 'Té verde', 0, 'gratis', 'IVA 8%']);
    ws.addRow(['A-1', diasAtras(2), '01', 'CAF-1', 1, '', '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await subir(e, 'ventas.xlsx', data);
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.archivo).toEqual([
      'No se importó ningún recibo. Corrija el archivo y vuelva a importarlo.',
      'Fila 3, columna «Fecha»: escriba la fecha de la venta como AAAA-MM-DD (por ejemplo 2026-03-15).',
      'Fila 3, columna «Forma de pago»: un recibo es una venta pagada: la forma de pago no puede ser 99 (Por definir).',
      'Fila 3, columna «Producto»: no hay un producto o servicio con la clave interna o descripción «Té verde» en su catálogo.',
      'Fila 3, columna «Cantidad»: escriba una cantidad mayor que cero, con hasta 6 decimales.',
      'Fila 3, columna «Precio unitario»: escriba un precio mayor que cero, con hasta 6 decimales.',
      'Fila 3, columna «Grupo de impuestos»: no tiene un grupo de impuestos llamado «IVA 8%».',
      'Fila 4, columna «Fecha»: todas las filas del ticket «A-1» deben tener la misma fecha.',
    ]);
    expect(await lista(e)).toEqual([]);
  });

  it('refuses a file without the required columns, and offers the template', async () => {
    const e = await empresa();
    const res = await subir(e, 'ventas.csv', Buffer.from('Ticket,Producto\nT-1,CAF-1\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toBe(
      'Al archivo le faltan columnas de la plantilla: Fecha, Forma de pago, Cantidad. Descargue la plantilla y vuelva a intentarlo.',
    );
    const plantilla = await api(t, e, 'GET', `/api/recibos/${e.enterpriseId}/importar/plantilla`);
    expect(plantilla.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(plantilla.rawPayload as unknown as ArrayBuffer);
    expect((wb.getWorksheet('Recibos')?.getRow(1).values as unknown[]).slice(1)).toEqual(
      ENCABEZADO.split(','),
    );
  });
});
