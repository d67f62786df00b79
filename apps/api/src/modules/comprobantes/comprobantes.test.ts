import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPROBANTE_NOT_FOUND_MESSAGE,
  COMPROBANTE_SIN_TIMBRAR_MESSAGE,
  COMPROBANTE_TYPE_MISMATCH_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAILS_REQUIRED_MESSAGE,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  SHARE_LINK_REVOKED_MESSAGE,
  SHARE_LINK_UNKNOWN_MESSAGE,
} from '@repo/contracts/comprobantes';
import type { SandboxPac } from '@repo/pac';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { comprobanteShareLinks } from '../../db/schema/comprobantes-envios.ts';
import { users } from '../../db/schema/users.ts';
import { createMailer } from '../../email/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import { EMAIL_NO_ENVIADO } from './envio-email.service.ts';
import { cfdiDe, seedEmpresaEntrega, type EmpresaEntrega } from './comprobantes.test-support.ts';

const PUBLIC_URL = 'https://facturas.example.mx';

describe('comprobantes: PDF, XML, share links and e-mail of stamped CFDIs', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date();
  let work: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      mailer: smtp.mailer,
      now: () => clock,
      env: { PUBLIC_URL, SHARE_LINK_TTL_DAYS: '30' },
    });
    work = mkdtempSync(join(tmpdir(), 'comprobantes-test-'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  });

  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
  const post = (url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const api = (id: number, call: string) => `/api/comprobantes/v40/${String(id)}/${call}`;

  async function preFactura(e: EmpresaEntrega): Promise<number> {
    const [row] = await t.deps.db
      .insert(comprobantes)
      .values({ enterprise_id: e.enterpriseId, tipo: 'I', status: 'pre_factura' })
      .returning({ id: comprobantes.id });
    return row?.id ?? 0;
  }

  describe('files', () => {
    let e: EmpresaEntrega;
    beforeAll(async () => {
      e = await seedEmpresaEntrega(t.deps);
    });

    it('GET get-invoice-xml answers the stored stamped XML byte for byte, named RFC_serie-folio_UUID.xml; it passes the SAT checks', async () => {
      const row = await e.timbrar('todos-los-impuestos');
      const res = await get(api(row.id, 'get-invoice-xml'), e.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(
        `filename="${e.rfc}_F-${String(row.folio)}_${row.uuid ?? ''}.xml"`,
      );
      expect(res.rawPayload.equals(Buffer.from(row.xml_timbrado ?? '', 'utf8'))).toBe(true);
      const sandbox = t.deps.pac as SandboxPac;
      const sat = checkSat(res.body, { tfdCertificado: sandbox.certificado().pem });
      expect(sat.errors).toEqual([]);
    });

    it('GET get-invoice-pdf answers the representación impresa with the UUID and the total in words', async () => {
      const row = await e.timbrar('simple');
      const res = await get(api(row.id, 'get-invoice-pdf'), e.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(
        `filename="${e.rfc}_F-${String(row.folio)}_${row.uuid ?? ''}.pdf"`,
      );
      const file = join(work, `${String(row.id)}.pdf`);
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain(row.uuid);
      expect(text).toContain('UN MIL DOSCIENTOS PESOS 00/100 M.N.');
      expect(text).not.toContain('CANCELADO');
      // Stamped by the sandbox PAC: the paper says it has no fiscal validity.
      expect(text).toContain('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
      expect(text).not.toContain('Verifique este comprobante en el portal del SAT');
    });

    it("the PDF shows the issuer's trade name and address from Mis datos fiscales", async () => {
      await t.deps.db
        .update(enterprises)
        .set({
          nombre_comercial: 'Ferretería La Esperanza',
          estado: 'HID',
          municipio: '048',
          calle: 'Av. Juárez',
          numero_exterior: '100',
          numero_interior: '3',
        })
        .where(eq(enterprises.id, e.enterpriseId));
      const row = await e.timbrar('simple');
      const res = await get(api(row.id, 'get-invoice-pdf'), e.headers);
      expect(res.statusCode).toBe(200);
      const file = join(work, `${String(row.id)}-emisor.pdf`);
      writeFileSync(file, res.rawPayload);
      // PDF_SAMPLES_DIR keeps the page as a PNG for a visual check.
      const samples = process.env.PDF_SAMPLES_DIR;
      if (samples) execFileSync('pdftoppm', ['-png', '-r', '80', file, join(samples, 'emisor')]);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Ferretería La Esperanza');
      expect(text).toContain(cfdiDe(row).Emisor.Nombre);
      expect(text).toContain(
        'Domicilio: Av. Juárez 100 Int. 3, Pachuca de Soto, Hidalgo, C.P. 42501',
      );
    });

    it('works for USD invoices, globales, complementos de pago, público en general and cancelled ones; each XML passes the SAT checks', async () => {
      for (const clase of ['usd', 'global', 'pago', 'publico-en-general'] as const) {
        const row = await e.timbrar(clase);
        const xml = await get(api(row.id, 'get-invoice-xml'), e.headers);
        expect(xml.body).toBe(row.xml_timbrado);
        const sat = checkSat(xml.body, {
          tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem,
        });
        expect(sat.errors).toEqual([]);
        const pdf = await get(api(row.id, 'get-invoice-pdf'), e.headers);
        expect(pdf.statusCode).toBe(200);
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
      const row = await e.timbrar('simple');
      await t.deps.db
        .update(comprobantes)
        .set({ status: 'cancelada', estatus_cancelacion: 'Cancelado sin aceptación' })
        .where(and(eq(comprobantes.enterprise_id, e.enterpriseId), eq(comprobantes.id, row.id)));
      const xml = await get(api(row.id, 'get-invoice-xml'), e.headers);
      expect(xml.body).toBe(row.xml_timbrado);
      const pdf = await get(api(row.id, 'get-invoice-pdf'), e.headers);
      const file = join(work, `cancelado-${String(row.id)}.pdf`);
      writeFileSync(file, pdf.rawPayload);
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('CANCELADO');
    });

    it('a pre-factura has no XML nor PDF: 409 with a Spanish message', async () => {
      const id = await preFactura(e);
      for (const call of [
        'get-invoice-xml',
        'get-invoice-pdf',
        'get-invoice-sent-information',
        'get-sharing-invoice-sent-information',
      ]) {
        const res = await get(api(id, call), e.headers);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          success: false,
          dataError: COMPROBANTE_SIN_TIMBRAR_MESSAGE,
        });
      }
      const share = await post(api(id, 'create-share-invoice-link'), e.headers, {
        share_method: 'link',
      });
      expect(share.statusCode).toBe(409);
      const mail = await post(api(id, 'send-by-email'), e.headers, {
        emails: ['cliente@example.com'],
        comprobante_type: 'factura_ingreso',
      });
      expect(mail.statusCode).toBe(409);
    });

    it("another enterprise's comprobante is 404 on every call, and no session is 401", async () => {
      const otra = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('simple');
      for (const call of [
        'get-invoice-xml',
        'get-invoice-pdf',
        'get-invoice-sent-information',
        'get-sharing-invoice-sent-information',
      ]) {
        const res = await get(api(row.id, call), otra.headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, dataError: COMPROBANTE_NOT_FOUND_MESSAGE });
        expect((await get(api(row.id, call))).statusCode).toBe(401);
      }
      const share = await post(api(row.id, 'create-share-invoice-link'), otra.headers, {
        share_method: 'link',
      });
      expect(share.statusCode).toBe(404);
      const mail = await post(api(row.id, 'send-by-email'), otra.headers, {
        emails: ['cliente@example.com'],
        comprobante_type: 'factura_ingreso',
      });
      expect(mail.statusCode).toBe(404);
      expect(smtp.received.some((m) => m.to.includes('cliente@example.com'))).toBe(false);
      expect((await get(api(999_999_999, 'get-invoice-xml'), e.headers)).statusCode).toBe(404);
    });
  });

  describe('share links', () => {
    it('creates an unguessable link; the public page data, PDF and XML open without a session and count views', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('simple');
      const res = await post(api(row.id, 'create-share-invoice-link'), e.headers, {
        share_method: 'whatsapp',
      });
      expect(res.statusCode).toBe(201);
      const link = res.json<{
        data: { token: string; url: string; whatsapp_url: string; expires_at: string };
      }>().data;
      expect(link.token).toMatch(new RegExp(`^${String(e.enterpriseId)}-[0-9a-f]{64}$`));
      expect(link.url).toBe(`${PUBLIC_URL}/compartir/${link.token}`);
      expect(decodeURIComponent(link.whatsapp_url)).toContain(link.url);
      expect(new Date(link.expires_at).getTime() - clock.getTime()).toBe(30 * 24 * 3600_000);
      // Only the token's hash is stored.
      const stored = await t.deps.db
        .select({ token_hash: comprobanteShareLinks.token_hash })
        .from(comprobanteShareLinks)
        .where(eq(comprobanteShareLinks.enterprise_id, e.enterpriseId));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toContain(link.token.split('-')[1]);

      const cfdi = cfdiDe(row);
      const publico = `/api/comprobantes/v40/compartidos/${link.token}`;
      const summary = await get(publico);
      expect(summary.statusCode).toBe(200);
      expect(summary.json()).toEqual({
        success: true,
        data: {
          comprobante_type: 'factura_ingreso',
          emisor: { rfc: e.rfc, nombre: 'EMPRESA DE TIMBRADO' },
          receptor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ' },
          serie: 'F',
          folio: String(row.folio),
          serie_folio: `F-${String(row.folio)}`,
          total: '1200.00',
          moneda: 'MXN',
          fecha: cfdi.Fecha,
          fecha_timbrado: cfdi.Complemento?.TimbreFiscalDigital?.FechaTimbrado,
          uuid: row.uuid,
          status: 'timbrada',
          expires_at: link.expires_at,
        },
      });
      const xml = await get(`${publico}/xml`);
      expect(xml.statusCode).toBe(200);
      expect(xml.rawPayload.equals(Buffer.from(row.xml_timbrado ?? '', 'utf8'))).toBe(true);
      const pdf = await get(`${publico}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const info = await get(api(row.id, 'get-sharing-invoice-sent-information'), e.headers);
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({
        success: true,
        data: [
          {
            share_method: 'whatsapp',
            shared_by: { id: e.userId, name: 'Usuario de prueba' },
            expires_at: link.expires_at,
            expired: false,
            views: 1,
            downloads: 2,
          },
        ],
      });
    });

    it('unknown, tampered or expired tokens are 404 with a Spanish message', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('simple');
      const res = await post(api(row.id, 'create-share-invoice-link'), e.headers, {
        share_method: 'link',
      });
      const { token } = res.json<{ data: { token: string } }>().data;
      const otra = await seedEmpresaEntrega(t.deps);
      const [, random] = token.split('-');
      for (const bad of [
        'desconocido',
        `${String(e.enterpriseId)}-${'0'.repeat(64)}`,
        `${String(otra.enterpriseId)}-${random ?? ''}`,
        `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`,
      ]) {
        for (const suffix of ['', '/pdf', '/xml']) {
          const r = await get(`/api/comprobantes/v40/compartidos/${bad}${suffix}`);
          expect(r.statusCode).toBe(404);
          expect(r.json()).toEqual({ success: false, dataError: SHARE_LINK_NOT_FOUND_MESSAGE });
        }
      }
      expect((await get(`/api/comprobantes/v40/compartidos/${token}`)).statusCode).toBe(200);
      const antes = clock;
      try {
        clock = new Date(antes.getTime() + 30 * 24 * 3600_000 + 1000);
        for (const suffix of ['', '/pdf', '/xml']) {
          const r = await get(`/api/comprobantes/v40/compartidos/${token}${suffix}`);
          expect(r.statusCode).toBe(404);
          expect(r.json()).toEqual({ success: false, dataError: SHARE_LINK_NOT_FOUND_MESSAGE });
        }
      } finally {
        clock = antes;
      }
    });

    it('a revoked link opens nothing and says it was revoked; the others keep working', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('simple');
      const crear = async () =>
        (
          await post(api(row.id, 'create-share-invoice-link'), e.headers, { share_method: 'link' })
        ).json<{ data: { id: number; token: string } }>().data;
      const [uno, dos] = [await crear(), await crear()];
      const revocar = (linkId: number, headers = e.headers) =>
        post(api(row.id, `share-links/${String(linkId)}/revoke`), headers, {});
      const res = await revocar(uno.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: uno.id, revoked_at: clock.toISOString() });
      for (const suffix of ['', '/pdf', '/xml']) {
        const r = await get(`/api/comprobantes/v40/compartidos/${uno.token}${suffix}`);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ success: false, dataError: SHARE_LINK_REVOKED_MESSAGE });
      }
      expect((await get(`/api/comprobantes/v40/compartidos/${dos.token}`)).statusCode).toBe(200);
      const info = (
        await get(api(row.id, 'get-sharing-invoice-sent-information'), e.headers)
      ).json<{
        data: { id: number; revoked_at: string | null }[];
      }>().data;
      expect(info.find((l) => l.id === uno.id)?.revoked_at).toBe(clock.toISOString());
      expect(info.find((l) => l.id === dos.id)?.revoked_at).toBeNull();
      // Another enterprise cannot revoke it; an unknown link is a 404 in Spanish.
      const otra = await seedEmpresaEntrega(t.deps);
      expect((await revocar(dos.id, otra.headers)).statusCode).toBe(404);
      const desconocido = await revocar(dos.id + 1000);
      expect(desconocido.statusCode).toBe(404);
      expect(desconocido.json().dataError).toBe(SHARE_LINK_UNKNOWN_MESSAGE);
      expect((await get(`/api/comprobantes/v40/compartidos/${dos.token}`)).statusCode).toBe(200);
    });

    it('a link of a comprobante cancelled later still opens and says so', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('pago');
      const res = await post(api(row.id, 'create-share-invoice-link'), e.headers, {
        share_method: 'email',
      });
      const { token } = res.json<{ data: { token: string } }>().data;
      await t.deps.db
        .update(comprobantes)
        .set({ status: 'cancelada' })
        .where(and(eq(comprobantes.enterprise_id, e.enterpriseId), eq(comprobantes.id, row.id)));
      const summary = await get(`/api/comprobantes/v40/compartidos/${token}`);
      expect(summary.json()).toMatchObject({
        data: {
          status: 'cancelada',
          comprobante_type: 'complemento_pago',
          serie_folio: `P-${String(row.folio)}`,
        },
      });
    });

    it('with SHARE_LINK_TTL_DAYS=0 links do not expire; a bad share_method is 422 in Spanish', async () => {
      const sinVencimiento = await buildTestApp({
        database: t.deps.database,
        env: { SHARE_LINK_TTL_DAYS: '0' },
      });
      try {
        const e = await seedEmpresaEntrega(sinVencimiento.deps);
        const row = await e.timbrar('global');
        const res = await sinVencimiento.app.inject({
          method: 'POST',
          url: api(row.id, 'create-share-invoice-link'),
          headers: e.headers,
          payload: { share_method: 'link' },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ data: { expires_at: null, whatsapp_url: null } });
        const bad = await sinVencimiento.app.inject({
          method: 'POST',
          url: api(row.id, 'create-share-invoice-link'),
          headers: e.headers,
          payload: { share_method: 'paloma' },
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.json()).toEqual({
          success: false,
          dataError: { share_method: ['El medio para compartir debe ser link, whatsapp o email'] },
        });
        const info = await sinVencimiento.app.inject({
          method: 'GET',
          url: api(row.id, 'get-sharing-invoice-sent-information'),
          headers: e.headers,
        });
        expect(info.json<{ data: unknown[] }>().data).toHaveLength(1);
      } finally {
        await sinVencimiento.close();
      }
    });
  });

  describe('send-by-email', () => {
    it('sends one Spanish e-mail to every address with the PDF and the exact XML attached, and records it', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('simple');
      const destinos = [
        `contabilidad-${String(row.id)}@cliente.mx`,
        `compras-${String(row.id)}@cliente.mx`,
      ];
      const antes = smtp.received.length;
      const res = await post(api(row.id, 'send-by-email'), e.headers, {
        emails: [destinos[0], ` ${destinos[1]?.toUpperCase() ?? ''} `],
        comprobante_type: 'factura_ingreso',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: {
          emails: destinos,
          outcome: 'enviado',
          comprobante_type: 'factura_ingreso',
          error_message: '',
        },
      });
      const mail = await smtp.takeMail(destinos[0] ?? '');
      expect(smtp.received.slice(antes)).toHaveLength(1);
      expect(mail.to.sort()).toEqual([...destinos].sort());
      const folio = `F-${String(row.folio)}`;
      expect(mail.subject).toBe(
        `[Prueba sin validez fiscal] Factura ${folio} de EMPRESA DE TIMBRADO — $ 1,200.00 MXN`,
      );
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('EMPRESA DE TIMBRADO');
        expect(part).toContain(folio);
        expect(part).toContain('$ 1,200.00 MXN');
        expect(part).toContain(row.uuid);
        // Stamped by the sandbox PAC: no fiscal validity, nothing to verify at the SAT.
        expect(part).toContain('no tiene validez fiscal');
        expect(part).not.toContain('El XML es el documento con validez fiscal');
        expect(part).not.toContain('Verificar en el portal del SAT');
      }
      const [usuario] = await t.deps.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, e.userId));
      expect(mail.replyTo).toBe(usuario?.email);
      const pdf = mail.attachments.find((a) => a.filename.endsWith('.pdf'));
      const xml = mail.attachments.find((a) => a.filename.endsWith('.xml'));
      expect(mail.attachments).toHaveLength(2);
      expect(pdf?.filename).toBe(`${e.rfc}_${folio}_${row.uuid ?? ''}.pdf`);
      expect(pdf?.contentType).toBe('application/pdf');
      expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(xml?.filename).toBe(`${e.rfc}_${folio}_${row.uuid ?? ''}.xml`);
      expect(xml?.content.equals(Buffer.from(row.xml_timbrado ?? '', 'utf8'))).toBe(true);

      const info = await get(api(row.id, 'get-invoice-sent-information'), e.headers);
      expect(info.json()).toMatchObject({
        success: true,
        data: [{ emails: destinos, outcome: 'enviado', sent_by: { id: e.userId } }],
      });
    });

    it('invalid or missing addresses and a wrong comprobante_type are 422 field errors; nothing is sent or recorded', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('pago');
      const antes = smtp.received.length;
      const casos: [unknown, Record<string, string[]>][] = [
        [
          { emails: ['bien@cliente.mx', 'mal@', 'otro mal'], comprobante_type: 'complemento_pago' },
          { 'emails.1': [EMAIL_INVALID_MESSAGE], 'emails.2': [EMAIL_INVALID_MESSAGE] },
        ],
        [
          { emails: [], comprobante_type: 'complemento_pago' },
          { emails: [EMAILS_REQUIRED_MESSAGE] },
        ],
        [
          { emails: ['bien@cliente.mx'], comprobante_type: 'factura_ingreso' },
          { comprobante_type: [COMPROBANTE_TYPE_MISMATCH_MESSAGE] },
        ],
      ];
      for (const [payload, dataError] of casos) {
        const res = await post(api(row.id, 'send-by-email'), e.headers, payload);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ success: false, dataError });
      }
      const info = await get(api(row.id, 'get-invoice-sent-information'), e.headers);
      expect(info.json()).toEqual({ success: true, data: [] });
      expect(smtp.received.length).toBe(antes);
    });

    it('a complemento de pago is sent as such', async () => {
      const e = await seedEmpresaEntrega(t.deps);
      const row = await e.timbrar('pago');
      const destino = `pagos-${String(row.id)}@cliente.mx`;
      const res = await post(api(row.id, 'send-by-email'), e.headers, {
        emails: [destino],
        comprobante_type: 'complemento_pago',
      });
      expect(res.statusCode).toBe(200);
      const mail = await smtp.takeMail(destino);
      expect(mail.subject).toContain(
        `Complemento de pago P-${String(row.folio)} de EMPRESA DE TIMBRADO`,
      );
      expect(mail.text).toContain('le envía el complemento de pago');
    });

    it('when the mail server refuses, the answer is 502 in Spanish and the failed sending is recorded', async () => {
      const caido = await buildTestApp({
        database: t.deps.database,
        // Nothing listens on port 9 of localhost: the connection is refused.
        mailer: createMailer(
          { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x <x@example.com>', DATA_DIR: '' },
          pino({ level: 'silent' }),
        ),
      });
      try {
        const e = await seedEmpresaEntrega(caido.deps);
        const row = await e.timbrar('simple');
        const res = await caido.app.inject({
          method: 'POST',
          url: api(row.id, 'send-by-email'),
          headers: e.headers,
          payload: { emails: ['cliente@example.com'], comprobante_type: 'factura_ingreso' },
        });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ success: false, dataError: EMAIL_NO_ENVIADO });
        const info = await caido.app.inject({
          method: 'GET',
          url: api(row.id, 'get-invoice-sent-information'),
          headers: e.headers,
        });
        expect(info.json()).toMatchObject({
          data: [
            {
              emails: ['cliente@example.com'],
              outcome: 'fallido',
              error_message: EMAIL_NO_ENVIADO,
            },
          ],
        });
      } finally {
        await caido.close();
      }
    });
  });
});
