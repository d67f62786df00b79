import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDraftRequestInput, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import {
  PHONE,
  SCREENSHOT_DIR,
  horizontalOverflow,
  newPage,
  screenshot,
} from '../fixtures/browser.ts';
import { type FacturacionSetup, facturaDraft, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
// A stamp goes through the PAC: on a loaded machine it takes a few seconds.
const PAC = { timeout: 20_000 };
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Devoluciones' });
});

async function timbrar(overrides: Parameters<typeof facturaDraft>[1] = {}) {
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

  it('a discount note on a PPD invoice lowers its balance, shown live in the form; the payment of the rest settles it', async () => {
    // $ 1,000.00 + IVA = $ 1,160.00, in parcialidades.
    const ppd = await timbrar({ metodo_pago: 'PPD', forma_pago: '99', precio: '1000.00' });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    const form = await abrirFormulario(page, ppd.id);
    await form.locator('#nota-modo').selectOption('importe');
    await form.locator('#nota-valor').fill('100');
    await form.locator('#nota-motivo').fill('Descuento por volumen');
    // The amounts as the engine computes them, before stamping.
    const vista = form.getByTestId('nota-vista-previa');
    await expect.poll(() => vista.getByTestId('vista-total').innerText(), PAC).toBe('$ 116.00');
    expect(await vista.getByTestId('vista-subtotal').innerText()).toBe('$ 100.00');
    expect(await vista.innerText()).toContain('IVA 16%');
    expect(await vista.getByTestId('vista-restante').innerText()).toBe('$ 1,044.00 MXN');
    await screenshot(page, 'nota-credito-ppd-vista-previa');
    // Above the invoice: the preview says so before anything is stamped.
    await form.locator('#nota-valor').fill('1000.01');
    await expect
      .poll(() => form.getByTestId('nota-vista-previa-error').innerText(), PAC)
      .toBe(
        'El importe antes de impuestos no puede ser mayor que el de las facturas ($ 1,000.00).',
      );
    await form.locator('#nota-valor').fill('100');
    await expect.poll(() => vista.getByTestId('vista-total').innerText(), PAC).toBe('$ 116.00');
    await confirmar(page);
    await page.waitForURL(/\/facturacion\/notas-credito\/detalle\/\d+$/, PAC);
    await page.getByTestId('nota-uuid').waitFor();
    expect(await page.getByTestId('nota-total').innerText()).toBe('$ 116.00');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await pdf.saveAs(join(SCREENSHOT_DIR, 'nota-credito-ppd.pdf'));

    // The invoice's balance is net of the note; the payment of the rest is proposed and settles it.
    await page.goto(`/facturacion/facturas/detalle/${ppd.id}`);
    const pagos = page.getByTestId('pagos-factura');
    await expect.poll(() => pagos.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 1,044.00');
    expect(await pagos.getByTestId('pagos-acreditado').innerText()).toBe('$ 116.00');
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const pagoForm = page.getByTestId('pago-form');
    expect(await pagoForm.locator('#pago-monto').inputValue()).toBe('1044.00');
    await pagoForm.locator('#pago-forma').selectOption('03');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Timbrar complemento de pago' });
    await dialogo.getByTestId('timbrar-creditos').waitFor();
    await dialogo.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await expect.poll(() => pagos.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 0.00');
    await screenshot(page, 'nota-credito-ppd-saldada');
    // Its CFDI de pago starts from the balance after the note (Pagos 2.0, ImpSaldoAnt).
    const { data } = await setup.api.get<{ data: { id: number }[] }>(
      `facturacion/V40/complemento-pago/${ppd.id}`,
    );
    const xml = await fetch(
      `${journey.app.url}/api/comprobantes/v40/${String(data[0]!.id)}/get-invoice-xml`,
      { headers: { Authorization: `Bearer ${setup.session.token}` } },
    ).then((r) => r.text());
    expect(xml).toMatch(/ImpSaldoAnt="1044\.00" ImpPagado="1044\.00" ImpSaldoInsoluto="0\.00"/);

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    const otra = await timbrar({ metodo_pago: 'PPD', forma_pago: '99', precio: '1000.00' });
    const phoneForm = await abrirFormulario(phone, otra.id);
    await phoneForm.locator('#nota-valor').fill('5');
    await expect.poll(() => phoneForm.getByTestId('vista-total').innerText(), PAC).toBe('$ 58.00');
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'nota-credito-ppd-vista-previa-telefono');
  });
});
