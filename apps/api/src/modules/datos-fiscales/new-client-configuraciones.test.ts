import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCsd } from '@repo/cfdi/csd';
import { NEW_CLIENT_TOKEN_INVALID_MESSAGE } from '@repo/contracts/new-client';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { listRubros } from '../rubros-impuestos/rubros-impuestos.queries.ts';
import { listSeries } from '../series/series.queries.ts';
import { findDatosFiscales } from './datos-fiscales.queries.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0b1a4e20000000049454e44ae426082',
  'hex',
);

async function multipart(
  files: Record<string, { name: string; data: Buffer }>,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [field, file] of Object.entries(files))
    form.append(field, new Blob([file.data]), file.name);
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A unique persona moral RFC per test, so the file runs again on a shared PostgreSQL. */

/** A registered, verified user whose enterprise is still in the initial configuration. */
async function newClient(rfc: string) {
  const e = await seedEnterprise(t.deps, { rfc, setupCompleted: false, razon_social: '' });
  const token = await issueNewClientToken(t.deps.db, e, new Date());
  return { ...e, token };
}

const datos = {
  razon_social: 'TALLER LOPEZ',
  nombre_comercial: '',
  regimen_fiscal: '601',
  codigo_postal: '06600',
};

describe('initial configuration wizard: configuraciones with the new-client token', () => {
  it('saves tax data and the logo, seals, series, a tax group, and reads the tax lists', async () => {
    const rfc = rfcAleatorio('moral');
    const c = await newClient(rfc);
    const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}) });

    // Tax data and logo.
    const put = await inject('PUT', `/api/new-client/datos-fiscales/${c.token}`, datos);
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ ...datos, rfc });
    const suffix = await inject('PUT', `/api/new-client/datos-fiscales/${c.token}`, {
      ...datos,
      razon_social: 'TALLER LOPEZ S.A. DE C.V.',
    });
    expect(suffix.json().dataError).toEqual({
      razon_social: ['El SAT no acepta regímenes societarios en la razón social'],
    });
    expect(
      (await inject('GET', `/api/new-client/datos-fiscales/${c.token}`)).json().data.razon_social,
    ).toBe('TALLER LOPEZ');
    const logoForm = await multipart({ logo: { name: 'logo.png', data: PNG } });
    const logo = await t.app.inject({
      method: 'POST',
      url: `/api/new-client/datos-fiscales/${c.token}/logo`,
      headers: logoForm.headers,
      payload: logoForm.payload,
    });
    expect(logo.statusCode).toBe(200);
    const image = await inject('GET', `/api/new-client/datos-fiscales/${c.token}/logo`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await inject('DELETE', `/api/new-client/datos-fiscales/${c.token}/logo`)).json().data.logo,
    ).toBeNull();

    // Seals: read, wrong password, right password.
    const csd = generateTestCsd({ rfc, nombre: 'TALLER LOPEZ', password: 'clave-correcta1' });
    const cerForm = await multipart({ cer_file: { name: 'taller.cer', data: csd.cer } });
    const info = await t.app.inject({
      method: 'POST',
      url: `/api/new-client/sellos-fiscales/${c.token}/get-cer-file-info`,
      headers: cerForm.headers,
      payload: cerForm.payload,
    });
    expect(info.json().data).toMatchObject({
      rfc,
      certificated_number: csd.noCertificado,
      is_new: true,
    });
    const upload = async (password: string) => {
      const form = await multipart(
        {
          cer_file: { name: 'taller.cer', data: csd.cer },
          key_file: { name: 'taller.key', data: csd.key },
        },
        { password },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/new-client/sellos-fiscales/${c.token}`,
        headers: form.headers,
        payload: form.payload,
      });
    };
    expect((await upload('otra')).json().dataError).toEqual({
      password: [
        'La contraseña de la llave privada es incorrecta: no se pudo abrir el archivo .key.',
      ],
    });
    expect((await upload('clave-correcta1')).statusCode).toBe(200);
    expect(
      (await inject('GET', `/api/new-client/sellos-fiscales/${c.token}`)).json().data,
    ).toMatchObject({
      sellos_fiscales_registered: true,
      original_cer_file_name: 'taller.cer',
    });

    // Series.
    const serie = await inject('POST', `/api/new-client/series/${c.token}`, {
      kind: 'facturas-ingreso',
      serie: 'A1',
      folio: 1,
    });
    expect(serie.json().dataError).toEqual({
      serie: ['La serie no puede contener números, caracteres especiales o espacios en blanco'],
    });
    const created = await inject('POST', `/api/new-client/series/${c.token}`, {
      kind: 'facturas-ingreso',
      serie: 'A',
      folio: 1,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(
      (
        await inject('PUT', `/api/new-client/series/${c.token}/${id}`, { serie: 'F', folio: 20 })
      ).json().data,
    ).toMatchObject({ serie: 'F', folio: 20 });
    expect(
      (await inject('GET', `/api/new-client/series/${c.token}/facturas-ingreso`)).json().data,
    ).toHaveLength(1);
    const pagos = await inject('POST', `/api/new-client/series/${c.token}`, {
      kind: 'recepcion-pagos',
      serie: 'P',
      folio: 1,
    });
    expect(
      (await inject('DELETE', `/api/new-client/series/${c.token}/${pagos.json().data.id}`))
        .statusCode,
    ).toBe(200);
    expect(await listSeries(t.deps.db, c.enterpriseId, 'recepcion-pagos')).toEqual([]);

    // Taxes and a tax group.
    const tras = (await inject('GET', `/api/new-client/impuestos-trasladados/${c.token}`)).json()
      .data;
    const ret = (await inject('GET', `/api/new-client/impuestos-retenidos/${c.token}`)).json().data;
    expect(tras.length).toBeGreaterThan(0);
    expect(ret.map((x: { tax_type: string }) => x.tax_type)).toContain('ISR');
    const local = await inject(
      'GET',
      `/api/new-client/impuestos-locales-trasladados/${c.token}/estado/QUE`,
    );
    expect(local.json().data.data.map((x: { tasa: string }) => x.tasa)).toEqual(['3.50', '5.00']);
    const grouped = (
      await inject('GET', `/api/new-client/rubros-impuesto/${c.token}/get-impuestos-trasladados`)
    ).json().data;
    const iva16 = grouped.impuestos_trasladados
      .find((g: { group: string }) => g.group === 'IVA')
      .impuestos.find((x: { value: string }) => x.value === '0.160000');
    const rubro = await inject('POST', `/api/new-client/rubros-impuesto/${c.token}`, {
      name: 'General',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva16.id, selected: true }],
    });
    expect(rubro.statusCode).toBe(201);
    const rubroId = rubro.json().data.id;
    expect(
      (
        await inject('POST', `/api/new-client/rubros-impuesto/${c.token}/validate-unique-name`, {
          name: 'general',
          enterprise_id: c.enterpriseId,
        })
      ).json().data,
    ).toEqual({ is_unique: false });
    expect(
      (await inject('GET', `/api/new-client/rubros-impuesto/${c.token}`)).json().data,
    ).toHaveLength(1);
    const edited = await inject('PUT', `/api/new-client/rubros-impuesto/${c.token}/${rubroId}`, {
      name: 'Sin impuestos',
      objeto_impuesto_key: '01',
    });
    expect(edited.json().data).toMatchObject({ name: 'Sin impuestos', objeto_impuesto_key: '01' });
    expect(
      (await inject('GET', `/api/new-client/rubros-impuesto/${c.token}/${rubroId}`)).statusCode,
    ).toBe(200);
    expect(
      (await inject('DELETE', `/api/new-client/rubros-impuesto/${c.token}/${rubroId}`)).statusCode,
    ).toBe(200);
    expect(await listRubros(t.deps.db, c.enterpriseId)).toEqual([]);
  });

  it("refuses an unknown token and never reaches another enterprise's rows", async () => {
    const a = await newClient(rfcAleatorio('moral'));
    const b = await newClient(rfcAleatorio('moral'));
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/new-client/datos-fiscales/no-existe',
      payload: datos,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ success: false, dataError: NEW_CLIENT_TOKEN_INVALID_MESSAGE });
    for (const url of [
      '/api/new-client/sellos-fiscales/no-existe',
      '/api/new-client/rubros-impuesto/no-existe',
      '/api/new-client/impuestos-trasladados/no-existe',
      '/api/new-client/series/no-existe/facturas-ingreso',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const serie = (
      await t.app.inject({
        method: 'POST',
        url: `/api/new-client/series/${b.token}`,
        payload: { kind: 'facturas-ingreso', serie: 'B', folio: 1 },
      })
    ).json().data;
    const steal = await t.app.inject({
      method: 'PUT',
      url: `/api/new-client/series/${a.token}/${serie.id}`,
      payload: { serie: 'X', folio: 9 },
    });
    expect(steal.statusCode).toBe(404);
    expect(await listSeries(t.deps.db, b.enterpriseId, 'facturas-ingreso')).toEqual([serie]);
    expect((await findDatosFiscales(t.deps.db, b.enterpriseId))?.razon_social).toBe('');
  });
});
