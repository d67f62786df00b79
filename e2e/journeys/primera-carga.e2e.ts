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
  it('the new-invoice screen preloads its own chunks, with no script refused by the CSP, and asks each of its API GETs once, with them', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await signInPage(page, setup.session);
    const asked = new Map<string, number>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/')) return;
      const key = `${r.method()} ${url.pathname}${url.search}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
    });
    await page.goto('/facturacion/facturas/nuevo');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    // The test-mode mark and error reporting share one answer of the app's configuration.
    await page.getByText('Modo de pruebas').first().waitFor();
    await page.locator('#factura-cliente').waitFor();
    // The screen's GETs left with its chunks (index.html's preloader) and the app used those
    // answers: each was asked once, the configuration included.
    const enterpriseId = String(setup.enterpriseId);
    await expect.poll(() => asked.get(`GET /api/sellos-fiscales/${enterpriseId}`)).toBe(1);
    for (const path of [
      'client-config',
      'rubros-impuestos',
      'impuestos-trasladados',
      `series/${enterpriseId}/facturas-ingreso`,
      `datos-fiscales/${enterpriseId}`,
      'users/get-total-remaining-credits',
      'catalogos/formas-pagos',
    ])
      expect([path, asked.get(`GET /api/${path}`)]).toEqual([path, 1]);
    expect([...asked.values()].every((n) => n === 1)).toBe(true);
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
