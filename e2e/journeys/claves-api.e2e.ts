import { beforeAll, describe, expect, it } from 'vitest';
import { CLAVES_MENSAJES, MODO_HEADER } from '@repo/contracts/claves-api';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 28, a program acts for the enterprise: the owner creates a test key in Configuraciones →
// Claves de API, copies it from the only screen that shows it, a program lists the clients with
// it (in test mode, as every answer says), and once the owner revokes it the same call is refused.
const journey = useJourney();
let setup: FacturacionSetup;

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Tienda Integrada' });
});

const clientesCon = (clave: string) =>
  fetch(`${journey.app.url}/api/clients`, { headers: { Authorization: `Bearer ${clave}` } });

describe('API keys', () => {
  it('creates a test key shown once, the key works against the API, and revoking it stops it', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInPage(page, setup.session);
    await page.goto('/configuraciones');
    await page.getByRole('link', { name: 'Claves de API' }).click();
    await page.waitForURL('**/configuraciones/claves-api');
    await page.getByText('Aún no tiene claves de API').waitFor();

    const form = page.getByTestId('nueva-clave-form');
    await form.getByLabel(/Consultar y descargar/).uncheck();
    await form.getByRole('button', { name: 'Crear clave' }).click();
    expect(await form.innerText()).toContain(CLAVES_MENSAJES.nombre);
    expect(await form.innerText()).toContain(CLAVES_MENSAJES.alcances);

    await form.getByLabel('Nombre').fill('Punto de venta centro');
    await form.getByLabel(/^Pruebas/).check();
    await form.getByLabel(/Consultar y descargar/).check();
    await form.getByLabel(/Emitir, enviar y cancelar/).check();
    await form.getByRole('button', { name: 'Crear clave' }).click();

    const dialogo = page.getByRole('dialog');
    expect(await dialogo.innerText()).toContain('no se volverá a mostrar');
    const mostrada = await dialogo.getByTestId('nueva-clave-valor').inputValue();
    expect(mostrada).toMatch(/^fk_test_/);
    await dialogo.getByRole('button', { name: 'Copiar' }).click();
    await dialogo.getByRole('button', { name: 'Copiada' }).waitFor();
    const clave = await page.evaluate(() => navigator.clipboard.readText());
    expect(clave).toBe(mostrada);
    await screenshot(page, 'claves-api-creada');
    await dialogo.getByRole('button', { name: 'Ya la guardé' }).click();
    await expect.poll(() => page.getByText('no se volverá a mostrar').count()).toBe(0);

    // The list shows it without the key itself: its prefix, mode, permissions in words, its author.
    const tarjeta = page.locator('[data-testid^="clave-"]', { hasText: 'Punto de venta centro' });
    const texto = await tarjeta.innerText();
    expect(texto).toContain('Pruebas · sin validez fiscal');
    expect(texto).toContain('Consultar y descargar');
    expect(texto).toContain('Emitir, enviar y cancelar');
    expect(texto).not.toContain('Configuración: series');
    expect(texto).toContain('por Tienda Integrada');
    expect(texto).toContain('Aún no se ha usado');
    expect(texto).toContain(clave.slice(0, 12));
    expect(await page.locator('main').innerText()).not.toContain(clave);

    const respuesta = await clientesCon(clave);
    expect(respuesta.status).toBe(200);
    expect(respuesta.headers.get(MODO_HEADER)).toBe('pruebas');

    await page.reload();
    expect(await tarjeta.innerText()).not.toContain('Aún no se ha usado');
    await screenshot(page, 'claves-api-escritorio');

    await tarjeta.getByRole('button', { name: 'Revocar' }).click();
    const confirmar = page.getByRole('dialog');
    expect(await confirmar.innerText()).toContain('dejarán de funcionar');
    await confirmar.getByRole('button', { name: 'Revocar clave' }).click();
    await expect.poll(() => tarjeta.innerText()).toContain('Revocada');
    expect(await tarjeta.getByRole('button', { name: 'Revocar' }).count()).toBe(0);
    await screenshot(page, 'claves-api-revocada');

    const rechazada = await clientesCon(clave);
    expect(rechazada.status).toBe(401);
    expect(JSON.stringify(await rechazada.json())).toContain(CLAVES_MENSAJES.invalida);
    await page.context().close();
  });

  it('on a phone the list and the form fit the width', async () => {
    const page = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(page, setup.session);
    await page.goto('/configuraciones/claves-api');
    await page.locator('[data-testid^="clave-"]').first().waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'claves-api-telefono');
    await page.context().close();
  });
});
