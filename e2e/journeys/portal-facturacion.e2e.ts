import { beforeAll, describe, expect, it } from 'vitest';
import type { ReciboResponse } from '@repo/contracts/recibos';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// A café's point of sale records a sale through the API and prints its code as a QR; the customer
// opens it on a phone, types the total, their fiscal data, and gets their invoice by e-mail.
const journey = useJourney();
let setup: FacturacionSetup;
let recibo: ReciboResponse;
// A stamp goes through the PAC: on a loaded machine it takes a few seconds.
const PAC = { timeout: 20_000 };

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Café del Portal' });
  recibo = await setup.api.send<ReciboResponse>('POST', `recibos/${setup.enterpriseId}`, {
    referencia: 'CAJA1-000451',
    forma_pago: '04',
    partidas: [
      {
        product_service_id: setup.product.id,
        cantidad: '2',
        precio_unitario: '85.00',
        impuestos_trasladados: setup.rubros.iva16.impuestos_trasladados
          .filter((t) => t.selected)
          .map((t) => t.id),
      },
    ],
  });
});

describe('self-invoicing portal', () => {
  it('a customer invoices their ticket from its QR on a phone and receives it by e-mail', async () => {
    // 2 × $85.00 + IVA 16 % = $197.20
    expect(recibo.total).toBe('197.20');
    const url = new URL(recibo.url_portal);
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await page.goto(`${url.pathname}${url.search}`);
    const ticket = page.getByTestId('portal-ticket');
    expect(await ticket.getByLabel('Código de facturación').inputValue()).toBe(recibo.codigo);
    await ticket.getByLabel('Total del ticket').fill('197.00');
    await ticket.getByRole('button', { name: 'Buscar ticket' }).click();
    await expect
      .poll(() => ticket.innerText())
      .toContain('No encontramos un ticket con ese código y ese total');
    await ticket.getByLabel('Total del ticket').fill('$197.20');
    await ticket.getByRole('button', { name: 'Buscar ticket' }).click();
    const resumen = page.getByTestId('portal-resumen');
    await expect.poll(() => resumen.innerText()).toContain('$ 197.20');
    await screenshot(page, 'portal-ticket-telefono');

    const datos = page.getByTestId('portal-datos');
    await datos.getByLabel('RFC').fill('CACX7605101P8');
    await datos.getByLabel('Código postal de su domicilio fiscal').fill('10740');
    await datos.getByLabel('Nombre o razón social').fill('XOCHILT CASAS CHAVEZ');
    await expect
      .poll(() => datos.getByLabel('Régimen fiscal').locator('option').count())
      .toBeGreaterThan(2);
    await datos.getByLabel('Régimen fiscal').selectOption('612');
    await expect
      .poll(() => datos.getByLabel('Uso del CFDI').locator('option').count())
      .toBeGreaterThan(2);
    await datos.getByLabel('Uso del CFDI').selectOption('G03');
    await datos.getByLabel('Correo electrónico').fill('xochilt@cafe-cliente.mx');
    expect(await horizontalOverflow(page)).toBe(0);
    await datos.getByRole('button', { name: 'Facturar' }).click();

    const lista = page.getByTestId('portal-factura');
    await expect.poll(() => lista.innerText(), PAC).toContain('Su factura está lista');
    expect(await lista.innerText()).toContain('$ 197.20');
    expect(await lista.innerText()).toContain('xochilt@cafe-cliente.mx');
    // The sandbox PAC's stamp says on the page that it has no fiscal validity.
    expect((await lista.innerText()).toLowerCase()).toContain('validez fiscal');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'portal-factura-telefono');

    const mail = await journey.smtp.takeMail('xochilt@cafe-cliente.mx', 15_000);
    expect(mail.attachments.map((a) => a.filename).join(' ')).toMatch(/\.pdf.*\.xml|\.xml.*\.pdf/);

    // The enterprise sees the receipt invoiced.
    const despues = await setup.api.get<ReciboResponse>(`recibos/detalle/${recibo.id}`);
    expect(despues.estado).toBe('facturado');
    await lista.getByRole('link', { name: 'Ver y descargar PDF y XML' }).click();
    await page.waitForURL('**/compartir/**');
    await page.context().close();
  });

  it('the enterprise sees its receipts, the invoiced one with its invoice, and the QR of each', async () => {
    for (const [nombre, viewport] of [
      ['escritorio', undefined],
      ['telefono', PHONE],
    ] as const) {
      const page = await newPage(journey.browser, journey.app.url, viewport);
      await signInPage(page, setup.session);
      await page.goto('/facturacion/recibos');
      const tabla = page.getByTestId('recibos-tabla');
      const fila = tabla.locator('tr', { hasText: '$ 197.20' });
      await expect.poll(() => fila.innerText()).toContain('Facturado');
      expect(await page.getByTestId('portal-url').inputValue()).toContain('/facturar/');
      await fila.getByRole('button', { name: 'Ver' }).click();
      const detalle = page.getByTestId('recibo-detalle');
      await detalle.getByRole('img', { name: /Código QR/ }).waitFor();
      expect(await detalle.innerText()).toContain(recibo.codigo.slice(0, 4));
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `recibos-${nombre}`);
      await page.context().close();
    }
  });
});
