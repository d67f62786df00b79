import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCsd } from '@repo/cfdi/csd';
import { seedEnterprise, seedMember } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import { purchaseHelpers } from '../credits/credit-purchases.test-support.ts';
import { auditoriaHelpers } from './auditoria.test-support.ts';

// Issue 27, who did what: the enterprise's configuration, members, webhooks and credits. Each
// action through the API leaves one record in the log with who did it and what.
let smtp: TestSmtp;
let t: TestApp;
let h: ReturnType<typeof auditoriaHelpers>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: smtp.mailer, env: { WEBHOOKS_RED_PRIVADA: 'on' } });
  h = auditoriaHelpers(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function multipart(files: Record<string, Buffer>, fields: Record<string, string>) {
  const form = new FormData();
  for (const [field, data] of Object.entries(files)) form.append(field, new Blob([data]), field);
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe('configuration, members, webhooks and credits in the log', () => {
  it('seals, tax data, series, invitations, roles, removals, webhooks and a credit purchase: one record each with who and what', async () => {
    const rfc = rfcAleatorio();
    const e = await seedEnterprise(t.deps, { rfc, razon_social: 'AUDITADA', name: 'Olga Dueña' });
    const id = e.enterpriseId;
    const h0 = e.headers;

    const now = Date.now();
    const csd = generateTestCsd({
      rfc,
      nombre: 'AUDITADA',
      validFrom: new Date(now - 2 * 86_400_000),
      validTo: new Date(now + 365 * 86_400_000),
    });
    const body = await multipart(
      { cer_file: csd.cer, key_file: csd.key },
      { password: csd.password },
    );
    const sellos = await t.app.inject({
      method: 'POST',
      url: `/api/sellos-fiscales/${String(id)}`,
      headers: { ...h0, ...body.headers },
      payload: body.payload,
    });
    expect(sellos.statusCode, sellos.body).toBe(200);

    const datos = await call('PUT', `/api/datos-fiscales/${String(id)}`, h0, {
      razon_social: 'AUDITADA',
      nombre_comercial: 'Auditada y Asociados',
      regimen_fiscal: '601',
      codigo_postal: '42501',
      estado: 'HID',
      municipio: '048',
      colonia: '',
      ciudad: '',
      calle: 'Av. Juárez',
      numero_exterior: '100',
      numero_interior: '',
    });
    expect(datos.statusCode, datos.body).toBe(200);

    const serie = await call('POST', `/api/series/${String(id)}`, h0, {
      kind: 'facturas-ingreso',
      serie: 'AUD',
      folio: 1,
    });
    expect(serie.statusCode, serie.body).toBe(201);
    const serieId = serie.json().data.id as number;
    expect(
      (await call('PUT', `/api/series/${String(serieId)}`, h0, { serie: 'AUD', folio: 7 }))
        .statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/series/${String(serieId)}`, h0)).statusCode).toBe(200);

    const invitada = `invitada-${String(now)}@example.com`;
    const inv = await call('POST', `/api/equipo/${String(id)}/invitaciones`, h0, {
      email: invitada,
      rol: 'facturista',
    });
    expect(inv.statusCode, inv.body).toBe(201);
    await smtp.takeMail(invitada);
    const m = await seedMember(t.deps, id, 'facturista', { name: 'Mario Miembro' });
    const miembro = `/api/equipo/${String(id)}/miembros/${String(m.userId)}`;
    expect((await call('PUT', miembro, h0, { rol: 'lectura' })).statusCode).toBe(200);
    expect((await call('DELETE', miembro, h0)).statusCode).toBe(200);

    const hook = await call('POST', `/api/webhooks/${String(id)}`, h0, {
      url: 'http://127.0.0.1:9/hook',
      descripcion: 'ERP',
      eventos: ['documento.timbrado'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const hookId = hook.json().data.id as number;
    expect((await call('DELETE', `/api/webhooks/endpoint/${String(hookId)}`, h0)).statusCode).toBe(
      200,
    );

    // Credits: the order is the owner's; the gateway's webhook grants them.
    const p = purchaseHelpers(t);
    const [plan] = await p.plans(h0);
    const order = await p.preOrder(h0, plan!.id);
    await p.payCard(order.payment_gateway_id, '4242 4242 4242 4242');
    for (const ev of p.sandbox.takeEvents()) expect(await p.deliver(ev)).toBe(200);

    const log = await h.bitacora(id, h0);
    const delDueno = (accion: Parameters<typeof h.unico>[1]) => {
      const r = h.unico(log, accion);
      expect(r).toMatchObject({ user_id: e.userId, usuario: 'Olga Dueña' });
      return r;
    };
    expect(delDueno('sellos_cargados').resumen).toMatch(/^Certificado: \d{20}; Vigencia: /);
    expect(delDueno('sellos_cargados').ip).toBe('127.0.0.1');
    expect(delDueno('datos_fiscales_cambiados').detalles).toMatchObject({
      campos: expect.arrayContaining(['nombre_comercial']) as unknown,
    });
    expect(delDueno('datos_fiscales_cambiados').resumen).toContain('Nombre comercial');
    expect(delDueno('serie_creada')).toMatchObject({ objeto: `serie:${String(serieId)}` });
    expect(delDueno('serie_cambiada').resumen).toBe(
      'Tipo: Facturas de ingreso; Serie: AUD; Folio: 7',
    );
    expect(delDueno('serie_eliminada').resumen).toContain('Serie: AUD');
    expect(delDueno('usuario_invitado').resumen).toBe(`Correo: ${invitada}; Rol: Facturista`);
    expect(delDueno('rol_cambiado').detalles).toEqual({
      email: m.email,
      rol: 'lectura',
      rol_anterior: 'facturista',
    });
    expect(delDueno('usuario_quitado').detalles).toEqual({
      email: m.email,
      rol_anterior: 'lectura',
    });
    expect(delDueno('webhook_creado').detalles).toMatchObject({ url: 'http://127.0.0.1:9/hook' });
    expect(delDueno('webhook_eliminado').objeto).toBe(`webhook:${String(hookId)}`);
    const compra = delDueno('creditos_comprados');
    expect(compra.detalles).toMatchObject({ creditos: plan!.credits + plan!.gift_credits });
    // The webhook's sender is the gateway, not the buyer: no address is kept for it.
    expect(compra.ip).toBe('');
  });
});
