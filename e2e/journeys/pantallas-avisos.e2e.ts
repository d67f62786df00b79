import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, facturaDraft, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 24: what a new account sees on Inicio, a document that does not exist, and toasts that
// never cover the button a user is about to press on a phone.
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Sofía Lara' });
});

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(journey.browser, journey.app.url, viewport);
  await signInPage(page, setup.session);
  return page;
}

/** Whether two boxes on screen overlap. */
async function seTapan(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.y < y.y + y.height && y.y < x.y + x.height && x.x < y.x + y.width && y.x < x.x + x.width;
}

/** The button is what a tap on its centre reaches (nothing drawn over it). */
function alAlcance(button: Locator): Promise<boolean> {
  return button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

describe.each([
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const)('Avisos, %s', (name, viewport) => {
  it('Inicio of an account with nothing invoiced says so instead of a $0 chart', async () => {
    const page = await signedIn(viewport);
    await page.goto('/');
    const vacia = page.getByTestId('grafica-vacia');
    await vacia.getByText('Aún no ha facturado en los últimos doce meses.').waitFor();
    expect(await page.getByTestId('grafica-meses').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `avisos-inicio-vacio-${name}`);
    await page.context().close();
  });

  it('an invoice or a global that does not exist says so, with the way back to its list', async () => {
    const page = await signedIn(viewport);
    for (const [path, mensaje, volver, lista] of [
      [
        '/facturacion/facturas/editar/987654',
        'La factura no existe o no es de su empresa.',
        'Ir a mis facturas',
        '/facturacion/facturas',
      ],
      [
        '/facturacion/facturas/clonar/abc',
        'La factura no existe o no es de su empresa.',
        'Ir a mis facturas',
        '/facturacion/facturas',
      ],
      [
        '/facturacion/facturas-globales/editar/987654',
        'La factura global no existe o no es de su empresa.',
        'Ir a facturas globales',
        '/facturacion/facturas-globales',
      ],
      [
        '/facturacion/facturas-globales/detalle/abc',
        'La factura global no existe o no es de su empresa.',
        'Ir a facturas globales',
        '/facturacion/facturas-globales',
      ],
    ] as const) {
      await page.goto(path);
      const aviso = page.getByTestId('no-existe');
      await aviso.getByText(mensaje).waitFor();
      expect(await page.getByText(/Recargue la página/).count()).toBe(0);
      if (path.endsWith('987654')) await screenshot(page, `avisos-no-existe-${name}`);
      await aviso.getByRole('link', { name: volver }).click();
      await page.waitForURL((u) => u.pathname === lista);
    }
    await page.context().close();
  });
});

describe('toasts on a 390-px phone', () => {
  it("never cover the detail's Timbrar button nor the form's", async () => {
    const pre = await setup.api.send<FacturaDetail>(
      'POST',
      'facturacion/V40/pre-facturas-ingreso',
      facturaDraft(setup),
    );
    const page = await signedIn(PHONE);
    // Any error toast while the detail shows (here the credits call fails, as a server may).
    await page.route('**/api/users/get-total-remaining-credits', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          showErrorToClient: true,
          dataError: 'No fue posible consultar sus créditos. Inténtelo de nuevo en unos minutos.',
        }),
      }),
    );
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'No fue posible consultar sus créditos' });
    await toast.waitFor();
    const timbrar = page.locator('main').getByRole('button', { name: 'Timbrar', exact: true });
    await timbrar.waitFor();
    expect(await seTapan(toast, timbrar)).toBe(false);
    // Scrolled while the toast shows, the button at the top of the screen: still not covered.
    await timbrar.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 24),
    );
    expect(await seTapan(toast, timbrar)).toBe(false);
    expect(await alAlcance(timbrar)).toBe(true);
    await screenshot(page, 'avisos-toast-detalle-telefono');
    await page.unroute('**/api/users/get-total-remaining-credits');

    // The form: its buttons are at the end of the page; a toast appears while they show.
    await page.goto('/facturacion/facturas/nuevo');
    const boton = page.locator('main').getByRole('button', { name: 'Timbrar', exact: true });
    await boton.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await boton.click();
    const aviso = page.getByRole('alert').filter({ hasText: 'Revise los datos marcados' });
    await aviso.waitFor();
    await expect.poll(() => seTapan(aviso, boton)).toBe(false);
    expect(await alAlcance(boton)).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'avisos-toast-formulario-telefono');
    await page.context().close();
  });
});

describe('stamping with no credits left, on a 390-px phone', () => {
  it('the confirmation says there are none and offers the purchase before any stamp', async () => {
    const cuenta = await setUpFacturacion(journey.app, journey.smtp, { name: 'Irene Paz' });
    for (let i = 0; i < 10; i++)
      await cuenta.api.send('POST', 'facturacion/V40/facturas-ingreso', facturaDraft(cuenta));
    const pre = await cuenta.api.send<FacturaDetail>(
      'POST',
      'facturacion/V40/pre-facturas-ingreso',
      facturaDraft(cuenta),
    );
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(page, cuenta.session);
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await page.locator('main').getByRole('button', { name: 'Timbrar', exact: true }).click();
    const dialogo = page.getByRole('dialog', { name: 'Timbrar factura' });
    await dialogo.getByText('No tiene créditos para timbrar.').waitFor();
    expect(await dialogo.getByText(/tiene 0 y le quedarán/).count()).toBe(0);
    expect(await dialogo.getByRole('button', { name: 'Timbrar', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await dialogo.getByRole('link', { name: 'Comprar créditos' }).getAttribute('href')).toBe(
      '/comprar-creditos',
    );
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'avisos-sin-creditos-telefono');
    await page.context().close();
  }, 120_000);
});
