import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROL_NO_PERMITE_MESSAGE } from '@repo/contracts/roles';
import { seedMember, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { CAPACIDAD_DE_RUTA } from '../../http/permisos.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import { api, basico, seedFacturador, type Facturador } from '../facturas/facturas.test-support.ts';
import { auditoriaHelpers } from './auditoria.test-support.ts';

// Issue 27, who did what: each action on a document leaves one record with who, when, from where
// and what; the document's detail reads them; the log is the owners' and administrators' only, and
// nothing can change or delete it.
const V40 = '/api/facturacion/V40';
const NAVEGADOR = 'Mozilla/5.0 (prueba de bitácora)';
let smtp: TestSmtp;
let t: TestApp;
let h: ReturnType<typeof auditoriaHelpers>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: smtp.mailer });
  h = auditoriaHelpers(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function facturista(e: Facturador) {
  const m = await seedMember(t.deps, e.enterpriseId, 'facturista', { name: 'Fernanda Facturista' });
  return { ...m, headers: { ...m.headers, 'user-agent': NAVEGADOR } };
}

async function timbrar(e: Facturador, quien: SeededEnterprise, draft: unknown, query = '') {
  const res = await api(t, quien, 'POST', `${V40}/facturas-ingreso${query}`, draft);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.factura as { id: number; uuid: string; folio: number };
}

describe('a document’s history', () => {
  it('stamp, e-mail, share link created and revoked, cancellation and its outcome: one record each, by whom and from where', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const f = await facturista(e);
    const factura = await timbrar(e, f, draft());
    const comprobante = `${V40.replace('facturacion/V40', 'comprobantes/v40')}/${factura.id}`;
    const mail = await api(t, f, 'POST', `${comprobante}/send-by-email`, {
      emails: ['cliente@example.com'],
      comprobante_type: 'factura_ingreso',
    });
    expect(mail.statusCode, mail.body).toBe(200);
    await smtp.takeMail('cliente@example.com');
    const link = await api(t, f, 'POST', `${comprobante}/create-share-invoice-link`, {
      share_method: 'link',
    });
    expect(link.statusCode, link.body).toBe(201);
    const linkId = link.json().data.id as number;
    const revoke = await api(t, f, 'POST', `${comprobante}/share-links/${linkId}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const cancel = await api(t, f, 'POST', `${V40}/cancelar-factura`, {
      factura_id: factura.id,
      motivo: '02',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // A read-only member sees the document's history, oldest first.
    const lectura = await seedMember(t.deps, e.enterpriseId, 'lectura');
    const historia = await h.historial(factura.id, lectura.headers);
    expect(historia.map((r) => r.accion)).toEqual([
      'timbrado',
      'envio_email',
      'enlace_creado',
      'enlace_revocado',
      'cancelacion_solicitada',
      'cancelacion_resultado',
    ]);
    for (const r of historia) {
      expect(r).toMatchObject({
        user_id: f.userId,
        usuario: 'Fernanda Facturista',
        comprobante_id: factura.id,
        comprobante: `F-${String(factura.folio)}`,
        ip: '127.0.0.1',
        user_agent: NAVEGADOR,
      });
    }
    expect(historia[0]).toMatchObject({
      accion_etiqueta: 'Timbró el comprobante',
      resumen: `Tipo: Ingreso; Serie: F; Folio: ${String(factura.folio)}`,
    });
    expect(historia[1]!.resumen).toBe('Estatus: Enviado; Para: cliente@example.com');
    expect(historia[4]!.detalles).toMatchObject({ motivo: '02' });
    expect(historia[5]!.resumen).toContain('Cancelado');

    // The same records are in the enterprise's log, which the owner reads.
    const log = await h.bitacora(e.enterpriseId, e.headers);
    expect(log.filter((r) => r.comprobante_id === factura.id)).toHaveLength(6);
    // Another enterprise's member sees nothing of it.
    const otra = await seedFacturador(t);
    expect(await h.historial(factura.id, otra.headers)).toEqual([]);
  });

  it('a substitution is recorded on the original, with the stamp of the substitute and the original’s cancellation (01)', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const original = await timbrar(e, e, draft());
    const sustituto = await timbrar(e, e, draft(), `?sustituye=${String(original.id)}`);
    const historia = await h.historial(original.id, e.headers);
    expect(historia.map((r) => r.accion)).toEqual([
      'timbrado',
      'sustitucion',
      'cancelacion_solicitada',
      'cancelacion_resultado',
    ]);
    expect(historia[1]!.detalles).toMatchObject({ sustituto_id: sustituto.id });
    expect(historia[2]!.detalles).toMatchObject({
      motivo: '01',
      folio_sustitucion: sustituto.uuid.toUpperCase(),
    });
    expect((await h.historial(sustituto.id, e.headers)).map((r) => r.accion)).toEqual(['timbrado']);
  });
});

describe('the enterprise’s log', () => {
  it('owners and administrators read and export it; a facturista or a read-only member is refused', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft } = await basico(t, e);
    const f = await facturista(e);
    const factura = await timbrar(e, f, draft());
    const admin = await seedMember(t.deps, e.enterpriseId, 'administrador');
    const lectura = await seedMember(t.deps, e.enterpriseId, 'lectura');
    for (const quien of [f, lectura]) {
      for (const url of [
        `/api/auditoria/${String(e.enterpriseId)}`,
        `/api/auditoria/${String(e.enterpriseId)}/export`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: quien.headers });
        expect(res.statusCode).toBe(403);
        expect(res.json().dataError).toBe(ROL_NO_PERMITE_MESSAGE);
      }
    }
    const stamp = h.unico(await h.bitacora(e.enterpriseId, admin.headers), 'timbrado');
    expect(stamp).toMatchObject({ comprobante_id: factura.id, usuario: 'Fernanda Facturista' });

    // Filters: action, user (or the product itself: the seeded seals and serie), dates.
    const soloTimbres = await h.bitacora(e.enterpriseId, e.headers, '&accion=timbrado');
    expect(soloTimbres.map((r) => r.id)).toEqual([stamp.id]);
    const deFer = await h.bitacora(e.enterpriseId, e.headers, `&user_id=${String(f.userId)}`);
    expect(deFer.map((r) => r.accion)).toEqual(['timbrado']);
    const producto = await h.bitacora(e.enterpriseId, e.headers, '&user_id=producto');
    expect(producto.map((r) => r.accion).sort()).toEqual(['sellos_cargados', 'serie_creada']);
    const hoy = new Date().toISOString().slice(0, 10);
    const manana = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await h.bitacora(e.enterpriseId, e.headers, `&desde=${manana}`)).toEqual([]);
    expect(
      (await h.bitacora(e.enterpriseId, e.headers, `&hasta=${manana}&accion=timbrado`)).length,
    ).toBe(1);
    const mal = await t.app.inject({
      method: 'GET',
      url: `/api/auditoria/${String(e.enterpriseId)}?desde=${manana}&hasta=${hoy}`,
      headers: e.headers,
    });
    expect(mal.statusCode).toBe(422);
    expect(JSON.stringify(mal.json())).toContain('La fecha inicial debe ser anterior o igual');
    const users = await t.app.inject({
      method: 'GET',
      url: `/api/auditoria/${String(e.enterpriseId)}`,
      headers: e.headers,
    });
    expect(users.json().data.usuarios).toEqual([
      { user_id: f.userId, nombre: 'Fernanda Facturista' },
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/auditoria/${String(e.enterpriseId)}/export?accion=timbrado`,
      headers: e.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lineas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lineas).toHaveLength(2);
    expect(lineas[0]).toContain('"Usuario","Correo","Acción","Comprobante"');
    expect(lineas[1]).toContain(`"Fernanda Facturista","${f.email}","Timbró el comprobante","F-1"`);
  });

  it('nothing can change or delete a record: no route does, and the database refuses it', async () => {
    const e = await seedFacturador(t);
    const rutas = Object.keys(CAPACIDAD_DE_RUTA).filter(
      (r) => r.includes('/auditoria') || r.endsWith('/historial'),
    );
    expect(rutas.length).toBe(3);
    expect(rutas.every((r) => r.startsWith('GET '))).toBe(true);
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/auditoria/${String(e.enterpriseId)}`,
        headers: e.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    const antes = await h.bitacora(e.enterpriseId, e.headers);
    expect(antes.length).toBeGreaterThan(0);
    const intentos = [
      sql`update auditoria set accion = 'timbrado' where enterprise_id = ${e.enterpriseId}`,
      sql`delete from auditoria where enterprise_id = ${e.enterpriseId}`,
      sql`truncate auditoria`,
    ];
    for (const intento of intentos) {
      await expect(t.deps.db.execute(intento)).rejects.toThrow();
    }
    expect(await h.bitacora(e.enterpriseId, e.headers)).toEqual(antes);
  });
});
