import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
// A stamp goes through the PAC: on a loaded machine it takes a few seconds.
const PAC = { timeout: 20_000 };

describe('one payment of invoices in several currencies', () => {
  it('a peso and a dollar invoice settled by one payment in pesos, each with its exchange rate', async () => {
    const cuenta = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Monedas' });
    const timbrar = async (moneda: 'MXN' | 'USD') =>
      (
        await cuenta.api.send<TimbrarFacturaResponse>('POST', 'facturacion/V40/facturas-ingreso', {
          ...facturaDraft(cuenta, {
            precio: moneda === 'MXN' ? '500.00' : '100.00',
            forma_pago: '99',
            metodo_pago: 'PPD',
          }),
          ...(moneda === 'USD' ? { moneda: 'USD', tipo_cambio: '18.00' } : {}),
        })
      ).factura;
    const pesos = await timbrar('MXN');
    const dolares = await timbrar('USD');
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, cuenta.session);
    await page.goto('/facturacion/pagos-pendientes');
    for (const f of [pesos, dolares])
      await page
        .getByRole('checkbox', { name: `Seleccionar la factura F-${String(f.folio)}` })
        .check();
    // Both together, no refusal: a balance per currency.
    expect(await page.getByTestId('pendientes-seleccion').innerText()).toContain(
      'Saldo seleccionado: $ 580.00 MXN + $ 116.00 USD',
    );
    await page.getByRole('button', { name: 'Registrar un pago de la selección' }).click();
    const form = page.getByTestId('pago-form');
    // The payment is in pesos: no currency to choose, one rate for the dollars.
    expect(await form.locator('#pago-moneda').count()).toBe(0);
    const tipo = form.getByLabel('Tipo de cambio USD (pesos por dólar)');
    await tipo.waitFor();
    expect(await form.locator('#pago-doc-0').inputValue()).toBe('580.00');
    expect(await form.locator('#pago-doc-1').inputValue()).toBe('');
    await form.locator('#pago-forma').selectOption('03');
    // Without the dollar's rate nothing is stamped: the error is on its field.
    await form.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await form
      .getByText('Indique el tipo de cambio del día del pago (pesos mexicanos por USD).')
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await tipo.fill('17.4520');
    // 116.00 dollars at 17.4520 pesos: what settles the balance exactly; each row with its currency.
    expect(await form.locator('#pago-doc-1').inputValue()).toBe('2024.43');
    expect(await form.getByTestId('pago-doc-saldo-0').innerText()).toBe('Saldo $ 580.00 MXN');
    expect(await form.getByTestId('pago-doc-saldo-1').innerText()).toBe(
      'Saldo $ 116.00 USD = $ 2,024.43 MXN al tipo de cambio 17.4520',
    );
    expect(await form.getByTestId('pago-total').innerText()).toBe('$ 2,604.43 MXN');
    expect(await form.locator('.invalid-feedback:visible').count()).toBe(0);
    await screenshot(page, 'pago-varias-monedas');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'pago-varias-monedas-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });

    await form.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Timbrar complemento de pago' });
    expect(await dialogo.getByTestId('timbrar-total').innerText()).toBe('$ 2,604.43');
    await dialogo.getByTestId('timbrar-creditos').waitFor();
    await dialogo.getByRole('button', { name: 'Timbrar', exact: true }).click();
    const timbrado = page.getByTestId('pago-timbrado');
    await timbrado.waitFor(PAC);
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      timbrado.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    const texto = await readFile(await xml.path(), 'utf8');
    const docs = texto.match(/<pago20:DoctoRelacionado\b[^>]*>/g) ?? [];
    expect(docs.map((d) => /MonedaDR="([^"]+)"/.exec(d)?.[1])).toEqual(['MXN', 'USD']);
    expect(docs.map((d) => /ImpPagado="([^"]+)"/.exec(d)?.[1])).toEqual(['580.00', '116.00']);
    expect(docs.map((d) => /ImpSaldoInsoluto="([^"]+)"/.exec(d)?.[1])).toEqual(['0.00', '0.00']);
    expect(texto).toContain('MonedaP="MXN"');
    expect(texto).toContain('Monto="2604.43"');
  });
});
