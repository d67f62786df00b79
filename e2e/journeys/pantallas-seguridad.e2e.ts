import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Safety: a serie's used folios and the serie itself are protected; a share link can be revoked.
const journey = useJourney();
let setup: FacturacionSetup;
let factura: FacturaDetail;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Irene Salas' });
  ({ factura } = await setup.api.send<TimbrarFacturaResponse>(
    'POST',
    'facturacion/V40/facturas-ingreso',
    facturaDraft(setup),
  ));
});

describe.each([
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const)('Safety, %s', (name, viewport) => {
  it('a serie in use keeps its used folios and cannot be deleted', async () => {
    const page = await newPage(journey.browser, journey.app.url, viewport);
    await signInPage(page, setup.session);
    await page.goto('/configuraciones/series-folios');
    const tabla = page.getByTestId('series-facturas-ingreso');
    await tabla.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Siguiente folio').fill('1');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page
      .getByText('El siguiente folio debe ser mayor que 1, el último folio usado de la serie F.')
      .waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `seguridad-serie-folio-${name}`);
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();

    await tabla.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText('No se puede eliminar la serie porque ya tiene facturas').waitFor();
    await screenshot(page, `seguridad-serie-en-uso-${name}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.reload();
    expect(await page.getByTestId('series-facturas-ingreso').innerText()).toContain('F');
    await page.context().close();
  });

  it('a share link is revoked from the detail and then answers a Spanish page', async () => {
    const page = await newPage(journey.browser, journey.app.url, viewport);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas/detalle/${String(factura.id)}`);
    await page.getByRole('button', { name: 'Crear enlace' }).click();
    const url = await page.locator('#share-link-url').inputValue();
    const visitor = await newPage(journey.browser, journey.app.url, viewport);
    await visitor.goto(url);
    await visitor.getByRole('heading', { name: 'Factura F-1' }).waitFor();

    const lista = page.getByTestId('sharing-sent-information');
    await lista.getByRole('button', { name: 'Revocar enlace' }).first().click();
    await page.getByRole('dialog').getByText('¿Desea revocar el enlace').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await lista
      .getByText(/^Revocado el /)
      .first()
      .waitFor();
    await screenshot(page, `seguridad-enlace-revocado-${name}`);

    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Comprobante no disponible' }).waitFor();
    expect(await visitor.locator('main').innerText()).toContain(
      'Quien le compartió este comprobante revocó el enlace.',
    );
    expect(await horizontalOverflow(visitor)).toBe(0);
    await screenshot(visitor, `seguridad-enlace-revocado-visitante-${name}`);
    await visitor.context().close();
    await page.context().close();
  });
});
