import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDraftRequestInput, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, facturaDraft, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
// A stamp goes through the PAC: on a loaded machine it takes a few seconds.
const PAC = { timeout: 20_000 };
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Devoluciones' });
});

async function timbrar(overrides: Partial<FacturaDraftRequestInput> = {}) {
  const { factura } = await setup.api.send<TimbrarFacturaResponse>(
    'POST',
    'facturacion/V40/facturas-ingreso',
    facturaDraft(setup, overrides),
  );
  return factura;
}

/** Two lines with 16 % IVA: 2 × $ 100.00 and 3 × $ 50.00. */
function dosPartidas(): FacturaDraftRequestInput['partidas'] {
  const [linea] = facturaDraft(setup).partidas;
  return [
    { ...linea!, cantidad: '2', precio_unitario: '100.00' },
    { ...linea!, cantidad: '3', precio_unitario: '50.00' },
  ];
}

async function abrirFormulario(page: Page, facturaId: number) {
  await page.goto(`/facturacion/facturas/detalle/${facturaId}`);
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  return page.getByTestId('nota-credito-form');
}

async function confirmar(page: Page) {
  await page.getByRole('button', { name: 'Timbrar nota de crédito' }).click();
  const dialogo = page.getByRole('dialog');
  expect(await dialogo.innerText()).toContain('Se usará 1 crédito');
  await dialogo.getByRole('button', { name: 'Timbrar', exact: true }).click();
}

describe('credit notes', () => {
  it('a return of one line of a PUE invoice, its detail and PDF; a 10 % discount on another', async () => {
    const factura = await timbrar({ partidas: dosPartidas() });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);

    const form = await abrirFormulario(page, factura.id);
    await form.locator('#nota-tipo').selectOption('devolucion');
    await form
      .getByRole('textbox', { name: /^Cantidad devuelta de/ })
      .first()
      .fill('1');
    await form.locator('#nota-motivo').fill('El cliente devolvió una pieza');
    await screenshot(page, 'nota-credito-devolucion-form');
    await confirmar(page);

    await page.waitForURL(/\/facturacion\/notas-credito\/detalle\/\d+$/, PAC);
    await page.getByTestId('nota-uuid').waitFor();
    // One piece of $ 100.00 with its 16 % IVA.
    expect(await page.getByTestId('nota-subtotal').innerText()).toBe('$ 100.00');
    expect(await page.getByTestId('nota-impuestos').innerText()).toBe('$ 16.00');
    expect(await page.getByTestId('nota-total').innerText()).toBe('$ 116.00');
    expect(await page.getByTestId('nota-status').innerText()).toBe('Timbrada');
    const relacionadas = await page.getByTestId('nota-facturas').innerText();
    expect(relacionadas).toContain(factura.uuid);
    expect(relacionadas).toContain(`F-${String(factura.folio)}`);
    expect(await page.getByText('03 - Devolución de mercancía').count()).toBe(1);
    await screenshot(page, 'nota-credito-detalle');

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The invoice lists its note.
    await page.goto(`/facturacion/facturas/detalle/${factura.id}`);
    const seccion = page.getByTestId('notas-credito-factura');
    await expect.poll(() => seccion.innerText(), PAC).toContain('$ 116.00');

    // A discount of 10 % of a $ 1,500.00 invoice: $ 150.00 plus IVA.
    const otra = await timbrar();
    const form2 = await abrirFormulario(page, otra.id);
    await form2.locator('#nota-valor').fill('10');
    await confirmar(page);
    await page.waitForURL(/\/facturacion\/notas-credito\/detalle\/\d+$/, PAC);
    await page.getByTestId('nota-uuid').waitFor();
    expect(await page.getByTestId('nota-total').innerText()).toBe('$ 174.00');
    expect(await page.getByTestId('nota-facturas').innerText()).toContain(otra.uuid);

    // The discount is cancelled from its detail: without a motivo the dialog says so and sends
    // nothing; with 02 the note is cancelled.
    await page.getByRole('button', { name: 'Cancelar nota de crédito' }).click();
    const cancelar = page.getByRole('dialog');
    await cancelar.getByRole('button', { name: 'Cancelar nota de crédito' }).click();
    await cancelar.getByText('Seleccione el motivo de cancelación').waitFor();
    expect(await page.getByTestId('nota-status').innerText()).toBe('Timbrada');
    await cancelar.getByLabel('Motivo de cancelación').selectOption('02');
    await screenshot(page, 'nota-credito-cancelar');
    await cancelar.getByRole('button', { name: 'Cancelar nota de crédito' }).click();
    await page.getByText(/^La nota de crédito NC-\d+ fue cancelada\.$/).waitFor(PAC);
    await expect.poll(() => page.getByTestId('nota-status').innerText(), PAC).toBe('Cancelada');

    // The list, from the invoicing menu.
    await page.goto('/facturacion');
    await page.getByRole('link', { name: 'Ir a notas de crédito' }).click();
    const lista = page.getByTestId('notas-lista');
    await lista.waitFor();
    expect(await lista.locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'notas-credito-lista');

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto('/facturacion/notas-credito');
    await phone.getByTestId('notas-lista').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'notas-credito-lista-telefono');
    await phone.getByRole('link', { name: /^NC-/ }).first().click();
    await phone.getByTestId('nota-uuid').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'nota-credito-detalle-telefono');
    const phoneForm = await abrirFormulario(phone, factura.id);
    await phoneForm.locator('#nota-tipo').selectOption('devolucion');
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'nota-credito-form-telefono');
  });

  it("shows the API's refusal of a note on a PPD invoice and stamps nothing", async () => {
    const ppd = await timbrar({ metodo_pago: 'PPD', forma_pago: '99' });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    const form = await abrirFormulario(page, ppd.id);
    await form.locator('#nota-valor').fill('10');
    await confirmar(page);
    await expect
      .poll(() => form.getByTestId('nota-error').innerText(), PAC)
      .toContain('solo se emiten sobre facturas PUE');
    expect(page.url()).toContain(`/facturacion/facturas/detalle/${ppd.id}`);
    await screenshot(page, 'nota-credito-ppd');
  });
});
