import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnticiposResponse } from '@repo/contracts/anticipos';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
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
const PAC = { timeout: 20_000 };
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Arturo Anticipos' });
});

/** A stamped document's PDF, saved and rendered to PNG (pdftoppm) to be looked at. */
async function pdf(page: Page, id: number, nombre: string) {
  const res = await page.request.get(`/api/comprobantes/v40/${id}/get-invoice-pdf`, {
    headers: { authorization: `Bearer ${setup.session.token}` },
  });
  expect(res.status()).toBe(200);
  const file = join(SCREENSHOT_DIR, `${nombre}.pdf`);
  await writeFile(file, await res.body());
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    file,
    join(SCREENSHOT_DIR, nombre),
  ]);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('advances (anticipos)', () => {
  it('an advance received, the invoice for the full value relating it, and its application: each step says what remains, Inicio shows it until applied', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);

    // Step 1 from the screen.
    await page.goto('/facturacion/anticipos');
    await page.getByRole('button', { name: 'Registrar anticipo' }).click();
    const form = page.getByTestId('anticipo-form');
    await page.locator('#anticipo-cliente').fill(setup.client.name_razon_social.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(setup.client.rfc) }).click();
    await form.locator('#anticipo-forma-pago').selectOption('02');
    await form.locator('#anticipo-impuestos').selectOption(String(setup.rubros.iva16.id));
    await form.locator('#anticipo-importe').fill('8620.69');
    await screenshot(page, 'anticipo-form');
    await form.getByRole('button', { name: 'Timbrar factura del anticipo' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByRole('button', { name: 'Timbrar', exact: true }).click();
    const tarjeta = page.getByTestId('anticipo').first();
    await tarjeta.waitFor(PAC);
    expect(await tarjeta.getByTestId('anticipo-paso').innerText()).toBe(
      'Falta: emitir la factura por el valor total',
    );
    expect(await tarjeta.innerText()).toContain('por aplicar $ 10,000.00');
    await screenshot(page, 'anticipos-paso-2');

    await page.goto('/');
    expect(await page.getByTestId('inicio-anticipos').innerText()).toContain(
      'Tiene 1 anticipo sin aplicar por $ 10,000.00.',
    );

    // Step 2: the invoice form comes with the client and the advance related with 07.
    const { data } = await setup.api.get<AnticiposResponse>('facturacion/V40/anticipos');
    const anticipo = data[0]!;
    await page.goto('/facturacion/anticipos');
    await page.getByTestId('emitir-factura-final').click();
    await page.waitForURL(/\/facturacion\/facturas\/nuevo\?anticipo=/);
    const uuids = page.locator('#relacionado-0-uuids');
    await uuids.waitFor();
    expect(await uuids.inputValue()).toBe(anticipo.uuid!.toUpperCase());
    expect(await page.locator('#relacionado-0-tipo').inputValue()).toBe('07');
    expect(await page.locator('#factura-cliente').inputValue()).toContain(setup.client.rfc);
    await screenshot(page, 'anticipo-factura-final-form');
    const { factura } = await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      facturaDraft(setup, {
        precio: '50000.00',
        cfdi_relacionados: [{ tipo_relacion: '07', uuids: [anticipo.uuid!] }],
      }),
    );

    // Step 3 from the screen.
    await page.goto('/facturacion/anticipos');
    const paso3 = page.getByTestId('anticipo').first();
    expect(await paso3.getByTestId('anticipo-paso').innerText()).toBe('Falta: aplicar el anticipo');
    expect(await paso3.innerText()).toContain(`${factura.serie}-${factura.folio}`);
    await screenshot(page, 'anticipos-paso-3');
    await paso3.getByRole('button', { name: 'Aplicar anticipo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByTestId('sin-anticipos').waitFor(PAC);
    await page.locator('#anticipos-estado').selectOption('todos');
    const hecho = page.getByTestId('anticipo').first();
    expect(await hecho.getByTestId('anticipo-paso').innerText()).toBe('Aplicado');
    expect(await hecho.innerText()).toContain('por aplicar $ 0.00');
    await screenshot(page, 'anticipos-aplicado');
    await page.goto('/');
    await page.getByTestId('inicio-por-cobrar').waitFor();
    expect(await page.getByTestId('inicio-anticipos').count()).toBe(0);

    const final = await setup.api.get<AnticiposResponse>('facturacion/V40/anticipos');
    const a = final.data[0]!;
    expect(await pdf(page, a.id, 'anticipo-factura')).toContain('Anticipo del bien o servicio');
    expect(await pdf(page, factura.id, 'anticipo-factura-final')).toContain(anticipo.uuid!);
    expect(await pdf(page, a.aplicaciones[0]!.id, 'anticipo-aplicacion')).toContain(
      'Aplicación de anticipo',
    );

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, setup.session);
    await phone.goto('/facturacion/anticipos');
    await phone.locator('#anticipos-estado').selectOption('todos');
    await phone.getByTestId('anticipo').first().waitFor();
    await phone.getByRole('button', { name: 'Registrar anticipo' }).click();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'anticipos-telefono');
  }, 180_000);
});
