import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SerieResponse } from '@repo/contracts/series';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, newPage, screenshot } from '../fixtures/browser.ts';
import { setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** The month before today's in Tiempo del Centro (CP 42501): the global a shop issues now. */
function mesAnterior(): { month: number; year: number } {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
    .format(new Date())
    .split('-')
    .map(Number);
  return m === 1 ? { month: 12, year: y! - 1 } : { month: m! - 1, year: y! };
}

/** A month of tickets in the template's columns: 40 sales, the 7th with a subtotal mistyped. */
async function hojaDeTickets(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ventas');
  ws.addRow(['Folio de venta', 'Grupo de impuestos', 'Subtotal', 'Descuento', 'Total de la venta']);
  for (let i = 1; i <= 40; i++) {
    const grupo = i % 4 === 0 ? 'IVA 0%' : 'IVA 16%';
    ws.addRow([`TK-${1000 + i}`, grupo, i === 7 ? '12,5O' : 100 + i, '', '']);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'tickets-')), 'tickets.xlsx');
  writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
  return file;
}

describe('the global invoice journey', () => {
  it('imports a month of tickets, fixes the bad row, saves, edits, stamps and downloads the global', async () => {
    const setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Elena Vidal' });
    const { api, enterpriseId } = setup;
    // A new account starts with serie G of global invoices and the IVA 0% tax group.
    const globales = await api.get<SerieResponse[]>(`series/${enterpriseId}/facturas-globales`);
    expect(globales.map((s) => `${s.serie}-${s.folio}`)).toEqual(['G-1']);
    const grupos = await api.get<{ name: string }[]>('rubros-impuestos');
    expect(grupos.map((g) => g.name)).toContain('IVA 0%');
    const { month, year } = mesAnterior();
    const mes = MESES[month - 1]!;

    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, setup.session);

    // The year list: twelve months, the last one not issued yet.
    await page.goto(`/facturacion/facturas-globales?year=${year}`);
    const fila = page.getByTestId(`global-mes-${month}`);
    await fila.getByText('Sin emitir').waitFor();
    await screenshot(page, 'globales-lista-sin-emitir');
    await fila.getByRole('link', { name: 'Emitir' }).click();
    await page.waitForURL(`**/facturacion/facturas-globales/nuevo/${month}/${year}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`${mes} ${year}`) }).waitFor();

    // The template, then the month's tickets from a spreadsheet: one bad row reported.
    const [plantilla] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla' }).click(),
    ]);
    expect(plantilla.suggestedFilename()).toBe('Plantilla de ventas para factura global.xlsx');
    await page.locator('#ventas-archivo').setInputFiles(await hojaDeTickets());
    await page.getByRole('button', { name: 'Importar archivo' }).click();
    const reporte = page.getByTestId('import-report');
    await reporte.getByText('Se leyeron 40 ventas; 1 con errores').waitFor();
    await reporte.getByText(/Fila 8 \(folio TK-1007\): El subtotal de la venta/).waitFor();
    await page.getByText('1 venta tiene errores').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    await screenshot(page, 'globales-importacion-con-error');

    // Fixed in place: the total is the engine's, live.
    await page.getByLabel('Solo ventas con errores (1)').check();
    await page.getByLabel('Subtotal 7').fill('107');
    await page.getByText('1 venta tiene errores').waitFor({ state: 'detached' });
    // 30 sales at 16 % ($ 3,600.00) and 10 at 0 % ($ 1,220.00): $ 4,820.00 + $ 576.00 of IVA.
    await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 5,396.00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/facturacion\/facturas-globales\/editar\/\d+$/);

    // The year list shows it saved; its row opens the edit form.
    await page.goto(`/facturacion/facturas-globales?year=${year}`);
    await fila.getByText('Guardada').waitFor();
    expect(await fila.locator('td').nth(6).innerText()).toBe('$ 5,396.00');
    await fila.getByRole('link', { name: 'Continuar' }).click();
    await page.waitForURL(/\/facturacion\/facturas-globales\/editar\/\d+$/);

    // Edited: one more sale typed by hand, then stamped.
    await page.getByRole('button', { name: 'Agregar venta' }).click();
    await page.getByLabel('Folio de venta 41').fill('TK-1041');
    await page.getByLabel('Grupo de impuestos 41').selectOption({ label: 'IVA 16%' });
    await page.getByLabel('Subtotal 41').fill('200');
    await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 5,628.00');
    await screenshot(page, 'globales-editar');
    await page.getByRole('button', { name: 'Timbrar' }).click();
    // It asks first, with the total and the credit it spends.
    const dialogo = page.getByRole('dialog');
    expect(await dialogo.getByTestId('timbrar-total').innerText()).toBe('$ 5,628.00');
    await dialogo.getByRole('button', { name: 'Timbrar' }).click();
    await page.waitForURL(/\/facturacion\/facturas-globales\/detalle\/\d+$/);
    // Stamped by the sandbox PAC: the screen says it has no fiscal validity.
    await page.getByTestId('sin-validez-fiscal').waitFor();
    await page.getByTestId('global-status').getByText('Timbrada').waitFor();
    const uuid = await page.getByTestId('global-uuid').innerText();
    expect(uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(await page.getByTestId('global-detalle-total').innerText()).toBe('$ 5,628.00');
    await screenshot(page, 'globales-detalle');

    // XML and PDF.
    const [xmlFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    const xml = await readFile(await xmlFile.path(), 'utf8');
    expect(xml).toContain(`UUID="${uuid}"`);
    expect(xml).toContain(
      `<cfdi:InformacionGlobal Periodicidad="04" Meses="${String(month).padStart(2, '0')}" Año="${year}"/>`,
    );
    expect(xml.match(/ClaveProdServ="01010101"/g)).toHaveLength(41);
    expect(xml).toMatch(/<cfdi:Comprobante[^>]*\sTotal="5628.00"/);
    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const pdf = await readFile(await pdfFile.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const pdfPath = join(SCREENSHOT_DIR, 'globales-detalle.pdf');
    writeFileSync(pdfPath, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      join(SCREENSHOT_DIR, 'globales-pdf'),
    ]);
    expect(readFileSync(join(SCREENSHOT_DIR, 'globales-pdf-1.png')).length).toBeGreaterThan(0);

    // The year list changed: stamped, with its serie and folio; the row opens the detail.
    await page.goto(`/facturacion/facturas-globales?year=${year}`);
    await fila.getByText('Timbrada').waitFor();
    expect(await fila.locator('td').nth(2).innerText()).toBe('G 1');
    await screenshot(page, 'globales-lista-timbrada');
    await fila.getByRole('link', { name: 'Ver detalle' }).click();
    await page.waitForURL(/\/facturacion\/facturas-globales\/detalle\/\d+$/);

    // The same screens on a phone.
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto(`/facturacion/facturas-globales?year=${year}`);
    await phone.getByTestId(`global-mes-${month}`).getByText('Timbrada').waitFor();
    await screenshot(phone, 'globales-lista-telefono');
    await phone.goto(page.url().replace(journey.app.url, ''));
    await phone.getByTestId('global-status').waitFor();
    await screenshot(phone, 'globales-detalle-telefono');
  }, 180_000);
});
