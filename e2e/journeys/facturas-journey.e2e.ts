import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../apps/api/src/email/mailer.ts';
import type { ReceivedMail, TestSmtp } from '../../apps/api/src/test/smtp.ts';
import { signInPage } from '../fixtures/accounts.ts';
import { type AppServer, startApp } from '../fixtures/app-server.ts';
import { launchBrowser, newPage, screenshot } from '../fixtures/browser.ts';
import { randomRfc, setUpFacturacion } from '../fixtures/facturacion.ts';

/** A received mail with its attachments (test/smtp.ts keeps text and links only). */
type MailWithAttachments = ReceivedMail & {
  attachments: { filename: string; content: Buffer }[];
};

/** The test SMTP server of apps/api/src/test/smtp.ts, keeping the attachments too. */
async function startSmtpWithAttachments(): Promise<
  Omit<TestSmtp, 'takeMail'> & {
    takeMail(address: string, timeoutMs?: number): Promise<MailWithAttachments>;
  }
> {
  const received: MailWithAttachments[] = [];
  const taken = new Set<MailWithAttachments>();
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
      a.value.map((v) => (v.address ?? '').toLowerCase()),
    );
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const html = typeof m.html === 'string' ? m.html : '';
          received.push({
            to: addresses(m.to),
            from: addresses(m.from)[0] ?? '',
            replyTo: addresses(m.replyTo)[0] ?? '',
            subject: m.subject ?? '',
            text: m.text ?? '',
            html,
            links: [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((x) =>
              (x[1] ?? '').replaceAll('&amp;', '&'),
            ),
            attachments: m.attachments.map((a) => ({
              filename: a.filename ?? '',
              content: a.content,
            })),
          });
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${String(port)}`;
  const next = (address: string) =>
    received.find((m) => !taken.has(m) && m.to.includes(address.toLowerCase()));
  return {
    url,
    mailer: createMailer(
      { SMTP_URL: url, MAIL_FROM: 'Facturación CFDI <no-reply@example.com>', DATA_DIR: '' },
      pino({ level: 'silent' }),
    ),
    received,
    async takeMail(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = next(address);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${address}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    pending: (address) =>
      received.filter((m) => !taken.has(m) && m.to.includes(address.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpWithAttachments>>;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpWithAttachments();
  app = await startApp({ smtpUrl: smtp.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

const credits = (page: Page) => page.getByTestId('nav-credits').locator('.badge').innerText();

/** Picks a row of the invoice form's searchable selects by typing part of its text. */
async function pick(page: Page, inputId: string, text: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

describe('the income invoice journey', () => {
  it('issues, edits, stamps, delivers, shares and cancels an invoice through the screens', async () => {
    // A new user whose enterprise has its seals, tax data, serie and tax groups.
    const setup = await setUpFacturacion(app, smtp, { name: 'Marcela Ibarra' });
    const page = await newPage(browser, app.url);
    await signInPage(page, setup.session);

    // A client and a product, through their screens.
    const clientRfc = randomRfc('moral');
    await page.goto('/clientes/nuevo');
    await page.getByLabel('Nombre o razón social').fill('DISTRIBUIDORA PENINSULAR');
    await page.getByLabel('RFC').fill(clientRfc);
    await page.getByText('RFC disponible').waitFor();
    await page.getByLabel('Régimen fiscal').selectOption('601');
    await page.getByLabel('Uso del CFDI').selectOption('G03');
    await page.getByLabel('Código postal').fill('64000');
    await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('Nuevo León');
    await page.getByLabel('Correo electrónico (opcional)').fill('compras@peninsular.mx');
    await page.getByRole('button', { name: 'Guardar cliente' }).click();
    await page.waitForURL((url) => url.pathname === '/clientes');
    await page.getByRole('cell', { name: clientRfc }).waitFor();

    await page.goto('/productos-servicios/nuevo');
    await page.getByLabel('Descripción').fill('Laptop de 14 pulgadas');
    await page.getByText('Descripción disponible').waitFor();
    await page.getByLabel('Precio unitario').fill('12500');
    await page.getByLabel('Grupo de impuestos').selectOption({ label: 'IVA 16%' });
    await page.getByLabel('Clave de producto o servicio').fill('computadora portatil');
    await page.getByRole('option', { name: /43211503/ }).click();
    await page.getByLabel('Clave de unidad').fill('pieza');
    await page.getByRole('option', { name: /^H87/ }).click();
    await page.getByRole('button', { name: 'Guardar producto o servicio' }).click();
    await page.waitForURL((url) => url.pathname === '/productos-servicios');

    // The invoice, saved as a pre-invoice: 2 × $12,500.00 + IVA 16 % = $29,000.00.
    await page.goto('/facturacion/facturas');
    await page
      .getByTestId('list-welcome')
      .getByRole('link', { name: 'Crear mi primera factura' })
      .click();
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await pick(page, 'factura-cliente', 'PENINSULAR');
    await page.getByTestId('cliente-datos').getByText(clientRfc).waitFor();
    await page.getByLabel('Forma de pago').selectOption('03');
    await pick(page, 'partida-0-producto', 'Laptop');
    await expect.poll(() => page.locator('#partida-0-precio').inputValue()).toBe('12500.00');
    await page.locator('#partida-0-cantidad').fill('2');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 29,000.00');
    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.waitForURL(/\/facturacion\/facturas\/editar\/\d+$/);
    await page.getByText('La pre factura fue guardada.').waitFor();

    // Edited: 3 laptops, $43,500.00.
    await expect.poll(() => page.locator('#partida-0-cantidad').inputValue()).toBe('2');
    await page.locator('#partida-0-cantidad').fill('3');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 43,500.00');
    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.getByText('La pre factura fue guardada.').waitFor();

    // The list shows it as a pre-invoice; its detail stamps it and a credit is spent.
    await page.goto('/facturacion/facturas');
    const row = page.getByTestId('factura-row').filter({ hasText: 'DISTRIBUIDORA PENINSULAR' });
    expect(await row.getByTestId('factura-status').innerText()).toBe('Pre Factura');
    expect(await row.locator('td').nth(4).innerText()).toBe('$ 43,500.00');
    await row.getByRole('button', { name: /Acciones/ }).click();
    await page.getByRole('link', { name: 'Ver detalle' }).click();
    await page.getByRole('heading', { name: /Pre factura/ }).waitFor();
    await expect.poll(() => credits(page)).toBe('10');
    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    const uuid = await page.getByTestId('detalle-uuid').innerText();
    expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    await expect.poll(() => credits(page)).toBe('9');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Factura F-1');
    expect(await page.getByTestId('detalle-total').innerText()).toBe('$ 43,500.00');
    await screenshot(page, 'journey-factura-timbrada');

    // PDF and XML, with their names; the XML is the invoice shown.
    const [xmlFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect(xmlFile.suggestedFilename()).toBe(`${setup.rfc}_F-1_${uuid}.xml`);
    const xml = await readFile(await xmlFile.path(), 'utf8');
    expect(xml).toContain(`UUID="${uuid}"`);
    expect(xml).toMatch(/<cfdi:Comprobante[^>]*\sTotal="43500.00"/);
    expect(xml).toContain(`Rfc="${clientRfc}"`);
    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdfFile.suggestedFilename()).toBe(`${setup.rfc}_F-1_${uuid}.pdf`);
    expect((await readFile(await pdfFile.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // By e-mail to two addresses, with both files attached; the client's address is offered first.
    await expect
      .poll(() => page.getByLabel('Correos electrónicos').inputValue())
      .toBe('compras@peninsular.mx');
    await page
      .getByLabel('Correos electrónicos')
      .fill('compras@peninsular.mx, conta@peninsular.mx');
    await page.getByRole('button', { name: 'Enviar factura' }).click();
    await page
      .getByTestId('email-sent-information')
      .getByText('compras@peninsular.mx, conta@peninsular.mx')
      .waitFor();
    const mail = await smtp.takeMail('conta@peninsular.mx');
    expect(mail.to).toEqual(['compras@peninsular.mx', 'conta@peninsular.mx']);
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual([
      `${setup.rfc}_F-1_${uuid}.pdf`,
      `${setup.rfc}_F-1_${uuid}.xml`,
    ]);
    const xmlAttachment = mail.attachments.find((a) => a.filename.endsWith('.xml'));
    expect(xmlAttachment?.content.toString('utf8')).toBe(xml);

    // Shared by link, opened logged out.
    await page.getByRole('button', { name: 'Crear enlace' }).click();
    const link = await page.getByLabel('Enlace para compartir').inputValue();
    const visitor = await newPage(browser, app.url);
    await visitor.goto(link);
    await visitor.getByText(uuid).first().waitFor();
    expect(await visitor.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await screenshot(visitor, 'journey-factura-compartida');
    await visitor.close();

    // Cancelled: the SAT status is shown, and the list files it under Canceladas.
    await page.getByRole('button', { name: 'Cancelar factura' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo de cancelación').selectOption('03');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByRole('button', { name: 'Sí, cancelar factura' }).click();
    await expect.poll(() => page.getByTestId('detalle-status').innerText()).toBe('Cancelada');
    expect(await page.getByTestId('estatus-cancelacion').innerText()).toBe(
      'Cancelado sin aceptación',
    );
    await screenshot(page, 'journey-factura-cancelada');
    await page.goto('/facturacion/facturas?status=cancelled');
    const cancelled = page.getByTestId('factura-row');
    await expect.poll(() => cancelled.count()).toBe(1);
    expect(await cancelled.first().getByTestId('factura-status').innerText()).toBe('Cancelada');
    await page.close();
  });
});
