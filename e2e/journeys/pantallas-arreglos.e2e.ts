import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDraftRequestInput } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// What a user tripped over on the edit screens and downloads (issue 15, "Broken").
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Lucía Herrera' });
  // A pre-invoice uses the fixture's client and product, so neither can be deleted.
  const draft: FacturaDraftRequestInput = facturaDraft(setup);
  await setup.api.send('POST', 'facturacion/V40/pre-facturas-ingreso', draft);
});

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(journey.browser, journey.app.url, viewport);
  await signInPage(page, setup.session);
  return page;
}

/** The text the select shows: its selected option's label. */
const shown = (select: Locator) =>
  select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    return s.options[s.selectedIndex]?.text ?? '';
  });

describe.each([
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const)('Broken screens, %s', (name, viewport) => {
  it('the client edit screen shows its saved selects; deleting it in use says why', async () => {
    const page = await signedIn(viewport);
    await page.goto(`/clientes/editar/${setup.client.id}`);
    const regimen = page.getByLabel('Régimen fiscal');
    await expect.poll(() => shown(regimen)).toMatch(/^612 - /);
    await expect.poll(() => shown(page.getByLabel('Uso del CFDI'))).toMatch(/^G03 - /);
    await expect.poll(() => shown(page.getByLabel('Método de pago (opcional)'))).toMatch(/^PUE - /);
    await expect.poll(() => shown(page.getByLabel('Forma de pago (opcional)'))).toMatch(/^03 - /);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `arreglos-cliente-editar-${name}`);

    await page.getByRole('button', { name: 'Eliminar cliente' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page
      .getByText('No se puede eliminar el cliente porque tiene facturas o pre-facturas.')
      .waitFor();
    await screenshot(page, `arreglos-cliente-en-uso-${name}`);
    // Nothing was deleted: the client is still there.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.goto('/clientes');
    await page.getByRole('link', { name: setup.client.name_razon_social }).first().waitFor();
    await page.context().close();
  });

  it('the product edit screen shows its tax group; deleting it in use says why', async () => {
    const page = await signedIn(viewport);
    await page.goto(`/productos-servicios/editar/${setup.product.id}`);
    await expect.poll(() => shown(page.getByLabel('Grupo de impuestos'))).toBe('IVA 16%');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `arreglos-producto-editar-${name}`);
    await page.getByRole('button', { name: /^Eliminar/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page
      .getByText('No se puede eliminar el producto o servicio porque está en facturas')
      .waitFor();
    await page.context().close();
  });

  it('a download answered 401 ends the session and opens the login', async () => {
    const page = await signedIn(viewport);
    await page.goto('/clientes');
    await page.getByRole('link', { name: setup.client.name_razon_social }).first().waitFor();
    // The token dies between the list and the click (revoked elsewhere, expired on the server).
    await page.route('**/api/clients/export', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, dataError: 'Token no válido' }),
      }),
    );
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.waitForURL('**/login**');
    await page.getByText('Inicie sesión nuevamente, por favor.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await screenshot(page, `arreglos-descarga-401-${name}`);
    await page.context().close();
  });
});
