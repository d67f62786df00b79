import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countClients, findClient } from './clients.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const RFC_INVALID = 'el RFC ingresado no es válido';

/** A persona moral client with real SAT keys. */
const moral = {
  name_razon_social: 'COMERCIALIZADORA DEL NORTE',
  rfc: 'CNO010203AB1',
  usoCfdi: 'G03',
  regimenFiscal: '601',
  metodoPago: 'PUE',
  formaPago: '03',
  email: 'compras@norte.mx; facturas@norte.mx',
  address: { codigo_postal: '64000', calle: 'Av. Constitución', numero_exterior: '100' },
  description: 'Cliente mayorista',
};

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

async function create(e: SeededEnterprise, payload: Record<string, unknown>) {
  return inject(e, 'POST', '/api/clients', payload);
}

async function createOk(e: SeededEnterprise, payload: Record<string, unknown>) {
  const res = await create(e, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name_razon_social: string; rfc: string };
}

function multipart(fileName: string, data: Buffer) {
  const boundary = '----clientsboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook;
}

describe('POST /api/clients', () => {
  it('creates a persona moral client and reads it back', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await create(e, moral);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name_razon_social: 'COMERCIALIZADORA DEL NORTE',
      rfc: 'CNO010203AB1',
      usoCfdi: 'G03',
      regimenFiscal: '601',
      metodoPago: 'PUE',
      formaPago: '03',
      email: 'compras@norte.mx, facturas@norte.mx',
      emails: ['compras@norte.mx', 'facturas@norte.mx'],
      address: {
        codigo_postal: '64000',
        calle: 'Av. Constitución',
        numero_exterior: '100',
        numero_interior: '',
        colonia: '',
        localidad: '',
        municipio: '',
        estado: '',
      },
      numRegistroIdentidadFiscal: null,
      pais: null,
      description: 'Cliente mayorista',
    });
    const get = await inject(e, 'GET', `/api/clients/${data.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ success: true, data });
  });

  it('cleans the description of HTML tags and line breaks, like a product description', async () => {
    const e = await seedEnterprise(t.deps);
    const c = await createOk(e, {
      ...moral,
      description: ' <b>Cliente</b> de\r\nmayoreo <script>x</script>\n',
    });
    const get = await inject(e, 'GET', `/api/clients/${String(c.id)}`);
    expect(get.json().data.description).toBe('Cliente de mayoreo x');
  });

  it('upper-cases and trims the RFC of a persona física', async () => {
    const e = await seedEnterprise(t.deps);
    const c = await createOk(e, {
      ...moral,
      rfc: ' pemj800101ab1 ',
      regimenFiscal: '612',
      usoCfdi: 'G03',
    });
    expect(c.rfc).toBe('PEMJ800101AB1');
  });

  it.each(['XAXX01', 'ABC0102031', 'ABCD991301AB1', 'ABCD990132AB1', 'AB1D990101AB1', ''])(
    'rejects the RFC %j with the spec message and saves nothing',
    async (rfc) => {
      const e = await seedEnterprise(t.deps);
      const res = await create(e, { ...moral, rfc });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, dataError: { rfc: [RFC_INVALID] } });
      expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
    },
  );

  it('rejects a régimen that does not apply to the person type of the RFC', async () => {
    const e = await seedEnterprise(t.deps);
    const fisica = await create(e, { ...moral, rfc: 'PEMJ800101AB1', regimenFiscal: '601' });
    expect(fisica.statusCode).toBe(422);
    expect(fisica.json().dataError.regimenFiscal).toEqual([
      'El régimen fiscal 601 no aplica a personas físicas',
    ]);
    const moralWith605 = await create(e, { ...moral, regimenFiscal: '605', usoCfdi: 'CN01' });
    expect(moralWith605.json().dataError.regimenFiscal).toEqual([
      'El régimen fiscal 605 no aplica a personas morales',
    ]);
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('rejects a uso CFDI that does not apply to the person type or to the régimen', async () => {
    const e = await seedEnterprise(t.deps);
    // D01 (honorarios médicos) is for personas físicas only.
    const moralD01 = await create(e, { ...moral, usoCfdi: 'D01' });
    expect(moralD01.statusCode).toBe(422);
    expect(moralD01.json().dataError).toEqual({
      usoCfdi: ['El uso de CFDI D01 no aplica a personas morales'],
    });
    // CN01 (nómina) only applies to régimen 605.
    const fisicaCn01 = await create(e, {
      ...moral,
      rfc: 'PEMJ800101AB1',
      regimenFiscal: '612',
      usoCfdi: 'CN01',
    });
    expect(fisicaCn01.json().dataError).toEqual({
      usoCfdi: ['El uso de CFDI CN01 no aplica al régimen fiscal 612'],
    });
    const unknown = await create(e, { ...moral, usoCfdi: 'Z99' });
    expect(unknown.json().dataError).toEqual({
      usoCfdi: ['El uso de CFDI no existe en el catálogo del SAT'],
    });
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('checks the domicilio fiscal postal code, forma de pago and PPD against the catalogs', async () => {
    const e = await seedEnterprise(t.deps);
    const noCp = await create(e, { ...moral, address: { codigo_postal: '' } });
    expect(noCp.json().dataError).toEqual({
      'address.codigo_postal': ['El código postal del domicilio fiscal es obligatorio'],
    });
    const shortCp = await create(e, { ...moral, address: { codigo_postal: '6400' } });
    expect(shortCp.json().dataError).toEqual({
      'address.codigo_postal': ['El código postal debe tener 5 dígitos'],
    });
    const unknownCp = await create(e, { ...moral, address: { codigo_postal: '00000' } });
    expect(unknownCp.json().dataError).toEqual({
      'address.codigo_postal': ['El código postal no existe en el catálogo del SAT'],
    });
    const forma = await create(e, { ...moral, formaPago: '77' });
    expect(forma.json().dataError).toEqual({
      formaPago: ['La forma de pago no existe en el catálogo del SAT'],
    });
    const ppd = await create(e, { ...moral, metodoPago: 'PPD', formaPago: '03' });
    expect(ppd.json().dataError).toEqual({
      formaPago: ['Con método de pago PPD la forma de pago debe ser 99 Por definir'],
    });
    const metodo = await create(e, { ...moral, metodoPago: 'XYZ' });
    expect(metodo.json().dataError).toEqual({
      metodoPago: ['El método de pago debe ser PUE o PPD'],
    });
    const email = await create(e, { ...moral, email: 'a@b.mx, no-es-correo' });
    expect(email.json().dataError).toEqual({ email: ['El correo electrónico no es válido'] });
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
    expect((await create(e, { ...moral, metodoPago: 'PPD', formaPago: '99' })).statusCode).toBe(
      201,
    );
  });

  it('público en general needs régimen 616 and uso S01, and its RFC repeats freely', async () => {
    const e = await seedEnterprise(t.deps);
    const publico = {
      name_razon_social: 'PUBLICO EN GENERAL',
      rfc: 'XAXX010101000',
      usoCfdi: 'S01',
      regimenFiscal: '616',
    };
    const wrongUso = await create(e, { ...publico, usoCfdi: 'G03' });
    expect(wrongUso.json().dataError).toEqual({
      usoCfdi: [
        'Para el RFC genérico XAXX010101000 el uso de CFDI debe ser S01 Sin efectos fiscales',
      ],
    });
    const wrongRegimen = await create(e, { ...publico, regimenFiscal: '612' });
    expect(wrongRegimen.json().dataError.regimenFiscal).toEqual([
      'Para el RFC genérico XAXX010101000 el régimen fiscal debe ser 616 Sin obligaciones fiscales',
    ]);
    await createOk(e, publico);
    await createOk(e, { ...publico, name_razon_social: 'VENTAS MOSTRADOR' });
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(2);
    const unique = await inject(e, 'POST', '/api/clients/rfc-unique', { rfc: 'XAXX010101000' });
    expect(unique.json()).toEqual({ success: true, data: { is_unique: true } });
  });

  it('a foreign client (XEXX010101000) needs a foreign tax id and a foreign country', async () => {
    const e = await seedEnterprise(t.deps);
    const foreign = {
      name_razon_social: 'ACME INC',
      rfc: 'XEXX010101000',
      usoCfdi: 'S01',
      regimenFiscal: '616',
    };
    const missing = await create(e, foreign);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().dataError).toEqual({
      numRegistroIdentidadFiscal: [
        'Para un cliente extranjero (RFC XEXX010101000) el número de registro de identidad fiscal es obligatorio',
      ],
      pais: [
        'Para un cliente extranjero (RFC XEXX010101000) el país de residencia fiscal es obligatorio',
      ],
    });
    const mexico = await create(e, {
      ...foreign,
      numRegistroIdentidadFiscal: '123456789',
      pais: 'MEX',
    });
    expect(mexico.json().dataError).toEqual({
      pais: ['Un cliente extranjero no puede tener residencia fiscal en México'],
    });
    const nowhere = await create(e, { ...foreign, numRegistroIdentidadFiscal: '1', pais: 'QQQ' });
    expect(nowhere.json().dataError).toEqual({
      pais: ['El país no existe en el catálogo del SAT'],
    });
    const c = await createOk(e, {
      ...foreign,
      numRegistroIdentidadFiscal: '123456789',
      pais: 'usa',
    });
    expect(c).toMatchObject({ pais: 'USA', numRegistroIdentidadFiscal: '123456789' });
    // A national client never keeps foreign-residence data.
    const national = await createOk(e, { ...moral, numRegistroIdentidadFiscal: '99', pais: 'USA' });
    expect(national).toMatchObject({ pais: null, numRegistroIdentidadFiscal: null });
  });

  it('keeps the RFC unique per enterprise, not across enterprises', async () => {
    const a = await seedEnterprise(t.deps);
    const b = await seedEnterprise(t.deps);
    await createOk(a, moral);
    const again = await create(a, { ...moral, name_razon_social: 'OTRO NOMBRE' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      success: false,
      dataError: { rfc: ['Ya existe un cliente con el RFC CNO010203AB1'] },
    });
    expect(await countClients(t.deps.db, a.enterpriseId)).toBe(1);
    await createOk(b, moral);

    const taken = await inject(a, 'POST', '/api/clients/rfc-unique', { rfc: 'cno010203ab1' });
    expect(taken.json()).toEqual({ success: true, data: { is_unique: false } });
    const free = await inject(a, 'POST', '/api/clients/rfc-unique', { rfc: 'ZZZ010203AB1' });
    expect(free.json()).toEqual({ success: true, data: { is_unique: true } });
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/clients', payload: moral });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      dataError: 'Inicie sesión nuevamente, por favor.',
    });
  });
});

describe('PUT and DELETE /api/clients/{id}', () => {
  it('updates a client, excluding itself from the RFC check', async () => {
    const e = await seedEnterprise(t.deps);
    const c = await createOk(e, moral);
    const other = await createOk(e, { ...moral, rfc: 'OTR010203AB1', name_razon_social: 'OTRA' });
    const res = await inject(e, 'PUT', `/api/clients/${c.id}`, {
      ...moral,
      name_razon_social: 'COMERCIALIZADORA DEL NORTE MAYORISTA',
      usoCfdi: 'G01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: c.id,
      name_razon_social: 'COMERCIALIZADORA DEL NORTE MAYORISTA',
      usoCfdi: 'G01',
    });
    const unique = await inject(e, 'POST', '/api/clients/rfc-unique', { rfc: moral.rfc, id: c.id });
    expect(unique.json().data).toEqual({ is_unique: true });

    const clash = await inject(e, 'PUT', `/api/clients/${other.id}`, { ...moral });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().dataError).toEqual({
      rfc: ['Ya existe un cliente con el RFC CNO010203AB1'],
    });
    expect((await findClient(t.deps.db, e.enterpriseId, other.id))?.rfc).toBe('OTR010203AB1');

    const invalid = await inject(e, 'PUT', `/api/clients/${c.id}`, { ...moral, rfc: 'NOPE' });
    expect(invalid.json()).toEqual({ success: false, dataError: { rfc: [RFC_INVALID] } });
    expect((await findClient(t.deps.db, e.enterpriseId, c.id))?.usoCfdi).toBe('G01');
  });

  it('deletes a client; a second delete is 404', async () => {
    const e = await seedEnterprise(t.deps);
    const c = await createOk(e, moral);
    const res = await inject(e, 'DELETE', `/api/clients/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
    const again = await inject(e, 'DELETE', `/api/clients/${c.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, dataError: 'El cliente no existe.' });
  });

  it("gives 404 for another enterprise's client and changes nothing", async () => {
    const owner = await seedEnterprise(t.deps);
    const intruder = await seedEnterprise(t.deps);
    const c = await createOk(owner, moral);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { ...moral, name_razon_social: 'ROBADO' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await inject(intruder, method, `/api/clients/${c.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ success: false, dataError: 'El cliente no existe.' });
    }
    const kept = await findClient(t.deps.db, owner.enterpriseId, c.id);
    expect(kept?.name_razon_social).toBe('COMERCIALIZADORA DEL NORTE');
    expect(await countClients(t.deps.db, intruder.enterpriseId)).toBe(0);
    const list = await inject(intruder, 'GET', '/api/clients');
    expect(list.json().data.total).toBe(0);
  });
});

describe('lists and search', () => {
  async function seedNames(e: SeededEnterprise, names: string[]) {
    let n = 100;
    for (const name of names) {
      n++;
      await createOk(e, {
        ...moral,
        name_razon_social: name,
        rfc: `AAA010203${n}`.slice(0, 12),
        email: `contacto${n}@ejemplo.mx`,
      });
    }
  }

  it('sorts by name ascending by default, by any list column on request, and paginates', async () => {
    const e = await seedEnterprise(t.deps);
    await seedNames(e, ['delta', 'Alfa', 'charlie', 'Bravo']);
    const def = await inject(e, 'GET', '/api/clients?page=1');
    expect(def.statusCode).toBe(200);
    const body = def.json();
    expect(body.data).toMatchObject({ current_page: 1, per_page: 30, total: 4, last_page: 1 });
    expect(body.data.data.map((c: { name_razon_social: string }) => c.name_razon_social)).toEqual([
      'Alfa',
      'Bravo',
      'charlie',
      'delta',
    ]);
    const desc = await inject(
      e,
      'GET',
      '/api/clients?page=1&order_by=name_razon_social&order_direction=desc',
    );
    expect(desc.json().data.data[0].name_razon_social).toBe('delta');
    const byRfc = await inject(e, 'GET', '/api/clients?order_by=rfc&order_direction=desc');
    expect(byRfc.json().data.data[0].rfc).toBe('AAA010203104');
    const bad = await inject(e, 'GET', '/api/clients?order_by=password');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toEqual({ order_by: ['No se puede ordenar por esa columna'] });
    const size = await inject(e, 'GET', '/api/clients?items_per_page=20');
    expect(size.json().dataError).toEqual({
      items_per_page: ['El tamaño de página debe ser 30, 50 o 100'],
    });
  });

  it('pages 30 / 50 / 100 at a time', async () => {
    const e = await seedEnterprise(t.deps);
    const names = Array.from({ length: 31 }, (_, i) => `Cliente ${String(i + 1).padStart(2, '0')}`);
    await seedNames(e, names);
    const p2 = await inject(e, 'GET', '/api/clients?page=2');
    expect(p2.json().data).toMatchObject({
      current_page: 2,
      per_page: 30,
      total: 31,
      last_page: 2,
    });
    expect(
      p2.json().data.data.map((c: { name_razon_social: string }) => c.name_razon_social),
    ).toEqual(['Cliente 31']);
    const p50 = await inject(e, 'GET', '/api/clients?page=1&items_per_page=50');
    expect(p50.json().data).toMatchObject({ per_page: 50, last_page: 1 });
    expect(p50.json().data.data).toHaveLength(31);
  });

  it('searches by name, RFC and e-mail, paginated or all at once', async () => {
    const e = await seedEnterprise(t.deps);
    await seedNames(e, ['Ferretería Juárez', 'Papelería 100%', 'Abarrotes Juárez']);
    const byName = await inject(e, 'POST', '/api/clients/search?page=1', {
      data_search: 'juárez',
      current_page: 1,
      items_perpage: 30,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toMatchObject({ total: 2, current_page: 1, per_page: 30 });
    expect(
      byName.json().data.data.map((c: { name_razon_social: string }) => c.name_razon_social),
    ).toEqual(['Abarrotes Juárez', 'Ferretería Juárez']);
    const byRfc = await inject(e, 'POST', '/api/clients/search', { data_search: 'aaa010203102' });
    expect(byRfc.json().data.data.map((c: { rfc: string }) => c.rfc)).toEqual(['AAA010203102']);
    const byEmail = await inject(e, 'POST', '/api/clients/search', { data_search: 'CONTACTO102@' });
    expect(byEmail.json().data.total).toBe(1);
    // The user's % is text, not a wildcard.
    const percent = await inject(e, 'POST', '/api/clients/search', { data_search: '100%' });
    expect(percent.json().data.total).toBe(1);
    const all = await inject(e, 'POST', '/api/clients/search', {
      data_search: 'a',
      paginated_search: false,
    });
    expect(all.json()).toEqual({ success: true, data: expect.any(Array) });
    expect(all.json().data).toHaveLength(3);
  });
});

describe('import and export', () => {
  const HEADERS = [
    'Nombre o razón social',
    'RFC',
    'Uso CFDI',
    'Régimen fiscal',
    'Código postal',
    'Correo electrónico',
  ];

  function upload(e: SeededEnterprise, fileName: string, data: Buffer) {
    const body = multipart(fileName, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: { ...e.headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('downloads the template with the import columns', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await inject(e, 'GET', '/api/clients/import/download-import-clients-template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = await readXlsx(res.rawPayload);
    const header = workbook.getWorksheet('Clientes')?.getRow(1).values as unknown[];
    expect(header.slice(1, 7)).toEqual(HEADERS);
  });

  it('creates the valid rows, rejects the invalid ones with a reason, and keeps the report', async () => {
    const e = await seedEnterprise(t.deps);
    await createOk(e, moral);
    const file = await xlsx([
      HEADERS,
      [
        'TIENDA LA ESQUINA',
        'TES010203AB1',
        'G03',
        '601 - General de Ley Personas Morales',
        1000,
        'a@b.mx',
      ],
      ['SIN RFC VALIDO', 'XAXX01', 'G03', '601', '64000', ''],
      ['DUPLICADO', 'CNO010203AB1', 'G03', '601', '64000', ''],
      [],
      ['JUAN PÉREZ', 'PEMJ800101AB1', 'D01', '612', '64000', 'juan@correo.mx, otro@correo.mx'],
    ]);
    const res = await upload(e, 'clientes.xlsx', file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ file_name: 'clientes.xlsx', created: 2, rejected: 2 });
    expect(report.rows).toEqual([
      { row: 2, status: 'created', label: 'TIENDA LA ESQUINA · TES010203AB1', errors: [] },
      {
        row: 3,
        status: 'rejected',
        label: 'SIN RFC VALIDO · XAXX01',
        errors: ['RFC: el RFC ingresado no es válido'],
      },
      {
        row: 4,
        status: 'rejected',
        label: 'DUPLICADO · CNO010203AB1',
        errors: ['RFC: Ya existe un cliente con el RFC CNO010203AB1'],
      },
      { row: 6, status: 'created', label: 'JUAN PÉREZ · PEMJ800101AB1', errors: [] },
    ]);
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(3);
    const search = await inject(e, 'POST', '/api/clients/search', { data_search: 'TES010203AB1' });
    // Spreadsheets drop the leading zero of 01000.
    expect(search.json().data.data[0].address.codigo_postal).toBe('01000');

    const stored = await inject(e, 'GET', '/api/clients/import/report');
    expect(stored.json()).toEqual({ success: true, data: report });
  });

  it('refuses a file that is not an xlsx, or lacks the template columns, and imports nothing', async () => {
    const e = await seedEnterprise(t.deps);
    const garbage = await upload(e, 'clientes.xlsx', Buffer.from('nombre,rfc\nA,B\n'));
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json()).toEqual({
      success: false,
      dataError:
        'El archivo no es un libro de Excel válido. Guárdelo como libro de Excel (.xlsx), o descargue la plantilla, y vuelva a intentarlo.',
    });
    const noColumns = await upload(
      e,
      'otro.xlsx',
      await xlsx([
        ['Nombre', 'Teléfono'],
        ['A', '1'],
      ]),
    );
    expect(noColumns.statusCode).toBe(422);
    expect(noColumns.json().dataError).toBe(
      'Al archivo le faltan columnas de la plantilla: Nombre o razón social, RFC, Uso CFDI, Régimen fiscal, Código postal. Descargue la plantilla y vuelva a intentarlo.',
    );
    const empty = await upload(e, 'vacio.xlsx', await xlsx([HEADERS]));
    expect(empty.json().dataError).toBe('El archivo no contiene filas para importar.');
    const noFile = await inject(e, 'POST', '/api/clients/import', {});
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().dataError).toBe('Seleccione un archivo de Excel (.xlsx) para importar.');
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
    const report = await inject(e, 'GET', '/api/clients/import/report');
    expect(report.json()).toEqual({ success: true, data: null });
  });

  it("exports 'Clientes' with formula-like cells neutralised, and the file imports back", async () => {
    const e = await seedEnterprise(t.deps);
    await createOk(e, { ...moral, name_razon_social: '=HYPERLINK("http://malo.example","x")' });
    await createOk(e, {
      ...moral,
      rfc: 'PEMJ800101AB1',
      regimenFiscal: '612',
      name_razon_social: '@SUM(A1:A2)',
      description: '+52 55 1234 5678',
    });
    const res = await inject(e, 'GET', '/api/clients/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Clientes.xlsx"');
    const workbook = await readXlsx(res.rawPayload);
    const sheet = workbook.getWorksheet('Clientes');
    expect(sheet).toBeDefined();
    const names = [sheet?.getCell('A2').value, sheet?.getCell('A3').value];
    expect(names).toEqual([`'=HYPERLINK("http://malo.example","x")`, `'@SUM(A1:A2)`]);
    for (let r = 2; r <= 3; r++) {
      sheet?.getRow(r).eachCell((cell) => {
        expect(typeof cell.value === 'object' && cell.value && 'formula' in cell.value).toBe(false);
      });
    }

    const other = await seedEnterprise(t.deps);
    const back = await upload(other, 'Clientes.xlsx', res.rawPayload);
    expect(back.json().data).toMatchObject({ created: 2, rejected: 0 });
    const list = await inject(other, 'GET', '/api/clients');
    expect(
      list.json().data.data.map((c: { name_razon_social: string }) => c.name_razon_social),
    ).toEqual(['=HYPERLINK("http://malo.example","x")', '@SUM(A1:A2)']);
  });
});
