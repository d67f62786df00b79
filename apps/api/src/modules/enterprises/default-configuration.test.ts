import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enterpriseUsers } from '../../db/schema/enterprises.ts';
import { users } from '../../db/schema/users.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import {
  RUBRO_RESICO_BIENES,
  RUBRO_RESICO_SERVICIOS,
  ensureDefaultConfiguration,
} from './default-configuration.ts';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: smtp.mailer });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Rubro {
  id: number;
  name: string;
  objeto_impuesto_key: string;
  impuestos_trasladados: { id: number; tax_type: string; value: string | null }[];
  impuestos_retenidos: { id: number; tax_type: string; value: string | null }[];
}

/**
 * Registers through the public call, as the registration screen does, and verifies the e-mail from
 * the link it receives (the wizard's calls need it).
 */
async function register(rfc: string) {
  const email = `serie-${randomUUID()}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/new-client-pre-register',
    payload: {
      email,
      password: 'Contrasena-de-prueba-1',
      name: 'Rosa Méndez',
      phone: '5512345678',
      rfc,
    },
    remoteAddress: `10.3.${randomInt(256)}.${randomInt(256)}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await smtp.takeMail(email);
  const link = new URL(mail.links[0] ?? '');
  const newClientToken = res.json().data.new_client_token as string;
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/new-client/validate-token',
    payload: {
      new_client_token: newClientToken,
      email_verification_token: link.searchParams.get('email_verification_token'),
    },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/${url}` })).json().data as T;
  const series = async (kind: string) =>
    (
      await get<{ serie: string; folio: number }[]>(`new-client/series/${newClientToken}/${kind}`)
    ).map((s) => `${s.serie}-${s.folio}`);
  const rubros = () => get<Rubro[]>(`new-client/rubros-impuesto/${newClientToken}`);
  return { email, newClientToken, series, rubros };
}

const taxes = (list: Rubro['impuestos_trasladados']) => list.map((x) => `${x.tax_type} ${x.value}`);

describe('a new account starts ready for its first invoice', () => {
  it('a persona física gets series A, G and P from folio 1 and the usual tax groups', async () => {
    const cuenta = await register(rfcAleatorio('fisica'));
    expect(await cuenta.series('facturas-ingreso')).toEqual(['A-1']);
    expect(await cuenta.series('facturas-globales')).toEqual(['G-1']);
    expect(await cuenta.series('recepcion-pagos')).toEqual(['P-1']);

    const rubros = await cuenta.rubros();
    expect(rubros.map((r) => [r.name, r.objeto_impuesto_key])).toEqual([
      ['Exento de IVA', '02'],
      ['IVA 0%', '02'],
      ['IVA 16%', '02'],
      ['IVA 16% con retenciones (ISR 10% e IVA 2/3)', '02'],
      ['No objeto de impuesto', '01'],
    ]);
    const byName = (name: string) => rubros.find((r) => r.name === name);
    expect(taxes(byName('IVA 16%')?.impuestos_trasladados ?? [])).toEqual(['IVA 0.160000']);
    expect(taxes(byName('IVA 16%')?.impuestos_retenidos ?? [])).toEqual([]);
    const retenciones = byName('IVA 16% con retenciones (ISR 10% e IVA 2/3)');
    expect(taxes(retenciones?.impuestos_trasladados ?? [])).toEqual(['IVA 0.160000']);
    expect(taxes(retenciones?.impuestos_retenidos ?? []).sort()).toEqual([
      'ISR 0.100000',
      'IVA 0.106666',
    ]);
    expect(taxes(byName('Exento de IVA')?.impuestos_trasladados ?? [])).toEqual(['IVA null']);
    expect(byName('No objeto de impuesto')?.impuestos_trasladados).toEqual([]);
  });

  it('a persona física that chooses régimen 626 in the wizard gets the RESICO groups, ISR 1.25 % with and without IVA 2/3', async () => {
    const cuenta = await register(rfcAleatorio('fisica'));
    const datos = (regimen_fiscal: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/new-client/datos-fiscales/${cuenta.newClientToken}`,
        payload: { razon_social: 'ROSA MENDEZ LUNA', regimen_fiscal, codigo_postal: '42501' },
      });
    expect((await datos('626')).statusCode).toBe(200);
    const rubros = await cuenta.rubros();
    const retenidos = (name: string) =>
      taxes(rubros.find((r) => r.name === name)?.impuestos_retenidos ?? []).sort();
    expect(retenidos(RUBRO_RESICO_SERVICIOS)).toEqual(['ISR 0.012500', 'IVA 0.106666']);
    expect(retenidos(RUBRO_RESICO_BIENES)).toEqual(['ISR 0.012500']);
    for (const name of [RUBRO_RESICO_SERVICIOS, RUBRO_RESICO_BIENES])
      expect(taxes(rubros.find((r) => r.name === name)?.impuestos_trasladados ?? [])).toEqual([
        'IVA 0.160000',
      ]);
    // Saving again, or going 612 and back, adds no copy.
    expect((await datos('612')).statusCode).toBe(200);
    expect((await datos('626')).statusCode).toBe(200);
    expect((await cuenta.rubros()).map((r) => r.name)).toEqual(rubros.map((r) => r.name));
  });

  it('a persona moral in 626 (not withheld ISR 1.25 %) gets no RESICO group', async () => {
    const cuenta = await register(rfcAleatorio('moral'));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/new-client/datos-fiscales/${cuenta.newClientToken}`,
      payload: { razon_social: 'SERVICIOS LUNA', regimen_fiscal: '626', codigo_postal: '42501' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await cuenta.rubros()).map((r) => r.name)).not.toContain(RUBRO_RESICO_BIENES);
  });

  it('a persona moral, which is not withheld as a persona física is, gets no group with retenciones', async () => {
    const cuenta = await register(rfcAleatorio('moral'));
    expect((await cuenta.rubros()).map((r) => r.name)).toEqual([
      'Exento de IVA',
      'IVA 0%',
      'IVA 16%',
      'No objeto de impuesto',
    ]);
  });

  it('running it again adds nothing: no serie or group is duplicated, an edited one is kept', async () => {
    const cuenta = await register('');
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, cuenta.email));
    const [member] = await t.deps.db
      .select()
      .from(enterpriseUsers)
      .where(eq(enterpriseUsers.user_id, user?.id ?? 0));
    const enterpriseId = member?.enterprise_id ?? 0;
    // The user renames the income serie in the wizard before anything runs again.
    const [ingreso] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/new-client/series/${cuenta.newClientToken}/facturas-ingreso`,
      })
    ).json().data as { id: number }[];
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/new-client/series/${cuenta.newClientToken}/${ingreso?.id ?? 0}`,
      payload: { serie: 'FAC', folio: 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const before = (await cuenta.rubros()).map((r) => r.name);
    // Without an RFC yet the issuer may be a persona física: the group with retenciones is there.
    expect(before).toContain('IVA 16% con retenciones (ISR 10% e IVA 2/3)');

    await ensureDefaultConfiguration(t.deps.db, enterpriseId, '');
    await ensureDefaultConfiguration(t.deps.db, enterpriseId, '');
    expect(await cuenta.series('facturas-ingreso')).toEqual(['FAC-1']);
    expect(await cuenta.series('facturas-globales')).toEqual(['G-1']);
    expect(await cuenta.series('recepcion-pagos')).toEqual(['P-1']);
    expect((await cuenta.rubros()).map((r) => r.name)).toEqual(before);
  });

  it('the first pre-invoice uses the default serie and tax group without visiting Configuraciones', async () => {
    const cuenta = await register(rfcAleatorio('fisica'));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/new-client/datos-fiscales/${cuenta.newClientToken}`,
      payload: { razon_social: 'ROSA MENDEZ LUNA', regimen_fiscal: '612', codigo_postal: '42501' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const rubros = await cuenta.rubros();
    const [ingreso] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/new-client/series/${cuenta.newClientToken}/facturas-ingreso`,
      })
    ).json().data as { id: number }[];
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/new-client/complete-initial-configuration/${cuenta.newClientToken}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    const headers = { authorization: `Bearer ${done.json().data.token as string}` };
    const send = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

    const client = await send('/clients', {
      name_razon_social: 'TRANSPORTES DEL GOLFO',
      rfc: rfcAleatorio('moral'),
      usoCfdi: 'G03',
      regimenFiscal: '601',
      metodoPago: 'PUE',
      formaPago: '03',
      address: { codigo_postal: '64000' },
    });
    expect(client.statusCode, client.body).toBe(201);
    const grupo = rubros.find((r) => r.name === 'IVA 16% con retenciones (ISR 10% e IVA 2/3)');
    const product = await send('/products-services', {
      productServiceObj: { clave: '80101500' },
      unitsObj: { clave: 'E48' },
      unity_price: '10000.00',
      description: 'Asesoría fiscal',
      taxesGroup: grupo?.id,
    });
    expect(product.statusCode, product.body).toBe(201);
    const pre = await send('/facturacion/V40/pre-facturas-ingreso', {
      client_id: client.json().data.id,
      serie_id: ingreso?.id,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: product.json().data.id,
          cantidad: '1',
          precio_unitario: '10000.00',
          impuestos_trasladados: grupo?.impuestos_trasladados.map((x) => x.id),
          impuestos_retenidos: grupo?.impuestos_retenidos.map((x) => x.id),
        },
      ],
    });
    expect(pre.statusCode, pre.body).toBe(200);
    const factura = (
      await t.app.inject({
        method: 'GET',
        url: `/api/facturacion/V40/facturas-ingreso/${pre.json().data.id as number}`,
        headers,
      })
    ).json().data;
    // 10,000 + IVA 1,600 − ISR 1,000 − IVA retenido 1,066.66 (cfdi40-rules §2.5).
    expect(factura).toMatchObject({ serie: 'A', status: 'pre_factura', total: '9533.34' });
  });
});
