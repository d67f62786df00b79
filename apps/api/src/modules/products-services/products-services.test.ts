import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rubrosImpuestos } from '../../db/schema/rubros-impuestos.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countProductsServices, findProductService } from './products-services.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Tenant extends SeededEnterprise {
  rubroId: number;
}

/** A signed-in enterprise with one tax group, as products need one. */
async function tenant(rubroName = 'IVA 16%'): Promise<Tenant> {
  const e = await seedEnterprise(t.deps);
  const [rubro] = await t.deps.db
    .insert(rubrosImpuestos)
    .values({ enterprise_id: e.enterpriseId, name: rubroName, objeto_impuesto_key: '02' })
    .returning({ id: rubrosImpuestos.id });
  if (!rubro) throw new Error('no rubro');
  return { ...e, rubroId: rubro.id };
}

function product(e: Tenant, overrides: Record<string, unknown> = {}) {
  return {
    productServiceObj: { clave: '84111506', descripcion: 'lo que el cliente mande' },
    unitsObj: { clave: 'E48' },
    unity_price: '1500.5',
    internal_code: 'SERV-001',
    description: 'Servicio de facturación mensual',
    taxesGroup: e.rubroId,
    cuentaPredialNumber: null,
    ...overrides,
  };
}

function inject(
  e: SeededEnterprise,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: e.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function createOk(e: Tenant, overrides: Record<string, unknown> = {}) {
  const res = await inject(e, 'POST', '/api/products-services', product(e, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; description: string; unity_price: string };
}

describe('POST /api/products-services', () => {
  it('creates a product with the catalog texts, the price as exact decimal text and its group', async () => {
    const e = await tenant();
    const res = await inject(e, 'POST', '/api/products-services', product(e));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      productServiceObj: {
        clave: '84111506',
        descripcion: 'Servicios de facturación',
        palabras_similares: expect.any(String),
      },
      unitsObj: { clave: 'E48', nombre: 'Unidad de servicio', simbolo: expect.any(String) },
      unity_price: '1500.50',
      internal_code: 'SERV-001',
      description: 'Servicio de facturación mensual',
      taxesGroup: e.rubroId,
      taxes_group_name: 'IVA 16%',
      objeto_impuesto_key: '02',
      cuentaPredialNumber: null,
      product_service_key: '84111506',
      product_service_name: 'Servicios de facturación',
      unit_key: 'E48',
      unit_name: 'Unidad de servicio',
      unit_symbol: data.unitsObj.simbolo,
    });
    const get = await inject(e, 'GET', `/api/products-services/${data.id}`);
    expect(get.json()).toEqual({ success: true, data });
  });

  it('strips HTML tags and line breaks from the description and the cuenta predial to alphanumerics', async () => {
    const e = await tenant();
    const p = await createOk(e, {
      description: '<b>Renta</b> de local\r\ncomercial <br/>planta baja',
      cuentaPredialNumber: '123-456 78/9A',
      unity_price: 0.123456,
    });
    expect(p).toMatchObject({
      description: 'Renta de local comercial planta baja',
      cuentaPredialNumber: '123456789A',
      unity_price: '0.123456',
    });
  });

  it.each([
    ['-1', 'negative'],
    ['1.1234567', 'seven decimals'],
    ['abc', 'text'],
    ['', 'empty'],
  ])('rejects the price %j (%s) and saves nothing', async (unity_price) => {
    const e = await tenant();
    const res = await inject(e, 'POST', '/api/products-services', product(e, { unity_price }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      dataError: {
        unity_price: [
          'El precio unitario debe ser un número mayor o igual a 0 con hasta 6 decimales',
        ],
      },
    });
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('checks the SAT keys and that the tax group is one of the enterprise', async () => {
    const e = await tenant();
    const other = await tenant();
    const res = await inject(
      e,
      'POST',
      '/api/products-services',
      product(e, {
        productServiceObj: { clave: '99999999' },
        unitsObj: { clave: 'NOPE' },
        taxesGroup: other.rubroId,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toEqual({
      productServiceObj: ['La clave de producto o servicio no existe en el catálogo del SAT'],
      unitsObj: ['La clave de unidad no existe en el catálogo del SAT'],
      taxesGroup: ['El grupo de impuestos no existe'],
    });
    const empty = await inject(
      e,
      'POST',
      '/api/products-services',
      product(e, { description: '<p>\n</p>', taxesGroup: null }),
    );
    expect(empty.json().dataError).toEqual({
      description: ['La descripción es obligatoria'],
      taxesGroup: ['El grupo de impuestos es obligatorio'],
    });
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('keeps internal code and description unique per enterprise, ignoring case', async () => {
    const e = await tenant();
    const other = await tenant();
    const first = await createOk(e);
    const dup = await inject(
      e,
      'POST',
      '/api/products-services',
      product(e, { internal_code: 'serv-001', description: 'SERVICIO DE FACTURACIÓN MENSUAL' }),
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().dataError).toEqual({
      internal_code: ['Ya existe un producto o servicio con el código interno serv-001'],
      description: ['Ya existe un producto o servicio con esta descripción'],
    });
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(1);
    await createOk(other);

    const codeTaken = await inject(e, 'POST', '/api/products-services/internal-code-unique', {
      internal_code: 'Serv-001',
    });
    expect(codeTaken.json()).toEqual({ success: true, data: { is_unique: false } });
    const codeSelf = await inject(e, 'POST', '/api/products-services/internal-code-unique', {
      internal_code: 'SERV-001',
      id: first.id,
    });
    expect(codeSelf.json().data).toEqual({ is_unique: true });
    const descTaken = await inject(e, 'POST', '/api/products-services/description-unique', {
      description: 'servicio de <i>facturación</i> mensual',
    });
    expect(descTaken.json().data).toEqual({ is_unique: false });
    const descSelf = await inject(e, 'POST', '/api/products-services/description-unique', {
      description: 'Servicio de facturación mensual',
      id: first.id,
    });
    expect(descSelf.json().data).toEqual({ is_unique: true });
    const descFree = await inject(e, 'POST', '/api/products-services/description-unique', {
      description: 'Otra cosa',
    });
    expect(descFree.json().data).toEqual({ is_unique: true });
  });

  it('allows several products without an internal code', async () => {
    const e = await tenant();
    await createOk(e, { internal_code: null, description: 'Uno' });
    await createOk(e, { internal_code: '', description: 'Dos' });
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(2);
  });
});

describe('PUT and DELETE /api/products-services/{id}', () => {
  it('updates a product, excluding itself from the uniqueness checks', async () => {
    const e = await tenant();
    const p = await createOk(e);
    const other = await createOk(e, { internal_code: 'OTRO', description: 'Otro servicio' });
    const res = await inject(
      e,
      'PUT',
      `/api/products-services/${p.id}`,
      product(e, { unity_price: '99', unitsObj: { clave: 'H87' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: p.id,
      unity_price: '99.00',
      unitsObj: { clave: 'H87', nombre: 'Pieza' },
    });
    const clash = await inject(e, 'PUT', `/api/products-services/${other.id}`, product(e));
    expect(clash.statusCode).toBe(422);
    expect((await findProductService(t.deps.db, e.enterpriseId, other.id))?.description).toBe(
      'Otro servicio',
    );
  });

  it("gives 404 for another enterprise's product and changes nothing", async () => {
    const owner = await tenant();
    const intruder = await tenant();
    const p = await createOk(owner);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', product(intruder, { description: 'ROBADO' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await inject(intruder, method, `/api/products-services/${p.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        dataError: 'El producto o servicio no existe.',
      });
    }
    expect((await findProductService(t.deps.db, owner.enterpriseId, p.id))?.description).toBe(
      'Servicio de facturación mensual',
    );
  });

  it('deletes a product', async () => {
    const e = await tenant();
    const p = await createOk(e);
    const res = await inject(e, 'DELETE', `/api/products-services/${p.id}`);
    expect(res.json()).toEqual({ success: true, data: null });
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(0);
  });
});

describe('lists and search', () => {
  it('sorts by description ascending by default, by price on request, and paginates', async () => {
    const e = await tenant();
    for (const [description, price, code] of [
      ['zapatos', '10', 'Z1'],
      ['Agua', '300.25', 'A1'],
      ['martillo', '7.5', 'M1'],
    ] as const) {
      await createOk(e, { description, unity_price: price, internal_code: code });
    }
    const def = await inject(e, 'GET', '/api/products-services?page=1');
    expect(def.json().data).toMatchObject({
      current_page: 1,
      per_page: 30,
      total: 3,
      last_page: 1,
    });
    const rows = def.json().data.data as { description: string; product_service_key: string }[];
    expect(rows.map((r) => r.description)).toEqual(['Agua', 'martillo', 'zapatos']);
    expect(rows[0]).toMatchObject({
      product_service_key: '84111506',
      product_service_name: 'Servicios de facturación',
      unit_key: 'E48',
      unit_name: 'Unidad de servicio',
    });
    const byPrice = await inject(
      e,
      'GET',
      '/api/products-services?order_by=unity_price&order_direction=desc',
    );
    expect(byPrice.json().data.data.map((r: { unity_price: string }) => r.unity_price)).toEqual([
      '300.25',
      '10.00',
      '7.50',
    ]);
    const page2 = await inject(e, 'GET', '/api/products-services?page=2');
    expect(page2.json().data).toMatchObject({ current_page: 2, total: 3, data: [] });
  });

  it('searches by description, internal code and SAT key or name', async () => {
    const e = await tenant();
    await createOk(e, { description: 'Consultoría fiscal', internal_code: 'CF-1' });
    await createOk(e, {
      description: 'Tornillo',
      internal_code: 'TOR-9',
      productServiceObj: { clave: '01010101' },
      unitsObj: { clave: 'H87' },
    });
    const search = async (data_search: string) =>
      (
        await inject(e, 'POST', '/api/products-services/search?page=1', {
          data_search,
          current_page: 1,
          items_perpage: 30,
        })
      )
        .json()
        .data.data.map((r: { description: string }) => r.description);
    expect(await search('consultor')).toEqual(['Consultoría fiscal']);
    expect(await search('tor-9')).toEqual(['Tornillo']);
    expect(await search('01010101')).toEqual(['Tornillo']);
    expect(await search('facturación')).toEqual(['Consultoría fiscal']);
    const all = await inject(e, 'POST', '/api/products-services/search', {
      data_search: '',
      paginated_search: false,
    });
    expect(all.json().data).toHaveLength(2);
  });
});

describe('import and export', () => {
  const HEADERS = [
    'Clave de producto o servicio SAT',
    'Clave de unidad SAT',
    'Descripción',
    'Precio unitario',
    'Código interno',
    'Grupo de impuestos',
    'Cuenta predial',
  ];

  async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Productos y Servicios');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  function upload(e: SeededEnterprise, fileName: string, data: Buffer) {
    const boundary = '----productsboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/products-services/import',
      headers: { ...e.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('downloads the template from the spec path (products-service, singular)', async () => {
    const e = await tenant();
    const res = await inject(
      e,
      'GET',
      '/api/products-service/import/download-import-products-services-template',
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = workbook.getWorksheet('Productos y Servicios')?.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(HEADERS);
  });

  it('creates the valid rows and rejects the invalid ones with their reasons', async () => {
    const e = await tenant('IVA 16%');
    const file = await xlsx([
      HEADERS,
      ['84111506', 'E48', 'Asesoría contable', 2500, 'AC-1', 'iva 16%', '12-34'],
      ['84111506', 'E48', 'Sin grupo', 10, 'SG-1', 'No existe', ''],
      ['99999999', 'E48', 'Clave mala', '-5', '', 'IVA 16%', ''],
      ['84111506', 'E48', 'asesoría CONTABLE', 1, 'AC-2', 'IVA 16%', ''],
      ['01010101', 'h87', 'Tornillo', '0.125', '', 'IVA 16%', ''],
    ]);
    const res = await upload(e, 'productos.xlsx', file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ file_name: 'productos.xlsx', created: 2, rejected: 3 });
    expect(report.rows).toEqual([
      { row: 2, status: 'created', label: 'Asesoría contable', errors: [] },
      {
        row: 3,
        status: 'rejected',
        label: 'Sin grupo',
        errors: ['Grupo de impuestos: El grupo de impuestos no existe'],
      },
      {
        row: 4,
        status: 'rejected',
        label: 'Clave mala',
        errors: [
          'Precio unitario: El precio unitario debe ser un número mayor o igual a 0 con hasta 6 decimales',
        ],
      },
      {
        row: 5,
        status: 'rejected',
        label: 'asesoría CONTABLE',
        errors: ['Descripción: Ya existe un producto o servicio con esta descripción'],
      },
      { row: 6, status: 'created', label: 'Tornillo', errors: [] },
    ]);
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(2);
    const list = await inject(e, 'GET', '/api/products-services');
    expect(list.json().data.data).toEqual([
      expect.objectContaining({
        description: 'Asesoría contable',
        unity_price: '2500.00',
        cuentaPredialNumber: '1234',
      }),
      expect.objectContaining({ description: 'Tornillo', unity_price: '0.125', unit_key: 'H87' }),
    ]);
    const stored = await inject(e, 'GET', '/api/products-services/import/report');
    expect(stored.json()).toEqual({ success: true, data: report });
  });

  it('reports an unknown SAT key once the row is otherwise valid', async () => {
    const e = await tenant();
    const res = await upload(
      e,
      'p.xlsx',
      await xlsx([HEADERS, ['99999999', 'E48', 'Clave mala', '5', '', 'IVA 16%', '']]),
    );
    expect(res.json().data.rows[0].errors).toEqual([
      'Clave de producto o servicio SAT: La clave de producto o servicio no existe en el catálogo del SAT',
    ]);
  });

  it('refuses a malformed file whole and imports nothing', async () => {
    const e = await tenant();
    const res = await upload(e, 'productos.xlsx', Buffer.from('PK\u0003\u0004 roto'));
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toBe(
      'El archivo no es un libro de Excel válido. Guárdelo como libro de Excel (.xlsx), o descargue la plantilla, y vuelva a intentarlo.',
    );
    expect(await countProductsServices(t.deps.db, e.enterpriseId)).toBe(0);
    expect((await inject(e, 'GET', '/api/products-services/import/report')).json().data).toBeNull();
  });

  it("exports 'Productos y Servicios' with formula-like cells neutralised", async () => {
    const e = await tenant();
    await createOk(e, { description: '=1+1', internal_code: '-CODE', unity_price: '12.345678' });
    const res = await inject(e, 'GET', '/api/products-services/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Productos%20y%20Servicios.xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Productos y Servicios');
    // A blank cell reads as '' whether the file holds it empty or leaves it out, as Excel shows it.
    const row = Array.from({ length: 7 }, (_, c) => sheet?.getRow(2).getCell(c + 1).value ?? '');
    expect(row).toEqual(['84111506', 'E48', `'=1+1`, 12.345678, `'-CODE`, 'IVA 16%', '']);
  });
});
