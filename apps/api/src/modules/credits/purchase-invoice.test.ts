import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { comprobanteEnviosEmail } from '../../db/schema/comprobantes-envios.ts';
import { PLATFORM_ISSUER_RFC, seedPlatformIssuer } from '../../db/seed/platform-issuer.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import type { Mailer } from '../../email/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { purchaseHelpers } from './credit-purchases.test-support.ts';
import { baseAntesDeIva } from './purchase-invoice.service.ts';

describe('invoicing a credit purchase', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let h: ReturnType<typeof purchaseHelpers>;
  let issuerId: number;
  // The mail server answers when this gate opens (open unless a test holds it, as a slow server).
  let gate: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const held: Mailer = {
      send: async (mail) => {
        await gate;
        return smtp.mailer.send(mail);
      },
    };
    t = await buildTestApp({ mailer: held });
    h = purchaseHelpers(t);
    issuerId = await seedPlatformIssuer(t.deps);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The e-mails recorded for the stamped invoice of this UUID. */
  const envios = async (uuid: string) => {
    const [invoiced] = await t.deps.db
      .select({ id: comprobantes.id })
      .from(comprobantes)
      .where(eq(comprobantes.uuid, uuid));
    return t.deps.db
      .select()
      .from(comprobanteEnviosEmail)
      .where(eq(comprobanteEnviosEmail.comprobante_id, invoiced!.id));
  };

  const issued = async () => {
    const [row] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, issuerId));
    return Number(row?.n ?? 0);
  };

  const buy = async (headers: Record<string, string>, planIndex: number, card: string) => {
    const plans = await h.plans(headers);
    const order = await h.preOrder(headers, plans[planIndex]!.id);
    await h.payCard(order.payment_gateway_id, card);
    for (const ev of h.sandbox.takeEvents()) await h.deliver(ev);
    const list = await h.call('GET', '/api/user-credits-payments', headers);
    return list.body.data.data[0] as { id: number; status: string };
  };

  it('the base before IVA gives back exactly the price paid', () => {
    expect(['199.00', '349.00', '899.00', '2499.00', '174.50', '0.01'].map(baseAntesDeIva)).toEqual(
      ['171.55', '300.86', '775.00', '2154.31', '150.43', '0.01'],
    );
  });

  it('the platform stamps a CFDI de ingreso PUE to the buyer, forma de pago 04, and e-mails its PDF and XML', async () => {
    const rfc = rfcAleatorio('moral');
    const e = await seedEnterprise(t.deps, {
      rfc,
      razon_social: 'FERRETERIA LA ESPERANZA',
      regimen_fiscal: '601',
      codigo_postal: '64000',
      email: `compras-${rfc.toLowerCase()}@example.com`,
    });
    const paid = await buy(e.headers, 1, '4242424242424242');
    expect(paid.status).toBe('paid');
    const res = await h.call(
      'POST',
      '/api/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
      e.headers,
      { client_enterprise_id: e.enterpriseId, user_credit_payment_id: paid.id },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('invoiced');
    expect(res.body.data.invoice_data.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(res.body.data.invoice_data.serie).toBe('CC');

    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/user-credits-payments/${paid.id}/invoice-xml`,
      headers: e.headers,
    });
    expect(xml.statusCode).toBe(200);
    const text = xml.body;
    expect(text).toContain(`Rfc="${PLATFORM_ISSUER_RFC}"`);
    expect(text).toContain(`Rfc="${rfc}"`);
    expect(text).toContain('Nombre="FERRETERIA LA ESPERANZA"');
    expect(text).toContain('DomicilioFiscalReceptor="64000"');
    expect(text).toContain('TipoDeComprobante="I"');
    expect(text).toContain('MetodoPago="PUE"');
    expect(text).toContain('FormaPago="04"');
    expect(text).toContain('SubTotal="300.86"');
    expect(text).toContain('Total="349.00"');
    expect(text).toMatch(/Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="48.14"/);
    expect(text).toContain('Paquete 100: 110 créditos de timbrado de CFDI');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/user-credits-payments/${paid.id}/invoice-pdf`,
      headers: e.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await smtp.takeMail(e.email);
    expect(mail.attachments.map((a) => a.contentType).sort()).toEqual([
      'application/pdf',
      'application/xml',
    ]);
    expect(
      mail.attachments.find((a) => a.contentType === 'application/xml')!.content.toString(),
    ).toBe(text);
    // The e-mail is recorded with the invoice's sendings: sent by the product, no user behind it.
    await expect
      .poll(() => envios(res.body.data.invoice_data.uuid))
      .toMatchObject([
        { emails: [e.email], outcome: 'enviado', sent_by_user_id: null, error_message: '' },
      ]);

    const again = await h.call(
      'POST',
      '/api/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
      e.headers,
      { client_enterprise_id: e.enterpriseId, user_credit_payment_id: paid.id },
    );
    expect(again.status).toBe(409);
    expect(again.body.dataError).toBe('Esta compra ya fue facturada.');
    const list = await h.call('GET', '/api/user-credits-payments', e.headers);
    expect(list.body.data.data[0]).toMatchObject({ status: 'invoiced' });
  });

  it('answers once the invoice is stamped, without waiting for a slow mail server', async () => {
    const rfc = rfcAleatorio('moral');
    const e = await seedEnterprise(t.deps, {
      rfc,
      razon_social: 'PAPELERIA EL CONDOR',
      regimen_fiscal: '601',
      codigo_postal: '64000',
      email: `compras-${rfc.toLowerCase()}@example.com`,
    });
    const paid = await buy(e.headers, 0, '4242424242424242');
    let abrir = () => {};
    gate = new Promise((resolve) => (abrir = resolve));
    try {
      // While the mail server has not answered, the purchase is already invoiced.
      const res = await h.call(
        'POST',
        '/api/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
        e.headers,
        { client_enterprise_id: e.enterpriseId, user_credit_payment_id: paid.id },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.status).toBe('invoiced');
      expect(smtp.pending(e.email)).toBe(0);
      expect(await envios(res.body.data.invoice_data.uuid)).toEqual([]);
      abrir();
      await smtp.takeMail(e.email);
      await expect
        .poll(() => envios(res.body.data.invoice_data.uuid))
        .toMatchObject([{ outcome: 'enviado', sent_by_user_id: null }]);
    } finally {
      abrir();
      gate = Promise.resolve();
    }
  });

  it('a debit card is forma de pago 28', async () => {
    const rfc = rfcAleatorio('fisica');
    const e = await seedEnterprise(t.deps, {
      rfc,
      razon_social: 'MARIA FERNANDA LOPEZ RUIZ',
      regimen_fiscal: '612',
      codigo_postal: '10740',
    });
    const paid = await buy(e.headers, 0, '4000056655665556');
    const res = await h.call(
      'POST',
      '/api/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
      e.headers,
      { client_enterprise_id: e.enterpriseId, user_credit_payment_id: paid.id },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await smtp.takeMail(e.email);
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/user-credits-payments/${paid.id}/invoice-xml`,
      headers: e.headers,
    });
    expect(xml.body).toContain('FormaPago="28"');
    expect(xml.body).toContain('Total="199.00"');
  });

  it('missing tax data names what to fill in and stamps nothing; another enterprise gets 404', async () => {
    const e = await seedEnterprise(t.deps, { rfc: '', regimen_fiscal: '', codigo_postal: '' });
    const paid = await buy(e.headers, 0, '4242424242424242');
    const before = await issued();
    const res = await h.call(
      'POST',
      '/api/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
      e.headers,
      { client_enterprise_id: e.enterpriseId, user_credit_payment_id: paid.id },
    );
    expect(res.status).toBe(422);
    expect(res.body.dataError).toBe(
      'Para facturar su compra registre en Configuraciones › Mis datos fiscales: RFC, régimen fiscal, código postal.',
    );
    expect(await issued()).toBe(before);
    const stranger = await seedEnterprise(t.deps);
    const other = await h.call(
      'POST',
      '/api/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
      stranger.headers,
      { client_enterprise_id: e.enterpriseId, user_credit_payment_id: paid.id },
    );
    expect(other.status).toBe(404);
    expect(await issued()).toBe(before);
  });
});
