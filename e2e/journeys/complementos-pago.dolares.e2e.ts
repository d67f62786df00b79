import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';
import { PAC, confirmarTimbrado, draftPPD, pagar } from '../fixtures/pagos.ts';

// Invoices in dollars paid in pesos. Payments in pesos: complementos-pago.e2e.ts; invoices in
// several currencies in one payment: complementos-pago.varias-monedas.e2e.ts.
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Lucía Cobranza' });
});

describe('payment complements of invoices in dollars', () => {
  it('two invoices in dollars paid in pesos: each amount follows its balance at the typed rate', async () => {
    const timbrar = async (precio: string) =>
      (
        await setup.api.send<TimbrarFacturaResponse>('POST', 'facturacion/V40/facturas-ingreso', {
          ...draftPPD(setup, setup.client.id, precio),
          moneda: 'USD',
          tipo_cambio: '18.00',
        })
      ).factura;
    const a = await timbrar('100.00');
    const b = await timbrar('200.00');
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto('/facturacion/pagos-pendientes');
    for (const f of [a, b])
      await page
        .getByRole('checkbox', { name: `Seleccionar la factura F-${String(f.folio)}` })
        .check();
    await page.getByRole('button', { name: 'Registrar un pago de la selección' }).click();
    const form = page.getByTestId('pago-form');
    expect(await form.locator('#pago-doc-0').inputValue()).toBe('116.00');
    expect(await form.getByTestId('pago-documentos').innerText()).toContain('Saldo $ 116.00 USD');
    await form.locator('#pago-moneda').selectOption('MXN');
    expect(await form.locator('#pago-doc-0').inputValue()).toBe('');
    // Banxico's history in the repository ends in January: the form names its newest rate's date,
    // proposes none and asks to verify the day's rate (issue 24).
    await form
      .getByText(
        'El tipo de cambio de referencia más reciente es del 21/01/2026 (FIX de Banxico: 17.4520); verifique el tipo de cambio del día.',
      )
      .waitFor();
    expect(await form.locator('#pago-tipo-cambio').inputValue()).toBe('');
    // The notice on a phone: the form in one column, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'pago-referencia-antigua-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });
    await form.locator('#pago-tipo-cambio').fill('17.2345');
    // 116.00 and 232.00 dollars at 17.2345 pesos: what settles each balance exactly.
    expect(await form.locator('#pago-doc-0').inputValue()).toBe('1999.20');
    expect(await form.locator('#pago-doc-1').inputValue()).toBe('3998.40');
    expect(await form.getByTestId('pago-total').innerText()).toBe('$ 5,997.60 MXN');
    // Each balance in dollars and in pesos at the typed rate (issue 24).
    expect(await form.getByTestId('pago-doc-saldo-1').innerText()).toBe(
      'Saldo $ 232.00 USD = $ 3,998.40 MXN al tipo de cambio 17.2345',
    );
    await form.locator('#pago-forma').selectOption('03');
    await screenshot(page, 'pago-varias-facturas-usd-en-pesos');
    await form.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    const timbrado = page.getByTestId('pago-timbrado');
    await timbrado.waitFor(PAC);
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      timbrado.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    const texto = await readFile(await xml.path(), 'utf8');
    const docs = texto.match(/<pago20:DoctoRelacionado\b[^>]*>/g) ?? [];
    expect(docs.map((d) => /ImpPagado="([^"]+)"/.exec(d)?.[1])).toEqual(['116.00', '232.00']);
    expect(docs.map((d) => /ImpSaldoInsoluto="([^"]+)"/.exec(d)?.[1])).toEqual(['0.00', '0.00']);
    expect(texto).toContain('Monto="5997.60"');
  });

  it('a dollar invoice paid in pesos from its page: the balance at the typed rate, every amount with its currency', async () => {
    // An account of its own: its credits are not shared with the other tests.
    const cuenta = await setUpFacturacion(journey.app, journey.smtp, { name: 'Ana Dólares' });
    const { factura } = await cuenta.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      {
        ...facturaDraft(cuenta, { precio: '100.00', forma_pago: '99', metodo_pago: 'PPD' }),
        moneda: 'USD',
        tipo_cambio: '18.00',
      },
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, cuenta.session);
    await page.goto(`/facturacion/facturas/detalle/${factura.id}`);
    const seccion = page.getByTestId('pagos-factura');
    await expect
      .poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC)
      .toBe('$ 116.00 USD');
    await pagar(page, '03', '');
    const form = page.getByTestId('pago-form');
    await form.locator('#pago-moneda').selectOption('MXN');
    await form.locator('#pago-tipo-cambio').fill('17.50');
    await form.locator('#pago-monto').fill('1000');
    expect(await form.getByText('Monto del pago (MXN)').count()).toBe(1);
    expect(await form.getByTestId('pago-saldo-convertido').innerText()).toBe(
      'Saldo de la factura: $ 116.00 USD = $ 2,030.00 MXN al tipo de cambio 17.50',
    );
    await screenshot(page, 'pago-usd-en-pesos');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'pago-usd-en-pesos-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    // 1,000.00 pesos at 17.50 are 57.14 dollars.
    await expect
      .poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC)
      .toBe('$ 58.86 USD');
    const card = seccion.locator('[data-testid^="pago-"][data-highlight]').first();
    const texto = await card.innerText();
    expect(texto).toContain('$ 1,000.00 MXN');
    expect(texto).toContain('$ 116.00 USD');
    expect(texto).toContain('$ 57.14 USD');
    expect(texto).toContain('$ 58.86 USD');
    expect(texto).toContain('0.0571428571 USD por MXN');
    await screenshot(page, 'pago-usd-en-pesos-timbrado');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'pago-usd-en-pesos-timbrado-telefono');
  });
});
