import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage } from '../fixtures/accounts.ts';
import { newPage } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// First load (issue 16): index.html's inline route preloader runs under the app's real
// Content-Security-Policy and asks for the opened screen's chunks beside the entry, instead of
// after it has run (one round trip less on a phone).
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Paula Carga' });
});

describe('first load', () => {
  it('the new-invoice screen preloads its own chunks, with no script refused by the CSP and one configuration call', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await signInPage(page, setup.session);
    const configs: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/client-config')) configs.push(r.url());
    });
    await page.goto('/facturacion/facturas/nuevo');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    // The test-mode mark and error reporting share one answer of the app's configuration.
    await page.getByText('Modo de pruebas').first().waitFor();
    expect(configs).toHaveLength(1);
    const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    );
    expect(preloaded.some((p) => /\/assets\/facturacion-facturas-nuevo-[\w-]+\.js$/.test(p))).toBe(
      true,
    );
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
