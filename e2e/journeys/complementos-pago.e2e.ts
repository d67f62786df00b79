import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDraftRequestInput, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import type { TaxResponse } from '@repo/contracts/impuestos';
import type { SerieResponse } from '@repo/contracts/series';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import {
  type FacturacionSetup,
  createClient,
  setUpFacturacion,
  facturaDraft,
} from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';
import { PAC, confirmarTimbrado, draftPPD, pagar } from '../fixtures/pagos.ts';

// Payments in pesos. Invoices in dollars paid in pesos: complementos-pago.dolares.e2e.ts.
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Lucía Cobranza' });
  // A new account starts with serie P of recepción de pagos, folio 1.
  const pagos = await setup.api.get<SerieResponse[]>(
    `series/${setup.enterpriseId}/recepcion-pagos`,
  );
  expect(pagos.map((s) => `${s.serie}-${s.folio}`)).toEqual(['P-1']);
});

function draft(clientId = setup.client.id, precio = '500.00'): FacturaDraftRequestInput {
  return draftPPD(setup, clientId, precio);
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
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 580.00');

    await pagar(page, '03', '300');
    await page.locator('#pago-opcionales').check();
    await page.locator('#pago-num_operacion').fill('SPEI-000123');
    await page.locator('#pago-cta_ordenante').fill('012180001234567897');
    await page.locator('#pago-cta_beneficiario').fill('0123456789');
    await screenshot(page, 'pago-form-transferencia');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    // The same confirmation as an invoice's: the amount, the credit it spends and what is left.
    const dialogo = page.getByRole('dialog', { name: 'Timbrar complemento de pago' });
    expect(await dialogo.getByTestId('timbrar-total').innerText()).toBe('$ 300.00');
    await expect
      .poll(() => dialogo.getByTestId('timbrar-creditos').innerText())
      .toBe('Se usará 1 crédito: tiene 9 y le quedarán 8.');
    await screenshot(page, 'pago-confirmar-timbrado');
    await confirmarTimbrado(page);
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 280.00');
    await screenshot(page, 'pago-transferencia-timbrado');

    await pagar(page, '01', '200');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 80.00');
    const cards = seccion.locator('[data-testid^="pago-"][data-highlight]');
    await expect.poll(() => cards.count(), PAC).toBe(2);
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
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 280.00');
    await screenshot(page, 'pago-cancelado');

    await page.goto('/facturacion');
    await page.getByRole('link', { name: 'Ir a pagos pendientes' }).click();
    const fila = page.getByTestId(`pendiente-${factura.id}`);
    await fila.waitFor();
    expect(await fila.innerText()).toContain('$ 280.00');
    // Every payment received has its complement: no SAT deadline on the row (issue 24).
    expect(await fila.innerText()).not.toContain('más tardar');
    expect(await page.getByTestId(`plazo-${factura.id}`).count()).toBe(0);
    await screenshot(page, 'pagos-pendientes');

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto(`/facturacion/facturas/detalle/${factura.id}`);
    await phone.getByTestId('pagos-saldo').waitFor();
    await screenshot(phone, 'pagos-telefono');
    await phone.goto('/facturacion/pagos-pendientes');
    await phone.getByTestId(`pendiente-card-${factura.id}`).waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'pagos-pendientes-telefono');
  });

  it('one payment settles two PPD invoices of one client from the pending view; mixing clients is refused', async () => {
    const timbrar = async (clientId: number, precio: string) =>
      (
        await setup.api.send<TimbrarFacturaResponse>(
          'POST',
          'facturacion/V40/facturas-ingreso',
          draft(clientId, precio),
        )
      ).factura;
    const otro = await createClient(setup.api, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      email: 'kemper@example.com',
      address: { codigo_postal: '42501' },
    });
    const a = await timbrar(setup.client.id, '500.00');
    const b = await timbrar(setup.client.id, '1000.00');
    const c = await timbrar(otro.id, '500.00');
    const pesos = (texto: string) =>
      Number(/\$ ([\d,]+\.\d\d)/.exec(texto)?.[1]?.replace(/,/g, ''));

    // On a phone: the cards are selected the same way and the payment form fits the screen.
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto('/facturacion/pagos-pendientes');
    for (const f of [a, b])
      await phone
        .getByRole('checkbox', { name: `Seleccionar la factura F-${String(f.folio)}` })
        .check();
    await phone.getByRole('button', { name: 'Registrar un pago de la selección' }).click();
    expect(await phone.getByTestId('pago-total').innerText()).toBe('$ 1,740.00');
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'pago-varias-facturas-telefono');
    await phone.context().close();

    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto('/');
    const porCobrar = page.getByTestId('inicio-por-cobrar');
    await expect.poll(async () => pesos(await porCobrar.innerText()), PAC).toBeGreaterThan(0);
    const antes = pesos(await porCobrar.innerText());
    await page.getByTestId('inicio-acciones').getByRole('link', { name: 'Registrar pago' }).click();
    await page.waitForURL('**/facturacion/pagos-pendientes');
    await page.getByTestId(`pendiente-${c.id}`).waitFor();

    // The client filter asks the API (client_id): the other client's invoice is not listed.
    await page.locator('#pendientes-cliente').fill('XOCHILT');
    await page.getByRole('option', { name: /XOCHILT CASAS CHAVEZ/ }).click();
    await page.getByTestId(`pendiente-${c.id}`).waitFor({ state: 'detached' });
    await page.getByTestId(`pendiente-${b.id}`).waitFor();
    await page.getByRole('button', { name: 'Todos' }).click();
    await page.getByTestId(`pendiente-${c.id}`).waitFor();

    await page
      .getByRole('checkbox', { name: `Seleccionar la factura F-${String(a.folio)}` })
      .check();
    await page
      .getByRole('checkbox', { name: `Seleccionar la factura F-${String(c.folio)}` })
      .click();
    expect(await page.getByTestId('pendientes-aviso').innerText()).toContain(
      'solo puede relacionar facturas del mismo cliente',
    );
    expect(
      await page
        .getByRole('checkbox', { name: `Seleccionar la factura F-${String(c.folio)}` })
        .isChecked(),
    ).toBe(false);
    await page
      .getByRole('checkbox', { name: `Seleccionar la factura F-${String(b.folio)}` })
      .check();
    const seleccion = page.getByTestId('pendientes-seleccion');
    expect(await seleccion.innerText()).toContain('2 facturas de XOCHILT CASAS CHAVEZ');
    expect(await seleccion.innerText()).toContain('$ 1,740.00');
    await seleccion.getByRole('button', { name: 'Registrar un pago de la selección' }).click();
    const form = page.getByTestId('pago-form');
    expect(await form.locator('#pago-doc-0').inputValue()).toBe('580.00');
    expect(await form.locator('#pago-doc-1').inputValue()).toBe('1160.00');
    expect(await form.getByTestId('pago-total').innerText()).toBe('$ 1,740.00');
    await form.locator('#pago-forma').selectOption('03');
    await screenshot(page, 'pago-varias-facturas');
    await form.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);

    const timbrado = page.getByTestId('pago-timbrado');
    await timbrado.waitFor(PAC);
    expect(await timbrado.innerText()).toContain('saldo $ 0.00');
    await page.getByTestId(`pendiente-${a.id}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(`pendiente-${b.id}`).count()).toBe(0);
    await page.getByTestId(`pendiente-${c.id}`).waitFor();
    await screenshot(page, 'pago-varias-facturas-timbrado');
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      timbrado.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    const texto = await readFile(await xml.path(), 'utf8');
    const docs = texto.match(/<pago20:DoctoRelacionado\b[^>]*>/g) ?? [];
    expect(docs).toHaveLength(2);
    expect(docs.map((d) => /ImpSaldoInsoluto="([^"]+)"/.exec(d)?.[1])).toEqual(['0.00', '0.00']);
    expect(texto).toContain('Monto="1740.00"');

    await page.goto(`/facturacion/facturas/detalle/${b.id}`);
    await expect.poll(() => page.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 0.00');
    await page.goto('/');
    await expect
      .poll(async () => pesos(await porCobrar.innerText()))
      .toBe(Math.round((antes - 1740) * 100) / 100);
  });

  it('a payment too small to carry its share of the taxes: the form says so under the amount, with what works', async () => {
    // 100.00 at IVA 16 % and 100.00 exempt: Total 216.00, each tax group 100.00. One cent gives each
    // group 0.0046 of base, which rounds to nothing: the SAT would refuse the complement. An
    // account of its own: the credits it counts are not shared with the other tests.
    const cuenta = await setUpFacturacion(journey.app, journey.smtp, { name: 'Raúl Centavos' });
    const exento = (await cuenta.api.get<TaxResponse[]>('impuestos-trasladados')).find(
      (t) => t.tax_type === 'IVA' && t.tipo_factor === 'Exento',
    );
    expect(exento).toBeDefined();
    const base = facturaDraft(cuenta, { precio: '100.00', forma_pago: '99', metodo_pago: 'PPD' });
    const partida = base.partidas[0]!;
    const { factura } = await cuenta.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      { ...base, partidas: [partida, { ...partida, impuestos_trasladados: [exento!.id] }] },
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, cuenta.session);
    await page.goto(`/facturacion/facturas/detalle/${factura.id}`);
    const seccion = page.getByTestId('pagos-factura');
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 216.00');
    const creditos = await cuenta.api.get<{ user_total_remaining_credits: number }>(
      'users/get-total-remaining-credits',
    );

    await pagar(page, '01', '0.01');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    const form = page.getByTestId('pago-form');
    await form
      .getByText(
        `El importe aplicado a la factura F-${String(factura.folio)} es tan pequeño que su parte de los impuestos no llega a un centavo, y el SAT no acepta el pago de una factura con impuestos sin ellos. Aplique al menos $ 0.02 MXN.`,
      )
      .waitFor(PAC);
    await screenshot(page, 'pago-sin-impuestos');
    expect(await seccion.getByTestId('pagos-saldo').innerText()).toBe('$ 216.00');
    expect(
      await cuenta.api.get<{ user_total_remaining_credits: number }>(
        'users/get-total-remaining-credits',
      ),
    ).toEqual(creditos);

    await form.locator('#pago-monto').fill('0.02');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 215.98');
  });
});
