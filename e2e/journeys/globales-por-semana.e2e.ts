import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { periodosDelMes } from '@repo/cfdi/calc';
import type { FacturaGlobalResponse } from '@repo/contracts/facturas-globales';
import type { SerieResponse } from '@repo/contracts/series';
import { signInPage } from '../fixtures/accounts.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  horizontalOverflow,
  newPage,
  screenshot,
} from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 25: a global invoice by week (c_Periodicidad 02), several in one month; the week still
// running is offered but cannot be stamped.
const journey = useJourney();
let setup: FacturacionSetup;
const PAC = { timeout: 20_000 };

/** Today in Tiempo del Centro (CP 42501), and a month that has an ended week and (maybe) a running one. */
function semanas() {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(),
  );
  let [year, month] = hoy.split('-').map(Number) as [number, number];
  if (!periodosDelMes('02', year, month).some((p) => p.fin < hoy)) {
    [year, month] = month === 1 ? [year - 1, 12] : [year, month - 1];
  }
  const todas = periodosDelMes('02', year, month);
  const terminadas = todas.filter((p) => p.fin < hoy);
  return { hoy, year, month, ultima: terminadas[terminadas.length - 1]!, todas };
}

describe('a global invoice by week', () => {
  it('chooses the week, stamps it, and lists it under its month; a running week cannot be stamped', async () => {
    const { hoy, year, month, ultima, todas } = semanas();
    setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Ibarra' });
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas-globales/nuevo/${month}/${year}`);
    await page.getByLabel('Periodicidad').selectOption('02');
    // The week offered first is the last one of the month that has ended.
    const semana = page.getByLabel('Semana');
    expect(await semana.inputValue()).toBe(ultima.inicio);
    const enCurso = todas.find((p) => p.inicio <= hoy && hoy <= p.fin);
    if (enCurso) {
      await semana.selectOption(enCurso.inicio);
      await page.getByTestId('global-en-curso').waitFor();
      expect(await page.getByTestId('global-en-curso').innerText()).toContain('aún no termina');
      await semana.selectOption(ultima.inicio);
    }
    if ((await page.getByLabel('Folio de venta 1').count()) === 0)
      await page.getByRole('button', { name: 'Agregar venta' }).click();
    await page.getByLabel('Folio de venta 1').fill('S-1');
    await page.getByLabel('Grupo de impuestos 1').selectOption({ label: 'IVA 16%' });
    await page.getByLabel('Subtotal 1').fill('500');
    await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 580.00');
    await page.getByText(`Ventas del periodo ${ultima.nombre}`).waitFor();
    await screenshot(page, 'globales-semana-form');
    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByText(ultima.nombre, { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page
      .waitForURL(/\/facturacion\/facturas-globales\/detalle\/\d+$/, PAC)
      .catch(async (e) => {
        await screenshot(page, 'globales-semana-error');
        throw e;
      });
    await page.getByTestId('global-status').getByText('Timbrada').waitFor();
    await page.getByText('02 - Semanal').waitFor();
    await screenshot(page, 'globales-semana-detalle');

    const [xmlFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    const xml = await readFile(await xmlFile.path(), 'utf8');
    expect(xml).toContain(
      `<cfdi:InformacionGlobal Periodicidad="02" Meses="${String(month).padStart(2, '0')}" Año="${year}"/>`,
    );
    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const pdfPath = join(SCREENSHOT_DIR, 'globales-semana.pdf');
    writeFileSync(pdfPath, await readFile(await pdfFile.path()));
    const texto = execFileSync('pdftotext', [pdfPath, '-']).toString();
    expect(texto).toMatch(/Semanal/);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      join(SCREENSHOT_DIR, 'globales-semana-pdf'),
    ]);
    expect(readFileSync(join(SCREENSHOT_DIR, 'globales-semana-pdf-1.png')).length).toBeGreaterThan(
      0,
    );

    // The month lists the week under it, and offers another global for the month.
    await page.goto(`/facturacion/facturas-globales?year=${year}`);
    const fila = page.getByTestId(`global-mes-${month}`);
    await fila.getByText('1 por periodo').waitFor();
    await fila.getByRole('link', { name: 'Emitir otra' }).waitFor();
    await page.getByText(ultima.nombre).waitFor();
    await screenshot(page, 'globales-semana-lista');

    // The same week again is refused: its sales are already in a stamped global.
    await page.goto(`/facturacion/facturas-globales/nuevo/${month}/${year}`);
    await page.getByLabel('Periodicidad').selectOption('02');
    expect(await page.getByLabel('Semana').inputValue()).toBe(ultima.inicio);
    if ((await page.getByLabel('Folio de venta 1').count()) === 0)
      await page.getByRole('button', { name: 'Agregar venta' }).click();
    await page.getByLabel('Folio de venta 1').fill('S-2');
    await page.getByLabel('Grupo de impuestos 1').selectOption({ label: 'IVA 16%' });
    await page.getByLabel('Subtotal 1').fill('100');
    await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 116.00');
    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page
      .getByTestId('global-errores')
      .getByText('ya fue timbrada', { exact: false })
      .waitFor(PAC);
    await page.context().close();

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto(`/facturacion/facturas-globales?year=${year}`);
    await phone.getByTestId(`global-mes-${month}`).getByText('1 por periodo').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'globales-semana-lista-telefono');
    await phone.goto(`/facturacion/facturas-globales/nuevo/${month}/${year}`);
    await phone.getByLabel('Periodicidad').selectOption('02');
    await phone.getByLabel('Semana').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'globales-semana-form-telefono');
    await phone.context().close();
  }, 180_000);

  it('a sale of a stamped global is invoiced to a customer: the global is cancelled (04) and re-issued without it', async () => {
    const { year, month } = semanas();
    const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
    const [serie] = await setup.api.get<SerieResponse[]>(
      `series/${setup.enterpriseId}/facturas-globales`,
    );
    const global = await setup.api.send<FacturaGlobalResponse>(
      'POST',
      'facturacion/V40/facturas-globales',
      {
        formaPago: '01',
        month: m,
        year: y,
        periodicidad: '03',
        dia: `${y}-${String(m).padStart(2, '0')}-01`,
        serie: { id: serie!.id },
        partidas: [
          { folioVenta: 'TK-1', grupoImpuestosId: setup.rubros.iva16.id, subtotal: '100.00' },
          { folioVenta: 'TK-2', grupoImpuestosId: setup.rubros.iva16.id, subtotal: '250.00' },
        ],
      },
    );
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas-globales/detalle/${global.id}`);
    await page.getByText('03 - Quincenal').waitFor();
    await page.getByTestId('venta-nominativa-TK-2').click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText('motivo 04', { exact: false }).waitFor();
    await screenshot(page, 'globales-nominativa-dialogo');
    await dialogo.getByRole('button', { name: 'Cancelar y timbrar sin la venta' }).click();
    await page.waitForURL('**/facturacion/facturas/nuevo', PAC);
    await page.getByText('Ahora emita la factura de la venta TK-2', { exact: false }).waitFor();
    await screenshot(page, 'globales-nominativa-factura');

    const lista = await setup.api.send<{
      months: { month: number; por_periodo: { status: string; ventas: number }[] }[];
    }>('POST', 'facturacion/V40/facturas-globales/search', { year: y });
    const delMes = lista.months.find((x) => x.month === m)!.por_periodo;
    expect(delMes.map((p) => [p.status, p.ventas])).toEqual([
      ['cancelled', 2],
      ['timbrada', 1],
    ]);
    await page.goto(`/facturacion/facturas-globales/detalle/${global.id}`);
    await page.getByTestId('global-status').getByText('Cancelada').waitFor();
    await page.context().close();

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto(`/facturacion/facturas-globales?year=${y}`);
    await phone.getByTestId(`global-mes-${m}`).getByText('2 por periodo').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'globales-nominativa-lista-telefono');
    await phone.context().close();
  }, 120_000);
});
