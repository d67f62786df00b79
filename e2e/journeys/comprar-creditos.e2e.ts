import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import {
  PHONE,
  SCREENSHOT_DIR,
  horizontalOverflow,
  newPage,
  screenshot,
  storedSession,
} from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const journey = useJourney();
let setup: FacturacionSetup;
const CODE = 'E2E-REGALO20';

const draft = () => facturaDraft(setup);

const credits = (page: Page) => page.getByTestId('nav-credits').locator('.badge').innerText();

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rodrigo Salas' });
  // The operator creates a promotional code with the documented command (PGlite admits one
  // process: the app stops meanwhile).
  await journey.app.stop();
  await promisify(execFile)(
    'npx',
    [
      'tsx',
      'apps/api/scripts/admin.ts',
      'codigo-crear',
      '--codigo',
      CODE,
      '--creditos',
      '20',
      '--por',
      'e2e',
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: journey.app.dataDir, LOG_LEVEL: 'silent' } },
  );
  await journey.app.restart();
}, 180_000);

describe('buying credits', () => {
  it('spends the welcome credits, is offered the purchase, pays with a code and the sandbox card form, and stamps again', async () => {
    // The ten welcome credits, spent.
    for (let i = 0; i < 10; i++) {
      await setup.api.send<TimbrarFacturaResponse>(
        'POST',
        'facturacion/V40/facturas-ingreso',
        draft(),
      );
    }
    const pre = await setup.api.send<FacturaDetail>(
      'POST',
      'facturacion/V40/pre-facturas-ingreso',
      draft(),
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);

    // Inicio offers the purchase; stamping with no credits leads to it too.
    await page.goto('/');
    await expect.poll(() => credits(page), { timeout: 15_000 }).toBe('0');
    await page.getByRole('link', { name: 'Comprar créditos' }).last().waitFor();
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    // The confirmation says there are none and offers the purchase before any stamp is tried.
    await page.getByRole('button', { name: 'Timbrar' }).click();
    const dialogo = page.getByRole('dialog');
    const sinCreditos = dialogo.getByTestId('timbrar-sin-creditos');
    await sinCreditos.getByText('No tiene créditos para timbrar.').waitFor();
    expect(await dialogo.getByText(/tiene 0/).count()).toBe(0);
    expect(await dialogo.getByRole('button', { name: 'Timbrar', exact: true }).isDisabled()).toBe(
      true,
    );
    await screenshot(page, 'creditos-sin-creditos');
    // The purchase opens in another tab: the document being stamped stays where it is.
    const comprar = sinCreditos.getByRole('link', { name: 'Comprar créditos' });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), comprar.click()]);
    await tab.waitForURL((u) => u.pathname === '/comprar-creditos');
    await tab.close();
    await dialogo.getByRole('button', { name: 'Regresar' }).click();
    await page.goto('/comprar-creditos');

    // Step 1: the plan.
    await expect
      .poll(() => page.getByTestId('wizard-step').innerText())
      .toBe('Paso 1 de 3: Elija su paquete');
    await screenshot(page, 'creditos-paso-1');
    await page.getByRole('button', { name: 'Elegir Paquete 100', exact: true }).click();

    // Step 2: an unknown code is refused in Spanish, the operator's code adds 20 credits.
    await expect
      .poll(() => page.getByTestId('wizard-step').innerText())
      .toBe('Paso 2 de 3: Código promocional');
    await page.getByLabel('¿Tiene un código promocional? (opcional)').fill('NO-EXISTE');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByTestId('promo-error').getByText('El código promocional no existe.').waitFor();
    await page.getByLabel('¿Tiene un código promocional? (opcional)').fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page
      .getByTestId('promo-applied')
      .getByText(/\+20 créditos de regalo/)
      .waitFor();
    expect(await page.getByTestId('summary-credits').innerText()).toBe('130');
    expect(await page.getByTestId('summary-price').innerText()).toBe('$ 349.00');
    await screenshot(page, 'creditos-paso-2');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    // Step 3: the provider's card form. A declined card, then a card that asks for 3-D Secure.
    const form = page.frameLocator('iframe[data-sandbox-checkout]');
    await form.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
    await form.getByLabel('Vencimiento (MM/AA)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Pagar $ 349.00 MXN' }).click();
    await form.getByRole('alert').getByText('Tarjeta rechazada').waitFor();
    await page.getByText('El pago no se realizó: Tarjeta rechazada').waitFor();
    expect(await credits(page)).toBe('0');
    await screenshot(page, 'creditos-tarjeta-rechazada');
    await form.getByLabel('Número de tarjeta').fill('4000 0025 0000 3155');
    await form.getByRole('button', { name: 'Pagar $ 349.00 MXN' }).click();
    await form.getByText('Verificación 3-D Secure', { exact: true }).waitFor();
    await screenshot(page, 'creditos-3ds');
    await form.getByRole('button', { name: 'Autorizar pago' }).click();

    // The check-out waits for the gateway's webhook, then shows the credits; the header follows.
    await page.waitForURL((u) => u.pathname === '/comprar-creditos/check-out');
    await page.getByTestId('checkout-done').waitFor();
    expect(await page.getByTestId('credits-received').innerText()).toBe('130');
    await expect.poll(() => credits(page), { timeout: 15_000 }).toBe('130');
    expect((await storedSession(page)).preOrderPaymentGatewayId).toBeNull();
    await screenshot(page, 'creditos-check-out');

    // Stamping works again and spends one.
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await page.getByRole('button', { name: 'Timbrar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar' }).click();
    await expect.poll(() => credits(page), { timeout: 30_000 }).toBe('129');

    // The purchase and the welcome credits, and the purchase's detail.
    await page.goto('/mis-compras-de-creditos');
    const rows = page.getByTestId('credit-payments').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/Paquete 100\s+130\s+\$ 349\.00\s+Pagado/);
    expect(await rows.nth(1).innerText()).toMatch(
      /Créditos de bienvenida\s+10\s+\$ 0\.00\s+Gratis/,
    );
    await screenshot(page, 'creditos-mis-compras');
    await rows.nth(0).getByRole('link', { name: 'Ver detalle' }).click();
    await page
      .getByTestId('payment-method')
      .getByText('Tarjeta de crédito Visa •••• 3155')
      .waitFor();
    expect(await page.getByTestId('gateway-order-id').innerText()).toMatch(/^pi_sbx_/);
    expect(await page.getByTestId('payment-price').innerText()).toContain('$ 349.00');
    await screenshot(page, 'creditos-detalle');

    // Invoicing the purchase: the platform's CFDI to the buyer's tax data, PDF and XML by e-mail.
    await page.getByRole('button', { name: 'Facturar esta compra' }).click();
    await page.getByTestId('purchase-invoice').waitFor({ timeout: 60_000 });
    await page.getByTestId('payment-status').getByText('Facturado').waitFor();
    const mail = await journey.smtp.takeMail(setup.account.email);
    const xml = mail.attachments.find((a) => a.contentType === 'application/xml');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(xml?.content.toString()).toContain(`Rfc="${setup.rfc}"`);
    expect(xml?.content.toString()).toContain('FormaPago="04"');
    expect(xml?.content.toString()).toContain('Total="349.00"');
    await writeFile(join(SCREENSHOT_DIR, 'creditos-factura-compra.pdf'), pdf!.content);
    await screenshot(page, 'creditos-detalle-facturado');
    await page.goto('/mis-compras-de-creditos');
    await expect.poll(() => rows.nth(0).innerText(), { timeout: 15_000 }).toMatch(/Facturado/);

    // Every spend with its document and the balance after it.
    await page.goto('/historial-de-gastos-de-creditos');
    const spends = page.getByTestId('credit-spendings').locator('tbody tr');
    await expect.poll(() => spends.count(), { timeout: 15_000 }).toBe(11);
    const last = await spends.nth(0).innerText();
    expect(last).toMatch(/Gasto\s+Factura de ingreso\s+F-11\s+[0-9A-F-]{36}\s+-1\s+129/);
    expect(await spends.nth(10).innerText()).toMatch(/F-1\s+[0-9A-F-]{36}\s+-1\s+9$/);
    await page.getByLabel('Movimiento').selectOption('refund');
    await page.getByText('No hay movimientos de créditos con estos filtros.').waitFor();
    await page.getByLabel('Movimiento').selectOption('');
    await spends.nth(0).getByRole('link', { name: 'F-11' }).click();
    await page.waitForURL(/\/facturacion\/facturas\/detalle\/\d+$/);
    await page.getByText('F-11').first().waitFor();
    await page.goto('/historial-de-gastos-de-creditos');
    await expect.poll(() => spends.count(), { timeout: 15_000 }).toBe(11);
    await screenshot(page, 'creditos-historial');

    // The same screens on a phone.
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    for (const [path, name] of [
      ['/comprar-creditos', 'creditos-paso-1-telefono'],
      ['/mis-compras-de-creditos', 'creditos-mis-compras-telefono'],
      ['/historial-de-gastos-de-creditos', 'creditos-historial-telefono'],
    ] as const) {
      await phone.goto(path);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.waitForLoadState('networkidle');
      await screenshot(phone, name);
      expect(await horizontalOverflow(phone), name).toBe(0);
    }
  });
});
