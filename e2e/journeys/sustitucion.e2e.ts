import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponse } from '@repo/contracts/clients';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import {
  PHONE,
  SCREENSHOT_DIR,
  horizontalOverflow,
  newPage,
  screenshot,
} from '../fixtures/browser.ts';
import {
  type FacturacionSetup,
  createClient,
  facturaDraft,
  setUpFacturacion,
} from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
// A stamp and a cancellation go through the PAC: on a loaded machine they take a few seconds.
const PAC = { timeout: 20_000 };
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Irma Sustituciones' });
});

describe('Sustituir: an invoice stamped with a wrong RFC, corrected in one action', () => {
  it('the cancel dialog says what the SAT will do; Sustituir stamps the copy and cancels the original with 01', async () => {
    // The client was registered with another person's RFC and invoiced.
    const client = await createClient(setup.api, {
      name_razon_social: 'BERENICE XIMO QUEZADA',
      rfc: 'MISC491214B86',
    });
    const { factura: original } = await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      facturaDraft(setup, { client_id: client.id }),
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas/detalle/${original.id}`);

    // Before any cancellation the dialog says whether the receiver will be asked (regla 2.7.1.35).
    await page.getByRole('button', { name: 'Cancelar factura' }).click();
    const dialogo = page.getByRole('dialog');
    const aviso = dialogo.getByTestId('aceptacion-receptor');
    await aviso.waitFor(PAC);
    // Stamped today: within the business day after its issue (fracción IX).
    expect(await aviso.innerText()).toContain(
      'El SAT la cancelará sin pedir la aceptación del receptor, porque se cancela dentro del día hábil siguiente a su emisión (fracción IX), según la regla 2.7.1.35 de la Resolución Miscelánea Fiscal.',
    );
    expect(await aviso.innerText()).toMatch(/Plazo para cancelarlo: hasta el 31 de marzo de \d{4}/);
    // The spec's motives: no 01 (only through Sustituir) and no 04.
    // The motives come from the SAT catalog, which may arrive after the SAT's answer above.
    const motivos = dialogo.getByLabel('Motivo de cancelación').locator('option');
    await expect
      .poll(async () => (await motivos.allInnerTexts()).map((m) => m.slice(0, 2)))
      .toEqual(['Se', '02', '03']);
    await screenshot(page, 'sustitucion-cancelar-aviso');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'sustitucion-cancelar-aviso-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });
    await dialogo.getByRole('button', { name: 'Regresar' }).click();

    // The RFC is corrected in the client's record, then the invoice is substituted.
    await setup.api.send<ClientResponse>('PUT', `clients/${client.id}`, {
      name_razon_social: 'BERENICE XIMO QUEZADA',
      rfc: 'XIQB891116QE4',
      usoCfdi: 'G03',
      regimenFiscal: '612',
      metodoPago: 'PUE',
      formaPago: '03',
      email: 'berenice.ximo@example.com',
      address: { codigo_postal: '10740' },
      description: '',
    });
    await page.getByRole('link', { name: 'Sustituir' }).click();
    await page.waitForURL(`**/facturacion/facturas/sustituir/${original.id}`);
    await page.getByRole('heading', { name: 'Sustituir factura' }).waitFor();
    expect(await page.getByTestId('sustituye-a').innerText()).toContain(original.uuid ?? '?');
    await page.getByTestId('cliente-datos').getByText('XIQB891116QE4').waitFor();
    // A substitute is stamped, never saved as a pre-invoice.
    expect(await page.getByRole('button', { name: 'Guardar pre factura' }).count()).toBe(0);
    await screenshot(page, 'sustitucion-formulario');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'sustitucion-formulario-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });

    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.waitForURL(/\/facturacion\/facturas\/detalle\/\d+$/, PAC);
    const sustitutoId = Number(/detalle\/(\d+)$/.exec(page.url())?.[1]);
    expect(sustitutoId).not.toBe(original.id);
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
    const sustituto = await setup.api.get<FacturaDetail>(
      `facturacion/V40/facturas-ingreso/${sustitutoId}`,
    );
    expect(sustituto.client_rfc).toBe('XIQB891116QE4');
    const nota = page.getByTestId('sustitucion');
    await expect
      .poll(() => nota.innerText(), PAC)
      .toContain(
        `Sustituye a la factura ${original.serie}-${String(original.folio)} (relación 04)`,
      );
    await screenshot(page, 'sustitucion-detalle');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'sustitucion-detalle-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });

    // The original is cancelled with motive 01 and the substitute's folio fiscal.
    const cancelada = await setup.api.get<FacturaDetail>(
      `facturacion/V40/facturas-ingreso/${original.id}`,
    );
    expect(cancelada.status).toBe('cancelled');
    expect(cancelada.motivo_cancelacion).toBe('01');
    expect(cancelada.folio_sustitucion.toUpperCase()).toBe(sustituto.uuid?.toUpperCase());
    await nota.getByRole('link', { name: `${original.serie}-${String(original.folio)}` }).click();
    await page.waitForURL(`**/facturacion/facturas/detalle/${original.id}`);
    await page.getByRole('heading', { name: /Factura/ }).waitFor();
    await screenshot(page, 'sustitucion-original');
    await expect
      .poll(() => page.getByTestId('sustitucion').innerText(), PAC)
      .toContain(`Sustituida por la factura ${sustituto.serie}-${String(sustituto.folio)}`);
    await screenshot(page, 'sustitucion-original');

    // The substitute's PDF carries the relation (looked at in the screenshots folder).
    await page.goto(`/facturacion/facturas/detalle/${sustitutoId}`);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const ruta = (await pdf.path())!;
    const bytes = await readFile(ruta);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await copyFile(ruta, join(SCREENSHOT_DIR, 'sustitucion-sustituto.pdf'));
  });
});
