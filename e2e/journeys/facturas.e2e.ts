import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  FacturaDetail,
  FacturaDraftRequestInput,
  TimbrarFacturaResponse,
} from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { newPage, screenshot } from '../fixtures/browser.ts';
import {
  type FacturacionSetup,
  createClient,
  randomRfc,
  setUpFacturacion,
  facturaDraft,
} from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Elena Mújica' });
});

/** A draft for the fixture's client and product: `cantidad` × $1,500.00 plus IVA 16 %. */
function draft(overrides: Partial<FacturaDraftRequestInput> = {}): FacturaDraftRequestInput {
  return facturaDraft(setup, { cantidad: '2', ...overrides });
}

const preFactura = (overrides: Partial<FacturaDraftRequestInput> = {}) =>
  setup.api.send<FacturaDetail>('POST', 'facturacion/V40/pre-facturas-ingreso', draft(overrides));

const factura = async (overrides: Partial<FacturaDraftRequestInput> = {}) =>
  (
    await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      draft(overrides),
    )
  ).factura;

async function signedIn(): Promise<Page> {
  const page = await newPage(journey.browser, journey.app.url);
  await signInPage(page, setup.session);
  return page;
}

async function credits(page: Page): Promise<number> {
  const text = (await page.getByTestId('nav-credits').innerText()).replace(/\D/g, '');
  return Number(text);
}

describe('the invoice list', () => {
  it('welcomes a user with no invoices, then lists, filters and shows PPD pending amounts', async () => {
    const page = await signedIn();
    await page.goto('/facturacion');
    await page.getByRole('heading', { name: 'Facturación', exact: true }).waitFor();
    await screenshot(page, 'facturacion-menu');
    await page.getByRole('link', { name: 'Ir a facturas', exact: true }).click();
    await page.waitForURL('**/facturacion/facturas');
    const welcome = page.getByTestId('list-welcome');
    await welcome.getByText('Aún no tiene facturas').waitFor();
    expect(
      await welcome.getByRole('link', { name: 'Crear mi primera factura' }).getAttribute('href'),
    ).toBe('/facturacion/facturas/nuevo');
    await screenshot(page, 'facturas-bienvenida');

    await preFactura();
    const pue = await factura();
    const ppd = await factura({ metodo_pago: 'PPD', forma_pago: '99' });
    expect(pue.status).toBe('timbrada');

    await page.reload();
    const rows = page.getByTestId('factura-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const ppdRow = rows.filter({ hasText: `F-${ppd.folio}` });
    // 2 × $1,500.00 + IVA 16 % = $3,480.00; nothing paid yet.
    expect(await ppdRow.locator('td').nth(4).innerText()).toBe('$ 3,480.00');
    expect(await ppdRow.locator('td').nth(6).innerText()).toBe('$ 3,480.00');
    expect(await ppdRow.getByTestId('factura-status').innerText()).toBe('Timbrada');
    const pueRow = rows.filter({ hasText: `F-${pue.folio}` });
    expect(await pueRow.locator('td').nth(6).innerText()).toBe('—');
    expect(await pueRow.locator('td').nth(2).innerText()).toBe(setup.client.rfc);
    await screenshot(page, 'facturas-lista');

    await page.getByLabel('Estatus').selectOption({ label: 'Pre Factura' });
    await page.waitForURL('**/facturacion/facturas?status=pre_factura');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByTestId('factura-status').innerText()).toBe('Pre Factura');

    await page.getByLabel('Estatus').selectOption({ label: 'Timbradas' });
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Método de pago').selectOption('PPD');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(`F-${ppd.folio}`);

    // Exportar a Excel: every invoice of these filters, with the list's numbers.
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    ]);
    expect(exported.suggestedFilename()).toBe('Facturas.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await exported.path())) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Facturas');
    expect(sheet?.rowCount).toBe(2);
    const cell = (column: number) => sheet?.getRow(2).getCell(column).value;
    expect([cell(1), cell(2), cell(3), cell(6), cell(7)]).toEqual([
      'F',
      ppd.folio,
      ppd.uuid,
      setup.client.rfc,
      'PPD',
    ]);
    expect([cell(9), cell(10), cell(11), cell(12), cell(13)]).toEqual([
      3000,
      480,
      3480,
      3480,
      'Timbrada',
    ]);

    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByLabel('Cliente (nombre o RFC) o UUID').fill('NO EXISTE NINGUNO');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Ninguna factura coincide con los filtros.').waitFor();

    // A date range that ends before it starts is refused before anything is asked.
    await page.getByLabel('Desde').fill('2026-02-01');
    await page.getByLabel('Hasta').fill('2026-01-01');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('La fecha final no puede ser anterior a la fecha inicial.').waitFor();
    expect(page.url()).toContain('rfc_name=NO+EXISTE+NINGUNO');
    expect(page.url()).not.toContain('from_date');

    // Deleting the only pre-invoice of a filtered list resets the filters.
    await page.goto('/facturacion/facturas?status=pre_factura');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByRole('button', { name: /Acciones/ })
      .click();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((url) => url.pathname === '/facturacion/facturas' && url.search === '');
    await expect.poll(() => rows.count()).toBe(2);
    await page.close();
  });
});

describe('a stamped invoice', () => {
  it('shows the numbers of its XML, downloads PDF and XML, is sent, shared and cancelled', async () => {
    const stamped = await factura({ condiciones_pago: 'Contado' });
    const page = await signedIn();
    await page.goto(`/facturacion/facturas/detalle/${stamped.id}`);
    const uuid = await page.getByTestId('detalle-uuid').innerText();
    expect(uuid).toMatch(/^[0-9A-F-]{36}$/i);
    expect(await page.getByTestId('cfdi-uuid').innerText()).toBe(uuid);
    expect(await page.getByTestId('cfdi-receptor-rfc').innerText()).toBe(setup.client.rfc);
    expect(await page.getByTestId('cfdi-emisor-rfc').innerText()).toBe(setup.rfc);
    await screenshot(page, 'factura-detalle');

    // XML download: the file carries the UUID shown, and the totals shown are the XML's.
    const [xmlDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect(xmlDownload.suggestedFilename()).toMatch(/\.xml$/);
    const xml = await readFile(await xmlDownload.path(), 'utf8');
    expect(xml).toContain(`UUID="${uuid}"`);
    const attr = (name: string) =>
      new RegExp(`<cfdi:Comprobante[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1];
    expect(attr('Total')).toBe('3480.00');
    const totales = await page.getByTestId('cfdi-totales').innerText();
    expect(totales).toContain('Subtotal\t$ 3,000.00');
    expect(totales).toContain('IVA trasladado 16%\t$ 480.00');
    expect(totales).toContain('Total\t$ 3,480.00');

    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile(await pdfDownload.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // E-mail: a bad address is named and nothing is sent; two good ones receive it.
    const emails = page.getByLabel('Correos electrónicos');
    await emails.fill('contabilidad@cliente.mx, pagos@');
    await page.getByRole('button', { name: 'Enviar factura' }).click();
    await page.getByText('El correo electrónico no es válido: pagos@').waitFor();
    expect(journey.smtp.pending('contabilidad@cliente.mx')).toBe(0);
    await emails.fill('contabilidad@cliente.mx; pagos@cliente.mx');
    await page.getByRole('button', { name: 'Enviar factura' }).click();
    const sentInfo = page.getByTestId('email-sent-information');
    await sentInfo.getByText('contabilidad@cliente.mx, pagos@cliente.mx').waitFor();
    expect(await sentInfo.getByText('Enviado').count()).toBe(1);
    const mail = await journey.smtp.takeMail('pagos@cliente.mx');
    expect(mail.to).toEqual(['contabilidad@cliente.mx', 'pagos@cliente.mx']);

    // Share: a link that opens logged out, and a WhatsApp link.
    await page.getByRole('button', { name: 'Crear enlace' }).click();
    const shareUrl = await page.getByLabel('Enlace para compartir').inputValue();
    expect(shareUrl).toMatch(/^http/);
    await page.getByRole('button', { name: 'Compartir por WhatsApp' }).click();
    const whatsapp = page.getByRole('link', { name: 'Abrir WhatsApp con el enlace' });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    await expect
      .poll(() => page.getByTestId('sharing-sent-information').locator('.list-group-item').count())
      .toBe(2);
    await screenshot(page, 'factura-detalle-envios');

    const visitor = await newPage(journey.browser, journey.app.url);
    await visitor.goto(shareUrl);
    await visitor.getByText(uuid).first().waitFor();
    await screenshot(visitor, 'factura-compartida');
    await visitor.close();

    // Cancel: only motivos 02 and 03 are offered; then the PAC's status is shown.
    await page.getByRole('button', { name: 'Cancelar factura' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText('Seleccione el motivo de cancelación').waitFor();
    const motivos = await dialog
      .getByLabel('Motivo de cancelación')
      .locator('option')
      .allInnerTexts();
    expect(motivos.map((m) => m.slice(0, 2))).toEqual(['Se', '02', '03']);
    await dialog.getByLabel('Motivo de cancelación').selectOption('02');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText('¿Confirma que desea cancelar la factura').waitFor();
    await dialog.getByRole('button', { name: 'Sí, cancelar factura' }).click();
    const cancelacion = page.getByTestId('cancelacion');
    await cancelacion.waitFor();
    // The sandbox PAC answers as the SAT does for a receptor persona física: no acceptance needed.
    await expect.poll(() => page.getByTestId('detalle-status').innerText()).toBe('Cancelada');
    expect(await page.getByTestId('estatus-cancelacion').innerText()).toBe(
      'Cancelado sin aceptación',
    );
    await cancelacion.getByRole('button', { name: 'Actualizar estatus' }).click();
    await page.getByText('Estatus de cancelación:').first().waitFor();
    await screenshot(page, 'factura-cancelada');
    expect(await page.getByRole('button', { name: 'Cancelar factura' }).count()).toBe(0);
    await page.close();
  });
});

describe('a pre-invoice', () => {
  it('is stamped from its detail, spending one credit', async () => {
    const pre = await preFactura();
    const page = await signedIn();
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await page.getByRole('heading', { name: /Pre factura/ }).waitFor();
    expect(await page.getByTestId('detalle-status').innerText()).toBe('Pre Factura');
    expect(await page.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      `/facturacion/facturas/editar/${pre.id}`,
    );
    expect(await page.getByRole('button', { name: 'Descargar PDF' }).count()).toBe(0);
    await expect.poll(() => credits(page)).toBeGreaterThan(0);
    const before = await credits(page);
    await screenshot(page, 'pre-factura-detalle');

    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByTestId('detalle-uuid').waitFor();
    expect(await page.getByTestId('detalle-status').innerText()).toBe('Timbrada');
    await expect.poll(() => credits(page)).toBe(before - 1);
    await page.close();
  });

  it('is deleted from its detail', async () => {
    const pre = await preFactura();
    const page = await signedIn();
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL('**/facturacion/facturas');
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await page.getByText('No encontramos la factura.').waitFor();
    await page.close();
  });
});

describe('pages of the invoice list', () => {
  it('pages 31 invoices by 30, and goes back a page when the last row of page 2 is deleted', async () => {
    const client = await createClient(setup.api, {
      name_razon_social: 'PAGINACION DEL CENTRO',
      rfc: randomRfc('moral'),
      regimenFiscal: '601',
      email: '',
    });
    for (let i = 0; i < 31; i += 1) await preFactura({ client_id: client.id });

    const page = await signedIn();
    await page.goto('/facturacion/facturas?rfc_name=PAGINACION');
    const rows = page.getByTestId('factura-row');
    await expect.poll(() => rows.count()).toBe(30);
    expect(await page.getByTestId('list-range').innerText()).toBe('Mostrando 1–30 de 31');
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.waitForURL('**/facturacion/facturas?page=2&rfc_name=PAGINACION');
    await expect.poll(() => rows.count()).toBe(1);
    await screenshot(page, 'facturas-pagina-2');

    await rows
      .first()
      .getByRole('button', { name: /Acciones/ })
      .click();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL('**/facturacion/facturas?rfc_name=PAGINACION');
    await expect
      .poll(() => page.getByTestId('list-range').innerText())
      .toBe('Mostrando 1–30 de 30');
    expect(await page.getByRole('button', { name: 'Página 2' }).count()).toBe(0);

    await page.getByLabel('Registros por página').selectOption('50');
    await page.waitForURL('**/facturacion/facturas?per_page=50&rfc_name=PAGINACION');
    await expect.poll(() => rows.count()).toBe(30);
    await page.close();
  });
});
