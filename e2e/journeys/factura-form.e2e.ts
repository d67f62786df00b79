import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import {
  DESKTOP,
  PHONE,
  guardarPreFactura,
  horizontalOverflow,
  newPage,
  pick,
  screenshot,
} from '../fixtures/browser.ts';
import { createClient, createProduct, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

const credits = (page: Page) => page.getByTestId('nav-credits').locator('.badge');

describe('income invoice form', () => {
  it('fills two lines with a discount, saves a pre-invoice, edits it and stamps it', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, { name: 'Lucía Hernández' });
    await createProduct(s.api, s.rubros.iva16.id, {
      description: 'Licencia anual de software',
      unity_price: '333.33',
      productServiceObj: { clave: '43231500' },
      unitsObj: { clave: 'H87' },
    });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, s.session);
    await page.goto('/facturacion/facturas/nuevo');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await expect.poll(() => credits(page).textContent()).toBe('10');

    await pick(page, 'factura-cliente', 'XOCHILT');
    await page.getByTestId('cliente-datos').getByText('CACX7605101P8').waitFor();
    await expect.poll(() => page.locator('#factura-uso-cfdi').inputValue()).toBe('G03');
    await expect
      .poll(() => page.getByTestId('folio-preview').textContent())
      .toBe('Folio siguiente: F-1');

    await pick(page, 'partida-0-producto', 'Consultoría');
    await expect.poll(() => page.locator('#partida-0-precio').inputValue()).toBe('1500.00');
    await page.locator('#partida-0-cantidad').fill('2');
    await page.locator('#partida-0-descuento').fill('101');
    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.getByText('El descuento no puede ser mayor a 100%').waitFor();
    await page.locator('#partida-0-descuento').fill('10');

    await page.getByRole('button', { name: '+ Agregar concepto' }).click();
    await pick(page, 'partida-1-producto', 'Licencia');
    await page.locator('#partida-1-cantidad').fill('3');

    // 2 × 1,500.00 − 10 % = 2,700.00; 3 × 333.33 = 999.99; IVA 432.00 + 159.9984 → 592.00.
    await expect.poll(() => page.getByTestId('partida-0-total').textContent()).toBe('$ 3,132.00');
    await expect.poll(() => page.getByTestId('total-subtotal').textContent()).toBe('$ 3,999.99');
    await expect.poll(() => page.getByTestId('total-descuento').textContent()).toBe('$ 300.00');
    await expect
      .poll(() => page.getByTestId('total-traslado-IVA 16%').textContent())
      .toBe('$ 592.00');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 4,291.99');
    await screenshot(page, 'factura-form-nuevo');

    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.waitForURL(/\/facturacion\/facturas\/editar\/\d+$/);
    const id = Number(/editar\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByText('La pre factura fue guardada.').waitFor();
    const saved = await s.api.get<FacturaDetail>(`facturacion/V40/facturas-ingreso/${id}`);
    expect(saved.status).toBe('pre_factura');
    expect(saved.total).toBe('4291.99');

    // Edit: the second line goes down to one licence. IVA 432.00 + 53.3328 → 485.33.
    await page.getByRole('heading', { name: 'Editar pre factura' }).waitFor();
    await expect.poll(() => page.locator('#partida-1-cantidad').inputValue()).toBe('3');
    await page.locator('#partida-1-cantidad').fill('1');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 3,518.66');
    await guardarPreFactura(page);
    await page.reload();
    await expect.poll(() => page.locator('#partida-1-cantidad').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 3,518.66');
    await screenshot(page, 'factura-form-editar');

    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    // The form asks first, with the total and the credit it spends (as the detail does).
    const confirmacion = page.getByRole('dialog');
    await expect
      .poll(() => confirmacion.getByTestId('timbrar-total').textContent())
      .toBe('$ 3,518.66');
    await expect
      .poll(() => confirmacion.getByTestId('timbrar-creditos').textContent())
      .toBe('Se usará 1 crédito: tiene 10 y le quedarán 9.');
    await screenshot(page, 'factura-form-confirmar-timbrado');
    await confirmacion.getByRole('button', { name: 'Timbrar', exact: true }).click();
    // The stamped invoice replaces the pre-invoice.
    await page.waitForURL(/\/facturacion\/facturas\/detalle\/\d+$/);
    const stampedId = Number(/detalle\/(\d+)$/.exec(page.url())?.[1]);
    const stamped = await s.api.get<FacturaDetail>(`facturacion/V40/facturas-ingreso/${stampedId}`);
    expect(stamped.status).toBe('timbrada');
    expect(stamped.cfdi?.total).toBe('3518.66');
    expect(stamped.cfdi?.descuento).toBe('300.00');
    expect(stamped.cfdi?.impuestos?.total_trasladados).toBe('485.33');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`La factura F-1 fue timbrada`, { exact: false }).waitFor();
    await dialog.getByText(stamped.uuid ?? 'sin uuid', { exact: false }).waitFor();
    await expect.poll(() => credits(page).textContent()).toBe('9');
    await screenshot(page, 'factura-form-timbrada');

    // Cloning the stamped invoice opens a new draft with its data and the same amounts.
    await page.goto(`/facturacion/facturas/clonar/${stampedId}`);
    await page.getByRole('heading', { name: 'Clonar factura' }).waitFor();
    await page.getByTestId('cliente-datos').getByText('CACX7605101P8').waitFor();
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 3,518.66');
    await expect
      .poll(() => page.getByTestId('folio-preview').textContent())
      .toBe('Folio siguiente: F-2');
    await screenshot(page, 'factura-form-clonar');
  });

  it('stops a RESICO issuer before stamping when a line to a persona moral lacks withholdings', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, {
      persona: 'fisica',
      name: 'Ana Ramírez',
    });
    await createClient(s.api, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      address: { codigo_postal: '42501' },
    });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, s.session);
    await page.goto('/facturacion/facturas/nuevo');
    await pick(page, 'factura-cliente', 'KEMPER');
    await pick(page, 'partida-0-producto', 'Consultoría');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 1,740.00');

    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page
      .getByText(
        'Para facturar a una persona moral, todos los conceptos deben incluir el impuesto trasladado y los impuestos retenidos correspondientes.',
        { exact: false },
      )
      .waitFor();
    await screenshot(page, 'factura-form-626');
    expect(page.url()).toMatch(/\/facturacion\/facturas\/nuevo$/);

    // With the RESICO tax group (IVA 16 %, ISR 1.25 % and IVA 2/3 withheld) the invoice stamps.
    await page.locator('#partida-0-rubro').selectOption({ label: s.rubros.resico.name });
    // 1,500.00 + 240.00 − 18.75 − 160.00 (1,500 × 0.106666 = 159.999) = 1,561.25.
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 1,561.25');
    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.waitForURL(/\/facturacion\/facturas\/editar\/\d+$/);

    // Edited but not saved: 'Timbrar con datos originales' stamps what the pre-invoice holds.
    await page.getByRole('heading', { name: 'Editar pre factura' }).waitFor();
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 1,561.25');
    await page.locator('#partida-0-cantidad').fill('2');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$ 3,122.50');
    await page.getByRole('button', { name: 'Timbrar con datos originales' }).click();
    // It asks first, with the saved total (not the form's) and the credit it spends.
    const confirmacion = page.getByRole('dialog');
    await expect
      .poll(() => confirmacion.getByTestId('timbrar-total').textContent())
      .toBe('$ 1,561.25');
    await confirmacion.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.waitForURL(/\/facturacion\/facturas\/detalle\/\d+$/);
    const stampedId = Number(/detalle\/(\d+)$/.exec(page.url())?.[1]);
    const stamped = await s.api.get<FacturaDetail>(`facturacion/V40/facturas-ingreso/${stampedId}`);
    expect(stamped.status).toBe('timbrada');
    expect(stamped.cfdi?.total).toBe('1561.25');
    await expect.poll(() => credits(page).textContent()).toBe('9');
  });

  it('deletes a pre-invoice after the confirmation', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, { name: 'Jorge Medina' });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, s.session);
    await page.goto('/facturacion/facturas/nuevo');
    await pick(page, 'factura-cliente', 'XOCHILT');
    await pick(page, 'partida-0-producto', 'Consultoría');
    await page.getByRole('button', { name: 'Guardar pre factura' }).click();
    await page.waitForURL(/\/facturacion\/facturas\/editar\/\d+$/);
    const id = Number(/editar\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: 'Editar pre factura' }).waitFor();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¿Desea eliminar esta pre factura?', { exact: false }).waitFor();
    await screenshot(page, 'factura-form-eliminar');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL(/\/facturacion\/facturas$/);
    const gone = await fetch(`${journey.app.url}/api/facturacion/V40/facturas-ingreso/${id}`, {
      headers: { Authorization: `Bearer ${s.session.token}` },
    });
    expect(gone.status).toBe(404);
  });

  it('tells, before stamping, what an invoice to the público en general carries instead of the client’s data, and offers no CP01', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, { name: 'Marta Ríos' });
    await createClient(s.api, {
      name_razon_social: 'JUAN PEREZ',
      rfc: 'XAXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
      address: { codigo_postal: '06300' },
    });
    const aviso =
      'Para el RFC genérico XAXX010101000 (público en general) el SAT pide que la factura lleve como domicilio fiscal del receptor el código postal del lugar de expedición (42501), el régimen fiscal 616 (Sin obligaciones fiscales) y el uso del CFDI S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura se emitirá con esos datos. El código postal 06300 del cliente no se usa en la factura.';
    for (const [viewport, name] of [
      [DESKTOP, 'factura-form-publico-general'],
      [PHONE, 'factura-form-publico-general-telefono'],
    ] as const) {
      const page = await newPage(journey.browser, journey.app.url, viewport);
      await signInPage(page, s.session);
      await page.goto('/facturacion/facturas/nuevo');
      await pick(page, 'factura-cliente', 'JUAN');
      await expect.poll(() => page.getByTestId('factura-aviso-receptor').textContent()).toBe(aviso);
      await expect.poll(() => page.locator('#factura-uso-cfdi').inputValue()).toBe('S01');
      const usos = await page.locator('#factura-uso-cfdi option').allTextContents();
      expect(usos.some((u) => u.includes('S01'))).toBe(true);
      expect(usos.some((u) => u.includes('CP01'))).toBe(false);
      await page.getByTestId('factura-aviso-receptor').scrollIntoViewIfNeeded();
      await screenshot(page, name);
      if (viewport === PHONE) expect(await horizontalOverflow(page)).toBe(0);
      await page.close();
    }
  });
});
