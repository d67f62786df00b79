import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaGlobalResponse } from '@repo/contracts/facturas-globales';
import type { SerieResponse } from '@repo/contracts/series';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 24: a cancelled month's global invoice is issued again from the screens, as the cancel
// dialog promises; its date reads like every other date; the spending history names it.
const journey = useJourney();
let setup: FacturacionSetup;
let cancelada: FacturaGlobalResponse;
const PAC = { timeout: 20_000 };

/** The month before today's in Tiempo del Centro (CP 42501): the global a shop issues now. */
function mesAnterior(): { month: number; year: number } {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
    .format(new Date())
    .split('-')
    .map(Number);
  return m === 1 ? { month: 12, year: y! - 1 } : { month: m! - 1, year: y! };
}
const { month, year } = mesAnterior();

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Elena Ríos' });
  const [serie] = await setup.api.get<SerieResponse[]>(
    `series/${setup.enterpriseId}/facturas-globales`,
  );
  // A month stamped, then cancelled (motivo 02) through the API.
  cancelada = await setup.api.send<FacturaGlobalResponse>(
    'POST',
    'facturacion/V40/facturas-globales',
    {
      formaPago: '01',
      month,
      year,
      serie: { id: serie!.id },
      partidas: [
        { folioVenta: 'TK-1', grupoImpuestosId: setup.rubros.iva16.id, subtotal: '100.00' },
        { folioVenta: 'TK-2', grupoImpuestosId: setup.rubros.iva16.id, subtotal: '250.00' },
      ],
    },
  );
  await setup.api.send('POST', `facturacion/V40/facturas-globales/${cancelada.id}/cancelar`, {
    motivo: '02',
  });
});

describe('a cancelled global invoice', () => {
  it('is issued again from its detail, and the history names both "Factura global"', async () => {
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas-globales?year=${year}`);
    const fila = page.getByTestId(`global-mes-${month}`);
    await fila.getByText('Cancelada').waitFor();
    await fila.getByRole('link', { name: 'Emitir otra' }).waitFor();
    await screenshot(page, 'reemision-lista-cancelada');
    await fila.getByRole('link', { name: 'Ver detalle' }).click();
    await page.waitForURL(`**/facturacion/facturas-globales/detalle/${cancelada.id}`);
    // The date as every date of the product: day/month/year and time, not ISO.
    expect(await page.getByTestId('global-fecha').innerText()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    await screenshot(page, 'reemision-detalle-cancelada');
    await page.getByRole('link', { name: 'Emitir otra factura global' }).click();
    await page.waitForURL(`**/facturacion/facturas-globales/nuevo/${month}/${year}`);

    if ((await page.getByLabel('Folio de venta 1').count()) === 0)
      await page.getByRole('button', { name: 'Agregar venta' }).click();
    await page.getByLabel('Folio de venta 1').fill('TK-1');
    await page.getByLabel('Grupo de impuestos 1').selectOption({ label: 'IVA 16%' });
    await page.getByLabel('Subtotal 1').fill('300');
    await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 348.00');
    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.waitForURL(/\/facturacion\/facturas-globales\/detalle\/\d+$/, PAC);
    expect(page.url()).not.toContain(`/detalle/${cancelada.id}`);
    await page.getByTestId('global-status').getByText('Timbrada').waitFor();
    await screenshot(page, 'reemision-timbrada');

    // The month is stamped again: the cancelled one no longer offers another.
    await page.goto(`/facturacion/facturas-globales?year=${year}`);
    await fila.getByText('Timbrada').waitFor();
    expect(await fila.innerText()).toContain('(1 cancelada)');
    await page.goto(`/facturacion/facturas-globales/detalle/${cancelada.id}`);
    await page.getByTestId('global-status').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Emitir otra factura global' }).count()).toBe(0);

    // Both stamps in the spending history, as global invoices, filtered as such.
    await page.goto('/historial-de-gastos-de-creditos');
    const filas = page.getByTestId('credit-spendings').locator('tbody tr');
    await expect.poll(() => filas.count()).toBe(2);
    for (const texto of await filas.allInnerTexts()) expect(texto).toMatch(/Factura global\s+G-/);
    await page.getByLabel('Tipo de comprobante').selectOption({ label: 'Factura de ingreso' });
    await page.getByText('No hay movimientos de créditos con estos filtros.').waitFor();
    await page.getByLabel('Tipo de comprobante').selectOption({ label: 'Factura global' });
    await expect.poll(() => filas.count()).toBe(2);
    await screenshot(page, 'reemision-historial');
    await page.context().close();
  }, 120_000);

  it('on a phone: the detail, the date and the history fit the screen', async () => {
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas-globales/detalle/${cancelada.id}`);
    await page.getByTestId('global-fecha').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'reemision-detalle-telefono');
    await page.goto('/historial-de-gastos-de-creditos');
    const lista = page.getByTestId('credit-spendings-phone');
    await expect.poll(() => lista.locator('li').count()).toBe(2);
    expect(await lista.innerText()).toContain('Factura global');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'reemision-historial-telefono');
    await page.context().close();
  });
});
