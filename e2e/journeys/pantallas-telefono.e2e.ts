import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// On a 390-px phone every screen fits its width: nothing renders wider than the screen, so nothing
// needs a sideways scroll of the whole page (a wide table scrolls inside its own box).
const journey = useJourney();
let setup: FacturacionSetup;
let factura: FacturaDetail;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Paola Núñez' });
  ({ factura } = await setup.api.send<TimbrarFacturaResponse>(
    'POST',
    'facturacion/V40/facturas-ingreso',
    {
      client_id: setup.client.id,
      serie_id: setup.serie.id,
      forma_pago: '99',
      metodo_pago: 'PPD',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: setup.product.id,
          cantidad: '3',
          precio_unitario: '1500.00',
          impuestos_trasladados: setup.rubros.iva16.impuestos_trasladados
            .filter((t) => t.selected)
            .map((t) => t.id),
        },
      ],
    },
  ));
});

const SCREENS: [string, () => string][] = [
  ['inicio', () => '/'],
  ['facturas', () => '/facturacion/facturas'],
  ['factura-nueva', () => '/facturacion/facturas/nuevo'],
  ['factura-detalle', () => `/facturacion/facturas/detalle/${String(factura.id)}`],
  ['pagos-pendientes', () => '/facturacion/pagos-pendientes'],
  ['clientes', () => '/clientes'],
  ['cliente-nuevo', () => '/clientes/nuevo'],
  ['productos', () => '/productos-servicios'],
  ['producto-nuevo', () => '/productos-servicios/nuevo'],
  ['configuraciones', () => '/configuraciones'],
  ['series', () => '/configuraciones/series-folios'],
  ['sellos', () => '/configuraciones/sellos-certificados-digitales'],
  ['datos-fiscales', () => '/configuraciones/mis-datos-fiscales'],
  ['grupos-impuestos', () => '/configuraciones/grupos-de-impuestos'],
  ['centro-de-ayuda', () => '/centro-de-ayuda'],
];

describe('every screen fits a 390-px phone', () => {
  it.each(SCREENS)('%s', async (name, path) => {
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(page, setup.session);
    await page.goto(path());
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The pending PPD invoices are cards on a phone, not a table wider than the screen.
    if (name === 'pagos-pendientes')
      await page.getByTestId(`pendiente-card-${String(factura.id)}`).waitFor();
    await screenshot(page, `telefono-${name}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.context().close();
  });
});
