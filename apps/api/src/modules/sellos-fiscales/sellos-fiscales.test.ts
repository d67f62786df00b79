import { createSign, createVerify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCsd } from '@repo/cfdi/csd';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { sellosFiscales } from '../../db/schema/sellos-fiscales.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadSellosForSigning } from './sellos-fiscales.service.ts';

const SAT_CSD = new URL('../../../../../data/sat-test-csd/EKU9003173C9/', import.meta.url);
const satCer = readFileSync(new URL('EKU9003173C9.cer', SAT_CSD));
const satKey = readFileSync(new URL('EKU9003173C9.key', SAT_CSD));
const satPassword = readFileSync(new URL('password.txt', SAT_CSD), 'utf8').trim();

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let rfcCounter = 0;
/** A persona moral RFC no other test uses, so enterprises never collide on the unique RFC. */
function freshRfc(): string {
  rfcCounter += 1;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const n = Date.now() * 100 + rfcCounter + Math.floor(Math.random() * 100);
  const a = letters[n % 24]!;
  const b = letters[Math.floor(n / 24) % 24]!;
  const c = letters[Math.floor(n / 576) % 24]!;
  return `${a}${b}${c}9001${String(10 + (n % 18)).padStart(2, '0')}AB${n % 10}`;
}

async function multipart(
  files: Record<string, { name: string; data: Buffer }>,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([file.data]), file.name);
  }
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(
  e: SeededEnterprise,
  csd: { cer: Buffer; key: Buffer },
  password: string,
  enterpriseId = e.enterpriseId,
) {
  const body = await multipart(
    {
      cer_file: { name: 'certificado.cer', data: csd.cer },
      key_file: { name: 'llave.key', data: csd.key },
    },
    { password },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/sellos-fiscales/${enterpriseId}`,
    headers: { ...e.headers, ...body.headers },
    payload: body.payload,
  });
}

async function rows(enterpriseId: number) {
  return t.deps.db
    .select()
    .from(sellosFiscales)
    .where(eq(sellosFiscales.enterprise_id, enterpriseId));
}

describe('sellos-fiscales', () => {
  it('reads a .cer before saving: number, RFC, name, validity and the new flag', async () => {
    const e = await seedEnterprise(t.deps);
    const now = Date.now();
    const fresh = generateTestCsd({
      rfc: 'EKU9003173C9',
      nombre: 'ESCUELA KEMPER URGATE',
      validFrom: new Date(now - 2 * DAY),
      validTo: new Date(now + 365 * DAY),
    });
    const info = async (cer: Buffer) => {
      const body = await multipart({ cer_file: { name: 'x.cer', data: cer } });
      return t.app.inject({
        method: 'POST',
        url: `/api/sellos-fiscales/${e.enterpriseId}/get-cer-file-info`,
        headers: { ...e.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const res = await info(fresh.cer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      certificated_number: fresh.noCertificado,
      rfc: 'EKU9003173C9',
      name: 'ESCUELA KEMPER URGATE',
      initial_date: expect.any(String),
      expiration_date: expect.any(String),
      is_expired: false,
      is_new: true,
      is_csd: true,
    });

    const older = generateTestCsd({
      rfc: 'EKU9003173C9',
      nombre: 'ESCUELA KEMPER URGATE',
      validFrom: new Date(now - 4 * DAY),
      validTo: new Date(now + 365 * DAY),
    });
    expect((await info(older.cer)).json().data.is_new).toBe(false);

    const sat = (await info(satCer)).json().data;
    expect(sat).toMatchObject({
      certificated_number: '30001000000400002434',
      rfc: 'EKU9003173C9',
      initial_date: '2019-06-17T19:44:14.000Z',
      expiration_date: '2023-06-17T19:44:14.000Z',
      is_expired: true,
      is_new: false,
    });

    const bad = await info(Buffer.from('esto no es un certificado'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      success: false,
      dataError: { cer_file: ['El archivo .cer no es un certificado válido.'] },
    });
  });

  it('refuses a wrong password, then saves with the right one, never returning or storing the key in clear', async () => {
    const rfc = freshRfc();
    const e = await seedEnterprise(t.deps, { rfc });
    const csd = generateTestCsd({ rfc, nombre: 'EMPRESA DE PRUEBA', password: 'correcta123' });

    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/sellos-fiscales/${e.enterpriseId}`,
      headers: e.headers,
    });
    expect(empty.json().data).toMatchObject({
      sellos_fiscales_registered: false,
      certificated_number: null,
    });

    const wrong = await upload(e, csd, 'incorrecta');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      success: false,
      dataError: {
        password: [
          'La contraseña de la llave privada es incorrecta: no se pudo abrir el archivo .key.',
        ],
      },
    });
    expect(await rows(e.enterpriseId)).toEqual([]);

    const right = await upload(e, csd, 'correcta123');
    expect(right.statusCode).toBe(200);
    const expected = {
      sellos_fiscales_registered: true,
      certificated_number: csd.noCertificado,
      rfc,
      initial_date: expect.any(String),
      expiration_date: expect.any(String),
      is_expired: false,
      is_new: true,
      original_cer_file_name: 'certificado.cer',
      original_key_file_name: 'llave.key',
    };
    expect(right.json()).toEqual({ success: true, data: expected });

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/sellos-fiscales/${e.enterpriseId}`,
      headers: e.headers,
    });
    expect(got.json()).toEqual({ success: true, data: expected });
    expect(got.body).not.toContain('correcta123');
    expect(got.body).not.toContain(csd.key.toString('base64').slice(0, 40));

    const [row] = await rows(e.enterpriseId);
    expect(row!.cer_der.equals(csd.cer)).toBe(true);
    expect(row!.key_encrypted.equals(csd.key)).toBe(false);
    expect(row!.key_encrypted.includes(csd.key.subarray(0, 64))).toBe(false);
    expect(row!.key_encrypted.length).toBe(csd.key.length + 28);
    expect(row!.password_encrypted.includes(Buffer.from('correcta123'))).toBe(false);

    // Only the signing path opens the key, and the key it gives signs for the stored certificate.
    const { certificado, llave } = await loadSellosForSigning(
      t.deps.db,
      t.deps.secret,
      e.enterpriseId,
    );
    expect(certificado.noCertificado).toBe(csd.noCertificado);
    const signature = createSign('RSA-SHA256').update('||4.0|cadena||').sign(llave);
    expect(
      createVerify('RSA-SHA256')
        .update('||4.0|cadena||')
        .verify(certificado.x509.publicKey, signature),
    ).toBe(true);
    await expect(loadSellosForSigning(t.deps.db, 'otro-secreto', e.enterpriseId)).rejects.toThrow();
  });

  it("refuses the SAT's expired test CSD with 'Sus sellos ya han expirado.'", async () => {
    // Right key and password, but expired (2023-06-17): expiry is what the user must be told.
    const e = await seedEnterprise(t.deps, { rfc: freshRfc() });
    const res = await upload(e, { cer: satCer, key: satKey }, satPassword);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      dataError: 'Sus sellos ya han expirado.',
      persistentErrorMessage: true,
    });
    expect(await rows(e.enterpriseId)).toEqual([]);
  });

  it("refuses another RFC's certificate, a FIEL, a key of another certificate and missing files", async () => {
    const rfc = freshRfc();
    const e = await seedEnterprise(t.deps, { rfc });
    const foreign = generateTestCsd({ rfc: 'XIQB891116QE4', nombre: 'OTRA PERSONA' });
    const res = await upload(e, foreign, foreign.password);
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toEqual({
      cer_file: [`El certificado pertenece al RFC XIQB891116QE4, no al RFC del emisor ${rfc}.`],
    });

    const fiel = generateTestCsd({ rfc, nombre: 'EMPRESA', fiel: true });
    expect((await upload(e, fiel, fiel.password)).json().dataError.cer_file).toEqual([
      'El certificado es de e.firma (FIEL), no un Certificado de Sello Digital (CSD). Para facturar se requiere el CSD.',
    ]);

    const a = generateTestCsd({ rfc, nombre: 'EMPRESA', password: 'misma-clave' });
    const b = generateTestCsd({ rfc, nombre: 'EMPRESA', password: 'misma-clave' });
    expect((await upload(e, { cer: a.cer, key: b.key }, 'misma-clave')).json().dataError).toEqual({
      key_file: ['La llave privada no corresponde al certificado.'],
    });

    const body = await multipart({ cer_file: { name: 'a.cer', data: a.cer } });
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/sellos-fiscales/${e.enterpriseId}`,
      headers: { ...e.headers, ...body.headers },
      payload: body.payload,
    });
    expect(missing.json().dataError).toEqual({
      key_file: ['Seleccione el archivo de la llave privada (.key).'],
      password: ['Escriba la contraseña de la llave privada.'],
    });

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/sellos-fiscales/${e.enterpriseId}`,
      headers: e.headers,
      payload: { password: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().dataError).toBe('Envíe los archivos como multipart/form-data.');
    expect(await rows(e.enterpriseId)).toEqual([]);
  });

  it('refuses a CSD whose certificate no trusted authority issued; trusts a CA listed in PAC_SANDBOX_CAS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otra-ca-'));
    try {
      execFileSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        '/CN=AC DE PRUEBA AJENA/O=OTRA AUTORIDAD',
        '-keyout',
        join(dir, 'ca.key.pem'),
        '-out',
        join(dir, 'ca.cer.pem'),
      ]);
      const rfc = freshRfc();
      const e = await seedEnterprise(t.deps, { rfc });
      const ajeno = generateTestCsd({
        rfc,
        nombre: 'EMPRESA DE PRUEBA',
        password: 'clave-ajena-1',
        ca: {
          certificatePem: readFileSync(join(dir, 'ca.cer.pem'), 'utf8'),
          privateKeyPem: readFileSync(join(dir, 'ca.key.pem'), 'utf8'),
        },
      });
      const refused = await upload(e, ajeno, 'clave-ajena-1');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        success: false,
        dataError: {
          cer_file: [
            'El certificado no fue emitido por el SAT (ni por otra autoridad certificadora de confianza). Suba el Certificado de Sello Digital que le entregó el SAT.',
          ],
        },
      });
      expect(await rows(e.enterpriseId)).toEqual([]);

      // The same CSD is taken where the sandbox PAC is told to trust its authority.
      const trusting = await buildTestApp({
        database: t.deps.database,
        env: { PAC_SANDBOX_CAS: join(dir, 'ca.cer.pem') },
      });
      try {
        const body = await multipart(
          {
            cer_file: { name: 'ajeno.cer', data: ajeno.cer },
            key_file: { name: 'ajeno.key', data: ajeno.key },
          },
          { password: 'clave-ajena-1' },
        );
        const saved = await trusting.app.inject({
          method: 'POST',
          url: `/api/sellos-fiscales/${e.enterpriseId}`,
          headers: { ...e.headers, ...body.headers },
          payload: body.payload,
        });
        expect(saved.statusCode).toBe(200);
        expect(saved.json().data.certificated_number).toBe(ajeno.noCertificado);
      } finally {
        await trusting.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 404 for another enterprise's id and stores nothing", async () => {
    const rfc = freshRfc();
    const owner = await seedEnterprise(t.deps, { rfc });
    const intruder = await seedEnterprise(t.deps);
    const csd = generateTestCsd({ rfc, nombre: 'EMPRESA' });
    expect((await upload(owner, csd, csd.password)).statusCode).toBe(200);

    const get = await t.app.inject({
      method: 'GET',
      url: `/api/sellos-fiscales/${owner.enterpriseId}`,
      headers: intruder.headers,
    });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ success: false, dataError: 'La empresa no existe.' });
    const post = await upload(intruder, csd, csd.password, owner.enterpriseId);
    expect(post.statusCode).toBe(404);
    const body = await multipart({ cer_file: { name: 'x.cer', data: csd.cer } });
    const info = await t.app.inject({
      method: 'POST',
      url: `/api/sellos-fiscales/${owner.enterpriseId}/get-cer-file-info`,
      headers: { ...intruder.headers, ...body.headers },
      payload: body.payload,
    });
    expect(info.statusCode).toBe(404);
    expect(await rows(owner.enterpriseId)).toHaveLength(1);
    expect(await rows(intruder.enterpriseId)).toEqual([]);
    await expect(
      loadSellosForSigning(t.deps.db, t.deps.secret, intruder.enterpriseId),
    ).rejects.toThrow('No hay sellos digitales registrados.');
  });

  it('refuses to sign with seals that expired after they were saved', async () => {
    const rfc = freshRfc();
    const e = await seedEnterprise(t.deps, { rfc });
    const csd = generateTestCsd({ rfc, nombre: 'EMPRESA', validTo: new Date(Date.now() + DAY) });
    expect((await upload(e, csd, csd.password)).statusCode).toBe(200);
    await expect(
      loadSellosForSigning(
        t.deps.db,
        t.deps.secret,
        e.enterpriseId,
        new Date(Date.now() + 2 * DAY),
      ),
    ).rejects.toThrow('Sus sellos ya han expirado.');
  });
});
