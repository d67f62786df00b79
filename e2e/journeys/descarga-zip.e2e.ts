import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { login, signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, facturaDraft, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Lucía Ordaz Peña' });
});

const factura = async () =>
  (
    await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      facturaDraft(setup),
    )
  ).factura;

/** Yesterday to tomorrow: today's documents whatever the zone of the browser and of the issuer. */
function periodo() {
  const dia = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
  return { desde: dia(-86_400_000), hasta: dia(86_400_000) };
}

async function abrir(page: Page) {
  await page.goto('/facturacion/facturas');
  await page.getByRole('button', { name: 'Descargar XML y PDF (ZIP)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Preparar descarga' }).waitFor();
  return dialog;
}

describe("a period's XML and PDF as one ZIP", () => {
  it('prepares it with its progress shown, downloads it by itself, and holds each document', async () => {
    const vigente = await factura();
    const cancelada = await factura();
    await setup.api.send('POST', 'facturacion/V40/cancelar-factura', {
      factura_id: cancelada.id,
      motivo: '02',
    });
    await setup.api.send('POST', 'facturacion/V40/pre-facturas-ingreso', facturaDraft(setup));

    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, setup.session);
    const dialog = await abrir(page);
    const { desde, hasta } = periodo();
    await dialog.getByLabel('Desde').fill(desde);
    await dialog.getByLabel('Hasta').fill(hasta);
    await screenshot(page, 'zip-periodo');

    const download = page.waitForEvent('download', { timeout: 90_000 });
    await dialog.getByRole('button', { name: 'Preparar descarga' }).click();
    await dialog.getByText(/Preparando \d de 2 documentos…/).waitFor();
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuemax')).toBe('2');
    await screenshot(page, 'zip-preparando');

    const zip = await download;
    expect(zip.suggestedFilename()).toBe(`Comprobantes_${desde}_${hasta}.zip`);
    await dialog.getByText('Su descarga del').waitFor();
    await screenshot(page, 'zip-lista');
    const files = unzipSync(new Uint8Array(await readFile(await zip.path())));
    const carpeta = 'Facturas de ingreso';
    const nombre = (f: { folio: number | null; uuid: string | null }) =>
      `${carpeta}/${setup.rfc}_F-${String(f.folio)}_${String(f.uuid)}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        `${nombre(vigente)}.pdf`,
        `${nombre(vigente)}.xml`,
        `${nombre(cancelada)}.pdf`,
        `${nombre(cancelada)}.xml`,
        'Resumen.xlsx',
      ].sort(),
    );
    const xml = Buffer.from(files[`${nombre(vigente)}.xml`]!).toString('utf8');
    expect(xml).toContain(`UUID="${String(vigente.uuid)}"`);
    expect(
      Buffer.from(files[`${nombre(cancelada)}.pdf`]!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('on a phone: a bad period is refused in Spanish, a good one is prepared; a 401 on the download ends the session', async () => {
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    // A session of its own: it is ended at the end of this test.
    const session = await login(journey.app.url, setup.account.email, setup.account.password);
    await signInPage(phone, session);
    const dialog = await abrir(phone);
    await dialog.getByLabel('Desde').fill('2026-03-01');
    await dialog.getByLabel('Hasta').fill('2026-02-01');
    await dialog.getByRole('button', { name: 'Preparar descarga' }).click();
    await dialog
      .getByText('La fecha final del periodo no puede ser anterior a la fecha inicial.')
      .waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'zip-periodo-telefono');

    // A period without documents: the API's Spanish reason, shown in the dialog.
    await dialog.getByLabel('Desde').fill('2001-01-01');
    await dialog.getByLabel('Hasta').fill('2001-01-31');
    await dialog.getByRole('button', { name: 'Preparar descarga' }).click();
    await dialog
      .getByText('No hay comprobantes timbrados ni cancelados en este periodo.')
      .waitFor();

    const { desde, hasta } = periodo();
    await dialog.getByLabel('Desde').fill(desde);
    await dialog.getByLabel('Hasta').fill(hasta);
    const download = phone.waitForEvent('download', { timeout: 90_000 });
    await dialog.getByRole('button', { name: 'Preparar descarga' }).click();
    expect((await download).suggestedFilename()).toBe(`Comprobantes_${desde}_${hasta}.zip`);
    await dialog.getByText('Su descarga del').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'zip-lista-telefono');

    // The session is ended elsewhere: downloading again answers 401 and sends the user to login.
    const revoked = await fetch(`${journey.app.url}/api/users/logout`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(revoked.status).toBe(200);
    await dialog.getByRole('button', { name: 'Descargar de nuevo' }).click();
    await phone
      .getByRole('alert')
      .filter({ hasText: 'Inicie sesión nuevamente, por favor.' })
      .waitFor();
    await phone.waitForURL('**/login');
  });
});
