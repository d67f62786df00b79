import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReciboResponse } from '@repo/contracts/recibos';
import { signInPage } from '../fixtures/accounts.ts';
import {
  DESKTOP,
  PHONE,
  horizontalOverflow,
  newPage,
  pick,
  screenshot,
} from '../fixtures/browser.ts';
import { createProduct, type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 28: receipts typed at the counter and imported from a spreadsheet, each with its folio and
// self-invoicing code as one from the API.
const journey = useJourney();
let setup: FacturacionSetup;
const hoy = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Panadería del Mostrador' });
  await createProduct(setup.api, setup.rubros.iva16.id, {
    description: 'Concha de vainilla',
    internal_code: 'PAN-01',
    unity_price: '12.50',
    productServiceObj: { clave: '50181900' },
    unitsObj: { clave: 'H87' },
  });
});

async function recibos() {
  const r = await setup.api.get<{ data: ReciboResponse[] }>(`recibos/${setup.enterpriseId}`);
  return r.data;
}

describe('receipts typed on the screen and imported from a spreadsheet', () => {
  it('types a receipt with a catalog product: its folio, code and QR open at once', async () => {
    for (const [nombre, viewport] of [
      ['escritorio', DESKTOP],
      ['telefono', PHONE],
    ] as const) {
      const page = await newPage(journey.browser, journey.app.url, viewport);
      await signInPage(page, setup.session);
      await page.goto('/facturacion/recibos');
      await page.getByRole('button', { name: 'Nuevo recibo' }).click();
      await pick(page, 'recibo-linea-0-producto', 'Concha');
      // The product's price and tax group come with it
      expect(await page.locator('#recibo-linea-0-precio').inputValue()).toBe('12.50');
      await page.locator('#recibo-linea-0-cantidad').fill('4');
      await page.locator('#recibo-forma-pago').selectOption('04');
      await screenshot(page, `recibos-nuevo-${nombre}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.getByRole('button', { name: 'Registrar recibo' }).click();
      const detalle = page.getByTestId('recibo-detalle');
      await detalle.waitFor();
      // 4 × $12.50 + IVA 16 % = $58.00
      await detalle.getByText('$ 58.00').waitFor();
      await detalle.getByRole('img', { name: /Código QR/ }).waitFor();
      await screenshot(page, `recibos-nuevo-qr-${nombre}`);
      await page.context().close();
    }
    const lista = await recibos();
    expect(lista.map((r) => [r.folio, r.total, r.forma_pago])).toEqual([
      [2, '58.00', '04'],
      [1, '58.00', '04'],
    ]);
    expect(lista[0]!.codigo).toMatch(/^[0-9A-Z]{12}$/);
  });

  it('imports a CSV: a bad row names its row and column and imports nothing; fixed, all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recibos-e2e-'));
    const malo = join(dir, 'ventas-malo.csv');
    const bueno = join(dir, 'ventas.csv');
    const encabezado =
      'Ticket,Fecha,Forma de pago,Producto,Cantidad,Precio unitario,Grupo de impuestos';
    writeFileSync(
      malo,
      [encabezado, `C-1,${hoy()},01,PAN-01,2,,`, `C-2,${hoy()},01,PAN-01,cero,,`].join('\n'),
    );
    writeFileSync(
      bueno,
      [encabezado, `C-1,${hoy()},01,PAN-01,2,,`, `C-2,${hoy()},01,PAN-01,1,,`].join('\n'),
    );
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(page, setup.session);
    await page.goto('/facturacion/recibos');
    await page.getByRole('button', { name: 'Importar recibos' }).click();
    await page.locator('#recibos-archivo').setInputFiles(malo);
    await page.getByRole('button', { name: 'Importar archivo' }).click();
    const errores = page.getByTestId('recibos-import-errores');
    await errores.getByText('No se importó ningún recibo.', { exact: false }).waitFor();
    await errores
      .getByText(
        'Fila 3, columna «Cantidad»: escriba una cantidad mayor que cero, con hasta 6 decimales.',
      )
      .waitFor();
    await screenshot(page, 'recibos-importar-errores-telefono');
    expect(await recibos()).toHaveLength(2);

    await page.locator('#recibos-archivo').setInputFiles(bueno);
    await page.getByRole('button', { name: 'Importar archivo' }).click();
    await page
      .getByTestId('recibos-importados')
      .getByText('Se importaron 2 recibos (folios 3 a 4).', { exact: false })
      .waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'recibos-importar-telefono');
    await page.context().close();
    const lista = await recibos();
    expect(lista.filter((r) => r.referencia).map((r) => [r.referencia, r.total])).toEqual([
      ['C-2', '14.50'],
      ['C-1', '29.00'],
    ]);
  });
});
