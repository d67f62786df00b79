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

async function api<T>(session: ApiSession, method: string, path: string, body?: unknown) {
  const response = await fetch(`${journey.app.url}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  expect(response.ok, JSON.stringify(json)).toBe(true);
  return json.data;
}

async function signedInPage(): Promise<{ page: Page; session: ApiSession; rubroId: number }> {
  const account = await registerSetUpAccount(journey.app, journey.smtp);
  const session = await login(journey.app.url, account.email, account.password);
  const rubro = await api<{ id: number }>(session, 'POST', 'rubros-impuestos', {
    name: 'Ventas generales',
    objeto_impuesto_key: '01',
  });
  const page = await newPage(journey.browser, journey.app.url);
  await signInPage(page, session);
  return { page, session, rubroId: rubro.id };
}

describe('Productos y servicios', () => {
  it('creates a product through the form with the SAT catalogs, edits it and deletes it', async () => {
    const { page } = await signedInPage();
    await page.goto('/productos-servicios');
    await page.getByRole('heading', { name: 'Bienvenido a Productos y servicios' }).waitFor();
    await page.getByRole('link', { name: 'Registrar mi primer producto o servicio' }).click();
    await page.waitForURL('**/productos-servicios/nuevo');

    // Saving an empty form names every missing field and creates nothing.
    await page.getByRole('button', { name: 'Guardar producto o servicio' }).click();
    await page.getByText('La clave de producto o servicio del SAT es obligatoria').waitFor();
    await page.getByText('La clave de unidad del SAT es obligatoria').waitFor();
    await page.getByText('El grupo de impuestos es obligatorio').waitFor();

    await page.getByLabel('Descripción').fill('<b>Laptop</b> Lenovo\n14 pulgadas');
    await page.getByText('Descripción disponible').waitFor();
    await page.getByLabel('Código interno (opcional)').fill('LAP-001');
    await page.getByText('Código disponible').waitFor();
    await page.getByLabel('Precio unitario').fill('18500.5');
    await page.getByText('$ 18,500.50 antes de impuestos').waitFor();
    await page.getByLabel('Grupo de impuestos').selectOption({ label: 'Ventas generales' });

    await page.getByLabel('Clave de producto o servicio').fill('computadora portatil');
    await page.getByRole('option', { name: /43211503/ }).click();
    expect(await page.getByLabel('Clave de producto o servicio').inputValue()).toMatch(
      /^43211503 - /,
    );
    await page.getByLabel('Clave de unidad').click();
    await page.getByRole('option', { name: /H87/ }).waitFor();
    await page.getByLabel('Clave de unidad').fill('kilogramo');
    await page.getByRole('option', { name: /KGM/ }).first().waitFor();
    await page.getByLabel('Clave de unidad').press('Escape');
    await page.getByLabel('Clave de unidad').fill('pieza');
    await page.getByRole('option', { name: /^H87/ }).click();
    await page.getByLabel('Número de cuenta predial (opcional)').fill('12-34 A/5');
    expect(await page.getByLabel('Número de cuenta predial (opcional)').inputValue()).toBe(
      '1234A5',
    );
    await screenshot(page, 'productos-servicios-nuevo');
    await page.getByRole('button', { name: 'Guardar producto o servicio' }).click();

    await page.waitForURL((url) => url.pathname === '/productos-servicios');
    const row = page.getByRole('row', { name: /Laptop Lenovo 14 pulgadas/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('$ 18,500.50');
    expect(await row.textContent()).toContain('43211503');
    expect(await row.textContent()).toContain('H87');
    await screenshot(page, 'productos-servicios-lista');

    // The same description and internal code are refused by the asynchronous checks.
    await page.getByRole('link', { name: 'Nuevo producto o servicio' }).click();
    await page.getByLabel('Descripción').fill('Laptop Lenovo 14 pulgadas');
    await page.getByText('Ya existe un producto o servicio con esta descripción').waitFor();
    await page.getByLabel('Código interno (opcional)').fill('LAP-001');
    await page
      .getByText('Ya existe un producto o servicio con el código interno LAP-001')
      .waitFor();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    // Leaving a form with unsaved changes asks first.
    await page.getByRole('dialog').getByText('Tiene cambios sin guardar').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Salir sin guardar' }).click();

    await row.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL('**/productos-servicios/editar/*');
    expect(await page.getByLabel('Número de cuenta predial (opcional)').inputValue()).toBe(
      '1234A5',
    );
    await page.getByLabel('Precio unitario').fill('19000');
    await page.getByRole('button', { name: 'Guardar producto o servicio' }).click();
    await page.waitForURL((url) => url.pathname === '/productos-servicios');
    await page.getByRole('cell', { name: '$ 19,000.00' }).waitFor();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByRole('dialog')
      .getByText('¿Desea eliminar «Laptop Lenovo 14 pulgadas»?')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('heading', { name: 'Bienvenido a Productos y servicios' }).waitFor();
  });

  it('imports the template with a rejected row and its reason, exports Productos y Servicios', async () => {
    const { page } = await signedInPage();
    await page.goto('/productos-servicios/importar');

    // The official catalogues that help fill the template.
    await page.getByRole('link', { name: 'Catálogo de productos y servicios' }).click();
    await page.getByLabel('Buscar en el catálogo').fill('gato');
    await page.getByRole('cell', { name: '10101501', exact: true }).waitFor();
    await screenshot(page, 'productos-servicios-catalogo');
    await page.goto('/productos-servicios/importar/catalogo-unidades-medida?search=pieza');
    await page.getByRole('cell', { name: 'H87', exact: true }).waitFor();
    await page.goto('/productos-servicios/importar');

    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar plantilla' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe(
      'Plantilla de importación de productos y servicios.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await readFile((await template.path()) ?? '')) as unknown as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the template has no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const fill = (row: number, values: Record<string, string>) => {
      for (const [header, value] of Object.entries(values)) {
        const index = headers.indexOf(header);
        expect(index, header).toBeGreaterThan(0);
        sheet.getRow(row).getCell(index).value = value;
      }
    };
    const row = (clave: string, description: string) => ({
      'Clave de producto o servicio SAT': clave,
      'Clave de unidad SAT': 'H87',
      Descripción: description,
      'Precio unitario': '250',
      'Grupo de impuestos': 'Ventas generales',
    });
    fill(2, row('43211708', 'Mouse inalámbrico'));
    fill(3, row('99999999', 'Clave inventada'));
    const filled = join(SCREENSHOT_DIR, 'productos-importacion.xlsx');
    await writeFile(filled, Buffer.from(await workbook.xlsx.writeBuffer()));

    await page.getByLabel('Archivo de Excel (.xlsx)').setInputFiles(filled);
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.waitForURL('**/productos-servicios/importar/reporte');
    expect(await page.getByTestId('import-created').textContent()).toBe('1');
    expect(await page.getByTestId('import-rejected').textContent()).toBe('1');
    const rejected = page.getByTestId('import-row-3');
    expect(await rejected.textContent()).toContain('Clave inventada');
    expect(await rejected.textContent()).toContain('Clave de producto o servicio SAT');
    await screenshot(page, 'productos-servicios-importar-reporte');

    await page.getByRole('link', { name: 'Ir a Productos y servicios' }).click();
    await page.getByRole('cell', { name: '$ 250.00' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);

    const exportDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const exported = await exportDownload;
    expect(exported.suggestedFilename()).toBe('Productos y Servicios.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await exported.path()) ?? '')) as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(2).values as unknown[]).toContain('Mouse inalámbrico');
  });
});
