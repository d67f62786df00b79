import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, login, signInPage } from '../fixtures/accounts.ts';
import { SCREENSHOT_DIR, newPage, screenshot } from '../fixtures/browser.ts';
import { registerSetUpAccount } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

async function signedInPage(): Promise<{ page: Page; session: ApiSession }> {
  const account = await registerSetUpAccount(journey.app, journey.smtp);
  const session = await login(journey.app.url, account.email, account.password);
  const page = await newPage(journey.browser, journey.app.url);
  await signInPage(page, session);
  return { page, session };
}

/** A persona moral RFC of the SAT pattern, different for each n below 676. */
function rfcOf(n: number): string {
  const letter = (k: number) => String.fromCharCode(65 + (k % 26));
  return `C${letter(Math.floor(n / 26))}${letter(n)}010203AB1`;
}

async function createClientByApi(session: ApiSession, name: string, rfc: string): Promise<void> {
  const response = await fetch(`${journey.app.url}/api/clients`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      name_razon_social: name,
      rfc,
      usoCfdi: 'G03',
      regimenFiscal: '601',
      address: { codigo_postal: '64000' },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

const rowNames = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();

describe('Mis clientes', () => {
  it('creates a client through the form, edits it and deletes it with the dialog', async () => {
    const { page } = await signedInPage();
    await page.goto('/clientes');
    await page.getByRole('heading', { name: 'Bienvenido a Mis clientes' }).waitFor();
    await screenshot(page, 'clientes-bienvenida');
    await page.getByRole('link', { name: 'Registrar mi primer cliente' }).click();
    await page.waitForURL('**/clientes/nuevo');

    await page.getByLabel('Nombre o razón social').fill('Comercializadora del Norte');
    await page.getByLabel('RFC').fill('CNO0102');
    await page.getByLabel('Nombre o razón social').click();
    await page.getByText('el RFC ingresado no es válido').waitFor();
    // The foreign generic RFC: régimen 616, and the foreign tax id and country become required.
    await page.getByLabel('RFC').fill('XEXX010101000');
    await page.getByText('Extranjero').waitFor();
    await expect.poll(() => page.getByLabel('Régimen fiscal').inputValue()).toBe('616');
    await page.getByRole('button', { name: 'Guardar cliente' }).click();
    await page
      .getByText('el número de registro de identidad fiscal es obligatorio', { exact: false })
      .waitFor();
    await page.getByText('el país de residencia fiscal es obligatorio', { exact: false }).waitFor();
    await page.getByLabel('RFC').fill('cno010203ab1');
    await page.getByText('RFC disponible').waitFor();
    await page.getByText('Persona moral').waitFor();
    await page.getByLabel('Régimen fiscal').selectOption('601');
    await page.getByLabel('Uso del CFDI').selectOption('G03');
    await page.getByLabel('Método de pago (opcional)').selectOption('PPD');
    expect(await page.getByLabel('Forma de pago (opcional)').inputValue()).toBe('99');
    await page.getByLabel('Código postal').fill('64000');
    // The postal code fills estado, municipio and localidad from the SAT catalogs.
    await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('Nuevo León');
    expect(await page.getByLabel('Municipio').inputValue()).toBe('Monterrey');
    await page.getByLabel('Correo electrónico (opcional)').fill('compras@norte.mx, pagos@norte.mx');
    await screenshot(page, 'clientes-nuevo');
    await page.getByRole('button', { name: 'Guardar cliente' }).click();
    await page.waitForURL((url) => url.pathname === '/clientes');
    await page.getByRole('cell', { name: 'CNO010203AB1' }).waitFor();
    expect(await rowNames(page)).toEqual(['Comercializadora del Norte']);
    await page.getByText('compras@norte.mx, pagos@norte.mx').waitFor();
    await screenshot(page, 'clientes-lista');

    // The same RFC again is refused by the asynchronous check.
    await page.getByRole('link', { name: 'Nuevo cliente' }).click();
    await page.getByLabel('RFC').fill('CNO010203AB1');
    await page.getByText('Ya existe un cliente con el RFC CNO010203AB1').waitFor();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    // Leaving a form with unsaved changes asks first.
    await page.getByRole('dialog').getByText('Tiene cambios sin guardar').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Salir sin guardar' }).click();

    await page.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL('**/clientes/editar/*');
    await page.getByLabel('Nombre o razón social').fill('Comercializadora del Norte Dos');
    expect(await page.getByLabel('Forma de pago (opcional)').inputValue()).toBe('99');
    await page.getByRole('button', { name: 'Guardar cliente' }).click();
    await page.waitForURL((url) => url.pathname === '/clientes');
    await page.getByRole('link', { name: 'Comercializadora del Norte Dos' }).waitFor();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¿Desea eliminar el cliente Comercializadora del Norte Dos').waitFor();
    await screenshot(page, 'clientes-eliminar');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rowNames(page)).toEqual(['Comercializadora del Norte Dos']);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('heading', { name: 'Bienvenido a Mis clientes' }).waitFor();
  });

  it('pages, sorts and searches, and follows the list rules when deleting', async () => {
    const { page, session } = await signedInPage();
    for (let n = 0; n < 31; n++) {
      await createClientByApi(session, `Cliente ${String(n + 1).padStart(2, '0')}`, rfcOf(n));
    }
    await page.goto('/clientes');
    await page.getByRole('cell', { name: 'Cliente 01' }).waitFor();
    expect((await rowNames(page)).length).toBe(30);
    expect(await page.getByTestId('list-range').textContent()).toBe('Mostrando 1–30 de 31');

    await page.getByRole('button', { name: /Nombre o razón social/ }).click();
    await page.waitForURL('**/clientes?order_by=name_razon_social&order_direction=desc');
    await page.getByRole('cell', { name: 'Cliente 31' }).waitFor();
    expect((await rowNames(page))[0]).toBe('Cliente 31');
    await page.getByRole('button', { name: /Nombre o razón social/ }).click();
    await page.getByRole('cell', { name: 'Cliente 01' }).waitFor();

    await page.getByLabel('Página 2').click();
    await page.waitForURL('**/clientes?page=2*');
    await page.getByRole('cell', { name: 'Cliente 31' }).waitFor();
    await screenshot(page, 'clientes-pagina-2');
    // Deleting the last item of page 2 goes back to page 1.
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((url) => url.pathname === '/clientes' && !url.search.includes('page='));
    await page.getByRole('cell', { name: 'Cliente 01' }).waitFor();
    await page.getByText('Mostrando 1–30 de 30').waitFor();
    expect(await page.getByLabel('Página 2').count()).toBe(0);

    await page.getByLabel('Registros por página').selectOption('50');
    await page.waitForURL('**/clientes?per_page=50');

    // Searching, then deleting the only match resets the search.
    await page.getByLabel('Buscar clientes').fill(rfcOf(4));
    await page.waitForURL(/search=/);
    await page.getByText('Mostrando 1–1 de 1').waitFor();
    expect(await rowNames(page)).toEqual(['Cliente 05']);
    await page.getByLabel('Buscar clientes').fill('no existe nada así');
    await page.getByText('No se encontraron clientes que coincidan').waitFor();
    await page.getByLabel('Buscar clientes').fill('Cliente 05');
    await page.getByText('Mostrando 1–1 de 1').waitFor();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((url) => !url.search.includes('search='));
    await page.getByText('Mostrando 1–29 de 29').waitFor();
    expect(await page.getByLabel('Buscar clientes').inputValue()).toBe('');
  });

  it('imports the filled-in template with a per-row report, refuses a malformed file, exports Clientes', async () => {
    const { page } = await signedInPage();
    await page.goto('/clientes');
    await page.getByRole('link', { name: 'Importar clientes desde Excel' }).click();
    await page.waitForURL('**/clientes/importar');

    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar plantilla' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('Plantilla de importación de clientes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await readFile((await template.path()) ?? '')) as unknown as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the template has no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const column = (header: string) => {
      const index = headers.indexOf(header);
      expect(index, header).toBeGreaterThan(0);
      return index;
    };
    const fill = (row: number, values: Record<string, string>) => {
      for (const [header, value] of Object.entries(values)) {
        sheet.getRow(row).getCell(column(header)).value = value;
      }
    };
    fill(2, {
      'Nombre o razón social': 'Distribuidora Importada',
      RFC: 'DIM010203AB1',
      'Uso CFDI': 'G03',
      'Régimen fiscal': '601',
      'Código postal': '64000',
    });
    fill(3, {
      'Nombre o razón social': 'Fila con RFC malo',
      RFC: 'NOESUNRFC',
      'Uso CFDI': 'G03',
      'Régimen fiscal': '601',
      'Código postal': '64000',
    });
    const filled = join(SCREENSHOT_DIR, 'clientes-importacion.xlsx');
    await writeFile(filled, Buffer.from(await workbook.xlsx.writeBuffer()));

    // A file that is not a workbook is refused with the server's reason, and nothing is imported.
    const broken = join(SCREENSHOT_DIR, 'clientes-roto.xlsx');
    await writeFile(broken, 'esto no es un libro de Excel');
    await page.getByLabel('Archivo de Excel (.xlsx)').setInputFiles(broken);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page
      .getByTestId('import-failure')
      .getByText('El archivo no es un libro de Excel válido')
      .waitFor();

    await page.getByLabel('Archivo de Excel (.xlsx)').setInputFiles(filled);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.waitForURL('**/clientes/importar/reporte');
    expect(await page.getByTestId('import-created').textContent()).toBe('1');
    expect(await page.getByTestId('import-rejected').textContent()).toBe('1');
    // Only the rejected rows are shown first, with their reason.
    const rejected = page.getByTestId('import-row-3');
    expect(await rejected.textContent()).toContain('Rechazado');
    expect(await rejected.textContent()).toContain('el RFC ingresado no es válido');
    expect(await page.getByTestId('import-row-2').count()).toBe(0);
    await page.getByLabel('Mostrar solo las filas rechazadas').uncheck();
    expect(await page.getByTestId('import-row-2').textContent()).toContain('Creado');
    await screenshot(page, 'clientes-importar-reporte');

    await page.getByRole('link', { name: 'Ir a Mis clientes' }).click();
    await page.getByRole('cell', { name: 'DIM010203AB1' }).waitFor();
    expect(await rowNames(page)).toEqual(['Distribuidora Importada']);

    const exportDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const exported = await exportDownload;
    expect(exported.suggestedFilename()).toBe('Clientes.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await exported.path()) ?? '')) as unknown as ArrayBuffer);
    const values = book.worksheets[0]?.getRow(2).values as unknown[];
    expect(values).toContain('DIM010203AB1');

    // The catalogue pages that help fill the template.
    await page.goto('/clientes/importar/usos-cfdi');
    await page.getByRole('cell', { name: 'G03', exact: true }).waitFor();
    await page.goto('/clientes/importar/regimenes-fiscales');
    await page.getByRole('cell', { name: '601', exact: true }).waitFor();
    await page.goto('/clientes/importar/formas-pago');
    await page.getByRole('cell', { name: '03', exact: true }).waitFor();
  });
});
