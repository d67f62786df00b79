import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDraftRequestInput, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import type { SerieResponse } from '@repo/contracts/series';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Lucía Cobranza' });
  await setup.api.send<SerieResponse>('POST', `series/${setup.enterpriseId}`, {
    kind: 'recepcion-pagos',
    serie: 'P',
    folio: 1,
  });
});

function draft(): FacturaDraftRequestInput {
  return {
    client_id: setup.client.id,
    serie_id: setup.serie.id,
    forma_pago: '99',
    metodo_pago: 'PPD',
    uso_cfdi: 'G03',
    partidas: [
      {
        product_service_id: setup.product.id,
        cantidad: '1',
        precio_unitario: '500.00',
        impuestos_trasladados: setup.rubros.iva16.impuestos_trasladados
          .filter((t) => t.selected)
          .map((t) => t.id),
      },
    ],
  };
}

async function pagar(page: Page, forma: string, monto: string) {
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const form = page.getByTestId('pago-form');
  await form.locator('#pago-forma').selectOption(forma);
  await form.locator('#pago-monto').fill(monto);
}

describe('payment complements', () => {
  it('a PPD invoice paid by transfer and in cash, one payment cancelled, the receivables view', async () => {
    const { factura } = await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      draft(),
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas/detalle/${factura.id}`);
    const seccion = page.getByTestId('pagos-factura');
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText()).toBe('$ 580.00');

    await pagar(page, '03', '300');
    await page.locator('#pago-opcionales').check();
    await page.locator('#pago-num_operacion').fill('SPEI-000123');
    await page.locator('#pago-cta_ordenante').fill('012180001234567897');
    await page.locator('#pago-cta_beneficiario').fill('0123456789');
    await screenshot(page, 'pago-form-transferencia');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText()).toBe('$ 280.00');
    await screenshot(page, 'pago-transferencia-timbrado');

    await pagar(page, '01', '200');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText()).toBe('$ 80.00');
    const cards = seccion.locator('[data-testid^="pago-"][data-highlight]');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.first().getAttribute('data-highlight')).toBe('true');
    await screenshot(page, 'pagos-lista');

    // The PDF and the XML of the newest complement.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      cards.first().getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      cards.first().getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect(xml.suggestedFilename()).toMatch(/\.xml$/);

    // Cancel the cash payment: its $200.00 come back.
    await cards.first().getByRole('button', { name: 'Cancelar complemento' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar complemento' }).click();
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText()).toBe('$ 280.00');
    await screenshot(page, 'pago-cancelado');

    await page.goto('/facturacion');
    await page.getByRole('link', { name: 'Ir a pagos pendientes' }).click();
    const fila = page.getByTestId(`pendiente-${factura.id}`);
    await fila.waitFor();
    expect(await fila.innerText()).toContain('$ 280.00');
    expect(await fila.innerText()).toContain('Emitir a más tardar el 5 de');
    await screenshot(page, 'pagos-pendientes');

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto(`/facturacion/facturas/detalle/${factura.id}`);
    await phone.getByTestId('pagos-saldo').waitFor();
    await screenshot(phone, 'pagos-telefono');
    await phone.goto('/facturacion/pagos-pendientes');
    await phone.getByTestId(`pendiente-${factura.id}`).waitFor();
    await screenshot(phone, 'pagos-pendientes-telefono');
  });
});
