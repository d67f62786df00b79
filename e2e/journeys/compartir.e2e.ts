import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateShareLinkResponse } from '@repo/contracts/comprobantes';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, {
    razonSocial: 'COMERCIALIZADORA DEL BAJIO',
  });
});

describe('a shared invoice opens for anyone with the link', () => {
  it('shares a stamped invoice; the link, opened with no session, shows it and downloads its PDF and XML', async () => {
    const { factura } = await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      facturaDraft(setup, { cantidad: '2' }),
    );
    const link = await setup.api.send<CreateShareLinkResponse>(
      'POST',
      `comprobantes/v40/${String(factura.id)}/create-share-invoice-link`,
      { share_method: 'link' },
    );
    expect(link.url.startsWith(`${journey.app.url}/compartir/`)).toBe(true);

    // A visitor: a fresh browser context, no stored session.
    const page = await newPage(journey.browser, journey.app.url);
    await page.goto(link.url);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Factura F-1');
    const body = await page.locator('main').innerText();
    expect(body).toContain('COMERCIALIZADORA DEL BAJIO');
    expect(body).toContain(setup.rfc);
    expect(body).toContain('XOCHILT CASAS CHAVEZ (CACX7605101P8)');
    expect(body).toContain('Vigente');

    expect(await page.title()).toContain('Comprobante compartido');
    await screenshot(page, 'compartir-factura');

    const xmlOficial = await fetch(
      `${journey.app.url}/api/comprobantes/v40/${String(factura.id)}/get-invoice-xml`,
      { headers: { Authorization: `Bearer ${setup.session.token}` } },
    ).then(async (r) => Buffer.from(await r.arrayBuffer()));
    const uuid = /UUID="([0-9A-F-]{36})"/i.exec(xmlOficial.toString('utf8'))?.[1] ?? '';
    expect(body).toContain(uuid);
    // 2 × $1,500.00 + IVA 16 %: the page shows the XML's Total as `$ 1,234.56`.
    expect(xmlOficial.toString('utf8')).toMatch(/<cfdi:Comprobante\b[^>]*\sTotal="3480.00"/);
    expect(await page.getByTestId('total').innerText()).toBe('$ 3,480.00 MXN');

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${setup.rfc}_F-1_${uuid}.pdf`);
    const pdfBytes = await readFile((await pdf.path()) ?? '');
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar XML' }).click(),
    ]);
    expect(xml.suggestedFilename()).toBe(`${setup.rfc}_F-1_${uuid}.xml`);
    const xmlBytes = await readFile((await xml.path()) ?? '');
    expect(xmlBytes.equals(xmlOficial)).toBe(true);
    await page.context().close();
  });

  it('an unknown link says so in Spanish', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await page.goto(`/compartir/${String(setup.enterpriseId)}-${'0'.repeat(64)}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Comprobante no disponible');
    expect(await page.locator('main').innerText()).toContain(
      'El enlace para consultar esta factura no existe o ya expiró.',
    );
    await screenshot(page, 'compartir-no-disponible');
    await page.context().close();
  });
});
