import { describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot, pick } from '../fixtures/browser.ts';
import { randomRfc, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

describe('new client and new product from the invoice form', () => {
  it('registers both in dialogs, selects them in the invoice and keeps what was captured', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, { name: 'Elena Garza' });
    const rfc = randomRfc('moral');
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, s.session);
    await page.goto('/facturacion/facturas/nuevo');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();

    // Some of the invoice first: a line with the existing product, quantity 3, and a second line.
    await pick(page, 'partida-0-producto', 'Consultoría');
    await page.locator('#partida-0-cantidad').fill('3');
    await page.getByRole('button', { name: '+ Agregar concepto' }).click();

    // Nuevo cliente: a dialog with the client form; Cancelar leaves the invoice as it was.
    await page.getByRole('button', { name: '+ Nuevo cliente' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo cliente' }).waitFor();
    await dialog.getByLabel('Nombre o razón social').fill('Se cancela');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('#partida-0-cantidad').inputValue()).toBe('3');

    await page.getByRole('button', { name: '+ Nuevo cliente' }).click();
    await dialog.getByLabel('Nombre o razón social').fill('Ferretería del Golfo');
    await dialog.getByLabel('RFC').fill(rfc);
    await dialog.getByLabel('Régimen fiscal').selectOption('601');
    await dialog.getByLabel('Uso del CFDI').selectOption('G01');
    await dialog.getByLabel('Método de pago (opcional)').selectOption('PUE');
    await dialog.getByLabel('Forma de pago (opcional)').selectOption('03');
    await dialog.getByLabel('Código postal').fill('64000');
    await expect
      .poll(() => dialog.getByLabel('Estado').inputValue(), { timeout: 15_000 })
      .toBe('Nuevo León');
    await screenshot(page, 'factura-nuevo-cliente-dialogo');
    await dialog.getByRole('button', { name: 'Guardar cliente' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The new client is the invoice's, with its uso CFDI and forma de pago.
    await page.getByTestId('cliente-datos').getByText(rfc).waitFor();
    await expect.poll(() => page.locator('#factura-uso-cfdi').inputValue()).toBe('G01');
    await expect.poll(() => page.locator('#factura-forma-pago').inputValue()).toBe('03');
    expect(await page.locator('#partida-0-cantidad').inputValue()).toBe('3');

    // Nuevo producto o servicio in the second line.
    await page.getByRole('button', { name: '+ Nuevo producto o servicio' }).nth(1).click();
    await dialog.getByRole('heading', { name: 'Nuevo producto o servicio' }).waitFor();
    await dialog.getByLabel('Descripción').fill('Tornillo hexagonal de acero');
    await dialog.getByText('Descripción disponible').waitFor();
    await dialog.getByLabel('Precio unitario').fill('12.5');
    await dialog.getByLabel('Grupo de impuestos').selectOption({ label: 'IVA 16%' });
    await dialog.getByLabel('Clave de producto o servicio').fill('31161500');
    await page.getByRole('option', { name: /31161500/ }).click();
    await dialog.getByLabel('Clave de unidad').fill('pieza');
    await page.getByRole('option', { name: /^H87/ }).click();
    await screenshot(page, 'factura-nuevo-producto-dialogo');
    await dialog.getByRole('button', { name: 'Guardar producto o servicio' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The line takes the product: its price and tax group; the first line is untouched.
    await expect.poll(() => page.locator('#partida-1-precio').inputValue()).toBe('12.50');
    expect(await page.locator('#partida-1-producto').inputValue()).toBe(
      'Tornillo hexagonal de acero',
    );
    await page.locator('#partida-1-cantidad').fill('100');
    // 3 × 1,500.00 + 100 × 12.50 = 5,750.00; IVA 920.00.
    await expect.poll(() => page.getByTestId('total-subtotal').textContent()).toBe('$ 5,750.00');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 6,670.00');
    await screenshot(page, 'factura-alta-rapida-lista');

    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.waitForURL(/\/facturacion\/facturas\/editar\/\d+$/);
    const id = Number(/editar\/(\d+)$/.exec(page.url())?.[1]);
    const saved = await s.api.get<FacturaDetail>(`facturacion/V40/facturas-ingreso/${id}`);
    expect(saved.total).toBe('6670.00');
    const clients = await s.api.get<{ data: { id: number; rfc: string }[] }>('clients?page=1');
    const nuevo = clients.data.find((c) => c.rfc === rfc);
    expect(saved.draft?.client_id).toBe(nuevo?.id);
    const products = await s.api.get<{ data: { id: number; description: string }[] }>(
      'products-services?page=1',
    );
    const tornillo = products.data.find((p) => p.description === 'Tornillo hexagonal de acero');
    expect(saved.draft?.partidas.map((p) => p.product_service_id)).toEqual([
      s.product.id,
      tornillo?.id,
    ]);

    // On a phone the dialog fills the screen and nothing overflows.
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, s.session);
    await phone.goto('/facturacion/facturas/nuevo');
    await phone.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await phone.getByRole('button', { name: '+ Nuevo producto o servicio' }).click();
    await phone.getByRole('dialog').getByLabel('Descripción').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'factura-nuevo-producto-telefono');
    await phone.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await phone.getByRole('button', { name: '+ Nuevo cliente' }).click();
    await phone.getByRole('dialog').getByLabel('Nombre o razón social').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'factura-nuevo-cliente-telefono');
  });
});
