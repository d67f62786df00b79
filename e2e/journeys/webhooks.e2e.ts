import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificarFirma } from '../../apps/api/src/modules/webhooks/firma.ts';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, facturaDraft, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// A shop connects its system: it registers the address of its receiver, keeps the secret, and sees
// every stamp arrive signed; a receiver that fails shows in the log and "Reenviar" sends it again.
// The receiver runs on this machine, so the server is told it may call private addresses.
const journey = useJourney({ env: { WEBHOOKS_RED_PRIVADA: 'on' } });
let setup: FacturacionSetup;
let receptor: Server;
let url = '';
const recibidos: { headers: IncomingHttpHeaders; body: string }[] = [];
let falla = false;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Tienda Conectada' });
  receptor = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      recibidos.push({ headers: req.headers, body });
      res.statusCode = falla ? 503 : 200;
      res.end(falla ? 'mantenimiento' : 'ok');
    });
  });
  await new Promise<void>((r) => receptor.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/avisos`;
});
afterAll(() => new Promise((r) => receptor.close(r)));

describe('webhooks', () => {
  it('registers a receiver, keeps the secret, gets a signed stamp, and resends a failed test', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto('/configuraciones');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/configuraciones/webhooks');

    const form = page.getByTestId('nuevo-webhook-form');
    await form.getByLabel('Dirección (URL) que recibirá los avisos').fill('ftp://tienda');
    await form.getByRole('button', { name: 'Agregar webhook' }).click();
    expect(await form.innerText()).toContain('Escriba una dirección completa');

    await form.getByLabel('Dirección (URL) que recibirá los avisos').fill(url);
    await form.getByLabel('Descripción').fill('Tienda en línea');
    await form.getByLabel(/pago\.registrado/).check();
    await form.getByRole('button', { name: 'Agregar webhook' }).click();
    const secreto = await page.getByTestId('webhook-secreto').inputValue();
    expect(secreto).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-secreto');
    await page.getByRole('button', { name: 'Ya lo guardé' }).click();
    await expect.poll(() => page.getByText('no se volverá a mostrar').count()).toBe(0);

    // A stamp arrives signed with that secret.
    await setup.api.send('POST', 'facturacion/V40/facturas-ingreso', facturaDraft(setup));
    await expect.poll(() => recibidos.length, { timeout: 20_000 }).toBe(1);
    const [r] = recibidos;
    expect(JSON.parse(r!.body)).toMatchObject({ evento: 'documento.timbrado' });
    const ahora = Math.floor(Date.now() / 1000);
    expect(verificarFirma(secreto, String(r!.headers['x-facturacion-firma']), r!.body, ahora)).toBe(
      true,
    );

    const tarjeta = page.locator('[data-testid^="webhook-"]').first();
    await tarjeta.getByRole('button', { name: 'Ver entregas' }).click();
    const log = tarjeta.locator('[data-testid^="entregas-"]');
    await expect.poll(() => log.innerText()).toContain('Entregada');
    expect(await log.innerText()).toContain('HTTP 200');

    // The receiver is down for maintenance: the test delivery fails and waits for its retry.
    falla = true;
    await tarjeta.getByRole('button', { name: 'Enviar prueba' }).click();
    await expect.poll(() => log.innerText()).toContain('HTTP 503');
    expect(await log.locator('tr', { hasText: 'webhook.prueba' }).innerText()).toContain(
      'Pendiente',
    );
    falla = false;
    await log
      .locator('tr', { hasText: 'webhook.prueba' })
      .getByRole('button', { name: 'Ver' })
      .click();
    const dialogo = page.getByRole('dialog');
    await expect.poll(() => dialogo.innerText()).toContain('mantenimiento');
    expect(await dialogo.getByTestId('entrega-encabezados').innerText()).toContain(
      'x-facturacion-firma: t=',
    );
    await screenshot(page, 'webhooks-entrega');
    await dialogo.getByRole('button', { name: 'Reenviar' }).click();
    await expect.poll(() => dialogo.innerText()).toContain('HTTP 200');
    await dialogo.getByRole('button', { name: 'Cerrar' }).click();
    await expect
      .poll(() => log.locator('tr', { hasText: 'webhook.prueba' }).innerText())
      .toContain('Entregada');
    await screenshot(page, 'webhooks-escritorio');
    await page.context().close();
  });

  it('on a phone the screen and its log fit the width', async () => {
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(page, setup.session);
    await page.goto('/configuraciones/webhooks');
    const tarjeta = page.locator('[data-testid^="webhook-"]').first();
    await tarjeta.getByRole('button', { name: 'Ver entregas' }).click();
    await tarjeta.locator('[data-testid^="entregas-"]').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'webhooks-telefono');
    await page.context().close();
  });
});
