import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateShareLinkResponse } from '@repo/contracts/comprobantes';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion, facturaDraft } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Honest test mode: the app starts on the sandbox PAC, so everything it stamps says it has no
// fiscal validity — the header, the detail, the share page, the PDF and the e-mail.
const journey = useJourney();
let setup: FacturacionSetup;
let factura: FacturaDetail;
let shareUrl: string;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Marta Ríos' });
  ({ factura } = await setup.api.send<TimbrarFacturaResponse>(
    'POST',
    'facturacion/V40/facturas-ingreso',
    facturaDraft(setup),
  ));
  shareUrl = (
    await setup.api.send<CreateShareLinkResponse>(
      'POST',
      `comprobantes/v40/${String(factura.id)}/create-share-invoice-link`,
      { share_method: 'link' },
    )
  ).url;
});

describe('the header', () => {
  it.each([1200, 1366, 1440])(
    'fits one line at %i px with the test-mode mark, the credits and the enterprise',
    async (width) => {
      const page = await newPage(journey.browser, journey.app.url, { width, height: 860 });
      await signInPage(page, setup.session);
      await page.goto('/facturacion');
      await page.getByTestId('modo-pruebas').waitFor();
      for (const id of ['modo-pruebas', 'nav-credits', 'enterprise-name']) {
        expect(await page.getByTestId(id).isVisible(), id).toBe(true);
      }
      expect(await page.getByRole('link', { name: 'Productos y servicios' }).isVisible()).toBe(
        true,
      );
      // One line: no taller than the navbar with a single row of links.
      const height = await page
        .locator('header')
        .evaluate((el) => el.getBoundingClientRect().height);
      await screenshot(page, `cabecera-${String(width)}`);
      expect(height).toBeLessThan(80);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.getByTestId('nav-credits').click();
      await page.getByRole('heading', { name: 'Comprar créditos' }).waitFor();
      await page.context().close();
    },
  );
});

describe.each([
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const)('Modo de pruebas, %s', (name, viewport) => {
  it('the header carries the mark and the stamped invoice says it has no fiscal validity', async () => {
    const page = await newPage(journey.browser, journey.app.url, viewport);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas/detalle/${String(factura.id)}`);
    // Visible without opening the menu, on a phone too.
    await expect.poll(() => page.getByTestId('modo-pruebas').isVisible()).toBe(true);
    expect(await page.getByTestId('modo-pruebas').innerText()).toBe('Modo de pruebas');
    const aviso = page.getByTestId('sin-validez-fiscal');
    await aviso.waitFor();
    expect(await aviso.innerText()).toContain('no tiene validez fiscal');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `pruebas-detalle-${name}`);
    await page.context().close();
  });

  it('the share page says so to whoever opens the link', async () => {
    const page = await newPage(journey.browser, journey.app.url, viewport);
    await page.goto(shareUrl);
    const aviso = page.getByTestId('sin-validez-fiscal');
    await aviso.waitFor();
    expect(await aviso.innerText()).toContain('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
    const body = await page.locator('main').innerText();
    expect(body).not.toContain('El XML es el comprobante fiscal digital');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `pruebas-compartir-${name}`);
    await page.context().close();
  });
});

describe('Modo de pruebas on paper and by e-mail', () => {
  it('the downloaded PDF carries the legend and no SAT QR; the e-mail says it too', async () => {
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas/detalle/${String(factura.id)}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'modo-pruebas-'));
    const file = join(dir, 'factura.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
    expect(text).not.toContain('Verifique este comprobante en el portal del SAT');
    await page.context().close();

    const destino = `pruebas-${String(factura.id)}@cliente.mx`;
    await setup.api.send('POST', `comprobantes/v40/${String(factura.id)}/send-by-email`, {
      emails: [destino],
      comprobante_type: 'factura_ingreso',
    });
    const mail = await journey.smtp.takeMail(destino);
    expect(mail.subject).toMatch(/^\[Prueba sin validez fiscal\]/);
    expect(mail.text).toContain('no tiene validez fiscal');
    expect(mail.text).not.toContain('El XML es el documento con validez fiscal');
  });
});
