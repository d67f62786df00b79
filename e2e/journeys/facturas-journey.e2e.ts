import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInPage } from '../fixtures/accounts.ts';
import { guardarPreFactura, newPage, pick, screenshot } from '../fixtures/browser.ts';
import { randomRfc, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

const credits = (page: Page) => page.getByTestId('nav-credits').locator('.badge').innerText();

describe('the income invoice journey', () => {
  it('issues, edits, stamps, delivers, shares and cancels an invoice through the screens', async () => {
    // A new user whose enterprise has its seals, tax data, serie and tax groups.
    const setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Marcela Ibarra' });
    const page = await newPage(journey.browser, journey.app.url);
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

    // Edited: 3 laptops, $43,500.00, once the saved pre-invoice's own form has replaced the new one.
    await page.getByRole('heading', { name: 'Editar pre factura' }).waitFor();
    await expect.poll(() => page.locator('#partida-0-cantidad').inputValue()).toBe('2');
    await page.locator('#partida-0-cantidad').fill('3');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 43,500.00');
    await guardarPreFactura(page);

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
    const mail = await journey.smtp.takeMail('conta@peninsular.mx', 10_000);
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
    const visitor = await newPage(journey.browser, journey.app.url);
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
