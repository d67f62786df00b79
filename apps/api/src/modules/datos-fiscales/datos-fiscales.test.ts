import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findDatosFiscales, findLogo } from './datos-fiscales.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0b1a4e20000000049454e44ae426082',
    'hex',
  ),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
]);

const valid = {
  razon_social: 'ESCUELA KEMPER URGATE',
  nombre_comercial: 'Escuela Kemper',
  regimen_fiscal: '601',
  codigo_postal: '42501',
  estado: 'HID',
  municipio: '048',
  colonia: '',
  ciudad: '',
  calle: 'Av. Juárez',
  numero_exterior: '100',
  numero_interior: 'B',
};

function put(e: SeededEnterprise, payload: Record<string, unknown>, enterpriseId = e.enterpriseId) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/datos-fiscales/${enterpriseId}`,
    headers: e.headers,
    payload,
  });
}

async function postLogo(
  e: SeededEnterprise,
  data: Buffer,
  name = 'logo.png',
  enterpriseId = e.enterpriseId,
) {
  const form = new FormData();
  form.append('logo', new Blob([data]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/datos-fiscales/${enterpriseId}/logo`,
    headers: { ...e.headers, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('datos-fiscales', () => {
  it('reads and saves the tax data', async () => {
    const e = await seedEnterprise(t.deps, { razon_social: 'EMPRESA', regimen_fiscal: '601' });
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/datos-fiscales/${e.enterpriseId}`,
      headers: e.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      razon_social: 'EMPRESA',
      regimen_fiscal: '601',
      logo: null,
    });

    const res = await put(e, { ...valid, razon_social: '  ESCUELA KEMPER URGATE  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { ...valid, rfc: '', logo: null, zona_horaria: 'America/Mexico_City' },
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/datos-fiscales/${e.enterpriseId}`,
      headers: e.headers,
    });
    expect(again.json().data).toEqual({
      ...valid,
      rfc: '',
      logo: null,
      zona_horaria: 'America/Mexico_City',
    });
  });

  it.each([
    'ESCUELA KEMPER URGATE S.A. DE C.V.',
    'ESCUELA KEMPER URGATE, S.C.',
    'ESCUELA KEMPER URGATE S. DE R.L. DE C.V.',
    'ESCUELA KEMPER URGATE S.A.P.I. DE C.V.',
    'ESCUELA KEMPER URGATE SA DE CV',
  ])('refuses the social regime in %j with the spec message and saves nothing', async (razon) => {
    const e = await seedEnterprise(t.deps, { razon_social: 'ANTES' });
    const res = await put(e, { ...valid, razon_social: razon });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      dataError: { razon_social: ['El SAT no acepta regímenes societarios en la razón social'] },
    });
    expect((await findDatosFiscales(t.deps.db, e.enterpriseId))?.razon_social).toBe('ANTES');
    expect(stripRegimenSocietario(razon)).toBe('ESCUELA KEMPER URGATE');
  });

  it('keeps names that only look like a suffix', () => {
    expect(stripRegimenSocietario('SERVICIOS SA')).toBe('SERVICIOS');
    expect(stripRegimenSocietario('SASTRERIA LOPEZ')).toBe('SASTRERIA LOPEZ');
    expect(stripRegimenSocietario('JUAN PEREZ SALAZAR')).toBe('JUAN PEREZ SALAZAR');
  });

  it('validates postal code, régimen and lengths with Spanish messages', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await put(e, {
      ...valid,
      razon_social: '',
      codigo_postal: '4250',
      regimen_fiscal: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toEqual({
      razon_social: ['La razón social es obligatoria'],
      codigo_postal: ['El código postal debe tener 5 dígitos'],
      regimen_fiscal: ['El régimen fiscal no es válido'],
    });
    const long = await put(e, { ...valid, calle: 'x'.repeat(101) });
    expect(long.json().dataError).toEqual({
      calle: ['La calle no puede tener más de 100 caracteres'],
    });
  });

  it('checks régimen and address against the SAT catalogs', async () => {
    const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio('moral') });
    const cdmx = {
      ...valid,
      codigo_postal: '06600',
      estado: 'CMX',
      municipio: '015',
      ciudad: '06',
      colonia: '0930',
    };
    const good = await put(e, cdmx);
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ codigo_postal: '06600', colonia: '0930' });

    const wrong = await put(e, {
      ...cdmx,
      regimen_fiscal: '605',
      estado: 'JAL',
      municipio: '014',
      ciudad: '01',
      colonia: '0001',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().dataError).toEqual({
      regimen_fiscal: ['El régimen fiscal no aplica a personas morales'],
      estado: ['El estado no corresponde al código postal'],
      municipio: ['El municipio no corresponde al código postal'],
      ciudad: ['La localidad no corresponde al código postal'],
      colonia: ['La colonia no corresponde al código postal'],
    });
    const unknown = await put(e, { ...valid, codigo_postal: '00000', regimen_fiscal: '999' });
    expect(unknown.json().dataError).toEqual({
      regimen_fiscal: ['El régimen fiscal no es válido'],
      codigo_postal: ['El código postal no existe en el catálogo del SAT'],
    });
    expect((await findDatosFiscales(t.deps.db, e.enterpriseId))?.colonia).toBe('0930');
    await t.deps.database.exec(`update enterprises set rfc = '' where id = ${e.enterpriseId}`);
  });

  it('uploads a PNG, JPEG or WEBP logo, serves it, and deletes it', async () => {
    const e = await seedEnterprise(t.deps);
    for (const [data, mime] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [PNG, 'image/png'],
    ] as const) {
      const res = await postLogo(e, data);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.logo).toMatch(
        new RegExp(`^/api/datos-fiscales/${e.enterpriseId}/logo\\?v=\\d+$`),
      );
      const img = await t.app.inject({
        method: 'GET',
        url: res.json().data.logo,
        headers: e.headers,
      });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe(mime);
      expect(img.rawPayload.equals(data)).toBe(true);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/datos-fiscales/${e.enterpriseId}/logo`,
      headers: e.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.logo).toBeNull();
    expect(await findLogo(t.deps.db, e.enterpriseId)).toBeNull();
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/datos-fiscales/${e.enterpriseId}/logo`,
      headers: e.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().dataError).toBe('La empresa no tiene logotipo.');
  });

  it('refuses a file that is not an image by its bytes, whatever its name, and a logo over 1 MB', async () => {
    const e = await seedEnterprise(t.deps);
    const svg = await postLogo(
      e,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.png',
    );
    expect(svg.statusCode).toBe(422);
    expect(svg.json()).toEqual({
      success: false,
      dataError: { logo: ['El logotipo debe ser una imagen PNG, JPG o WEBP.'] },
    });
    const big = await postLogo(e, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().dataError).toEqual({ logo: ['El logotipo no puede pesar más de 1 MB.'] });
    expect(await findLogo(t.deps.db, e.enterpriseId)).toBeNull();
  });

  it("answers 404 for another enterprise's id and changes nothing", async () => {
    const owner = await seedEnterprise(t.deps, { razon_social: 'DUEÑO' });
    const intruder = await seedEnterprise(t.deps);
    expect((await postLogo(owner, PNG)).statusCode).toBe(200);
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/datos-fiscales/${owner.enterpriseId}`,
      headers: intruder.headers,
    });
    expect(get.statusCode).toBe(404);
    expect((await put(intruder, valid, owner.enterpriseId)).statusCode).toBe(404);
    expect((await postLogo(intruder, JPEG, 'x.jpg', owner.enterpriseId)).statusCode).toBe(404);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/datos-fiscales/${owner.enterpriseId}/logo`,
        headers: intruder.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await findDatosFiscales(t.deps.db, owner.enterpriseId))?.razon_social).toBe('DUEÑO');
    expect((await findLogo(t.deps.db, owner.enterpriseId))?.data.equals(PNG)).toBe(true);
  });
});
