import { beforeAll, describe, expect, it } from 'vitest';
import type { ReciboResponse } from '@repo/contracts/recibos';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 28: a shop's receipts of the month; a customer invoices one on the portal, the other is
// left open, and the month's global invoice takes only the open one with one button.
const journey = useJourney();
let setup: FacturacionSetup;
let facturado: ReciboResponse;
let abierto: ReciboResponse;

function recibo(precio: string) {
  return setup.api.send<ReciboResponse>('POST', `recibos/${setup.enterpriseId}`, {
    forma_pago: '01',
    partidas: [
      {
        product_service_id: setup.product.id,
        cantidad: '2',
        precio_unitario: precio,
        impuestos_trasladados: setup.rubros.iva16.impuestos_trasladados
          .filter((t) => t.selected)
          .map((t) => t.id),
      },
    ],
  });
}

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Café de la Global' });
  facturado = await recibo('85.00');
  abierto = await recibo('42.50');
  const slug = new URL(facturado.url_portal).pathname.split('/').pop()!;
  const res = await fetch(`${journey.app.url}/api/portal/${slug}/facturar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      codigo: facturado.codigo,
      total: facturado.total,
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      codigo_postal: '10740',
      regimen_fiscal: '612',
      uso_cfdi: 'G03',
      email: 'xochilt@cafe-cliente.mx',
    }),
  });
  expect(res.status).toBe(201);
});

describe('the open receipts of the month in its global invoice', () => {
  it("fills the global's sales with the open receipt only, desktop and phone", async () => {
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
      .format(new Date())
      .split('-')
      .map(Number);
    for (const [nombre, viewport] of [
      ['escritorio', DESKTOP],
      ['telefono', PHONE],
    ] as const) {
      const page = await newPage(journey.browser, journey.app.url, viewport);
      await signInPage(page, setup.session);
      await page.goto(`/facturacion/facturas-globales/nuevo/${month}/${year}`);
      await page.getByRole('button', { name: 'Agregar recibos abiertos del periodo' }).click();
      const reporte = page.getByTestId('recibos-report');
      await reporte.getByText('Se agregó 1 recibo abierto del periodo.').waitFor();
      expect(await page.getByLabel('Folio de venta 1').inputValue()).toBe(String(abierto.folio));
      expect(await page.getByLabel('Folio de venta 2').count()).toBe(0);
      // 2 × $42.50 + IVA 16 % = $98.60, the receipt's total
      expect(abierto.total).toBe('98.60');
      await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 98.60');
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `globales-recibos-${nombre}`);
      await page.context().close();
    }
  });
});
