import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// A home worth opening: the month against the previous one, twelve months, what is owed, the latest.
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Carmen Ortiz' });
  const draft = (metodo: 'PUE' | 'PPD') => ({
    client_id: setup.client.id,
    serie_id: setup.serie.id,
    forma_pago: metodo === 'PPD' ? '99' : '03',
    metodo_pago: metodo,
    uso_cfdi: 'G03',
    partidas: [
      {
        product_service_id: setup.product.id,
        cantidad: '2',
        precio_unitario: '1500.00',
        impuestos_trasladados: setup.rubros.iva16.impuestos_trasladados
          .filter((t) => t.selected)
          .map((t) => t.id),
      },
    ],
  });
  // 2 × $1,500.00 + IVA 16 % = $3,480.00 each.
  await setup.api.send('POST', 'facturacion/V40/facturas-ingreso', draft('PUE'));
  await setup.api.send('POST', 'facturacion/V40/facturas-ingreso', draft('PPD'));
});

describe.each([
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const)('Inicio, %s', (name, viewport) => {
  it("shows the month's total, the PPD owed, the twelve-month chart, the latest and the actions", async () => {
    const page = await newPage(journey.browser, journey.app.url, viewport);
    await signInPage(page, setup.session);
    await page.goto('/');
    const mes = page.getByTestId('inicio-mes');
    await expect.poll(() => mes.innerText()).toContain('$ 6,960.00');
    expect(await mes.innerText()).toContain('2 facturas');
    expect(await page.getByTestId('inicio-por-cobrar').innerText()).toContain('$ 3,480.00');
    expect(await page.getByTestId('inicio-cancelaciones').innerText()).toContain('0');
    // The chart (its library a lazy chunk) draws twelve bars' worth of axis labels.
    await page.getByTestId('grafica-meses').locator('svg').first().waitFor();
    expect(await page.getByTestId('inicio-recientes').locator('a').count()).toBe(2);
    // Only the actions whose screens exist: Nueva factura today.
    const acciones = page.getByTestId('inicio-acciones');
    await acciones.getByRole('link', { name: 'Nueva factura' }).waitFor();
    // First steps are links to where each is done (the four are done here, so they read as done).
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `inicio-${name}`);
    await acciones.getByRole('link', { name: 'Nueva factura' }).click();
    await page.waitForURL('**/facturacion/facturas/nuevo');
    await page.context().close();
  });
});
