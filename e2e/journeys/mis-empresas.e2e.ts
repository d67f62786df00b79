import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTestCsd } from '@repo/cfdi/csd';
import { login, registerVerifiedAccount, signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { randomRfc } from '../fixtures/facturacion.ts';
import { completeSetupWithToken } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

describe('an accountant with several RFCs (issue 27)', () => {
  it('adds a second RFC through the wizard, sees both on Mis empresas, and switches by their links', async () => {
    // The accountant's own office, set up at registration, with its welcome credits.
    const primerRfc = randomRfc('fisica');
    const account = await registerVerifiedAccount(journey.app.url, journey.smtp, {
      name: 'Laura Contreras',
      rfc: primerRfc,
    });
    await completeSetupWithToken(journey.app.url, account.newClientToken, {
      razon_social: 'LAURA CONTRERAS DIAZ',
      regimen_fiscal: '612',
    });
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, await login(journey.app.url, account.email, account.password));
    await page.goto('/');

    // "Agregar empresa" from the account menu.
    await page.locator('#account-menu').click();
    await page.getByRole('link', { name: 'Agregar empresa' }).click();
    await page.getByRole('heading', { name: 'Agregar empresa' }).waitFor();
    const rfcField = page.getByLabel('RFC de la empresa');
    await rfcField.fill('ABC12');
    await page.getByRole('button', { name: 'Continuar con la configuración' }).click();
    await page.getByText('el RFC ingresado no es válido').waitFor();
    // An RFC already registered (her own office's) is refused by the API, in Spanish.
    await rfcField.fill(primerRfc);
    await page.getByRole('button', { name: 'Continuar con la configuración' }).click();
    await page.getByText('Ya existe una empresa registrada con este RFC').waitFor();
    await screenshot(page, 'agregar-empresa');
    const phoneForm = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phoneForm, await login(journey.app.url, account.email, account.password));
    await phoneForm.goto('/mis-empresas/agregar');
    await phoneForm.getByRole('heading', { name: 'Agregar empresa' }).waitFor();
    expect(await horizontalOverflow(phoneForm)).toBe(0);
    await screenshot(phoneForm, 'agregar-empresa-telefono');

    // The client's RFC opens the same initial configuration wizard as the first enterprise.
    const rfc = randomRfc('moral');
    await rfcField.fill(rfc.toLowerCase());
    await page.getByRole('button', { name: 'Continuar con la configuración' }).click();
    await page.waitForURL(/\/configuracion-inicial\//);
    const stepCounter = page.getByTestId('wizard-step');
    expect(await stepCounter.textContent()).toBe('Paso 1 de 6');
    expect(await page.getByLabel('RFC', { exact: true }).inputValue()).toBe(rfc);
    await page.getByLabel('Razón social').fill('PANADERIA LA ESPIGA');
    await page.getByLabel('Régimen fiscal').selectOption('601');
    await page.getByLabel('Código postal').fill('42501');
    await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
    await page.getByText('Datos fiscales guardados.').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Its seals expire in 20 days: the overview will point them out.
    const dir = mkdtempSync(join(tmpdir(), 'csd-'));
    const csd = generateTestCsd({
      rfc,
      nombre: 'PANADERIA LA ESPIGA',
      password: 'ClaveEspiga1',
      validTo: new Date(Date.now() + 20 * 86_400_000),
    });
    writeFileSync(join(dir, 'espiga.cer'), csd.cer);
    writeFileSync(join(dir, 'espiga.key'), csd.key);
    expect(await stepCounter.textContent()).toBe('Paso 2 de 6');
    await page.getByLabel('Certificado (.cer)').setInputFiles(join(dir, 'espiga.cer'));
    await page.getByLabel('Llave privada (.key)').setInputFiles(join(dir, 'espiga.key'));
    await page.getByLabel('Contraseña de la llave privada').fill('ClaveEspiga1');
    await page.getByRole('button', { name: 'Guardar sellos' }).click();
    await page.getByTestId('sellos-registrados').waitFor();
    // Series, tax groups: the defaults every enterprise starts with will do.
    for (const paso of [3, 4, 5]) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect.poll(() => stepCounter.textContent()).toBe(`Paso ${String(paso)} de 6`);
    }
    await page.getByLabel('Nombre o razón social').fill('Cafetería Central');
    await page.getByLabel('RFC').fill('CCE010203AB1');
    await page.getByLabel('Régimen fiscal').selectOption('601');
    await page.getByLabel('Uso del CFDI').selectOption('G03');
    await page.getByLabel('Código postal').fill('64000');
    await page.getByRole('button', { name: 'Guardar cliente' }).click();
    await page.getByTestId('wizard-clients').getByText('CCE010203AB1').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Terminar configuración' }).click();

    // Signed in on the new enterprise, which has no welcome credits.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('enterprise-name').getByText('PANADERIA LA ESPIGA').waitFor();

    // Mis empresas: both RFCs with their own figures, the active one first.
    await page.locator('#account-menu').click();
    await page.getByRole('link', { name: 'Mis empresas' }).click();
    const tabla = page.getByTestId('mis-empresas-tabla');
    await tabla.waitFor();
    const filas = tabla.locator('tbody tr');
    await expect.poll(() => filas.count()).toBe(2);
    const espiga = filas.nth(0);
    const oficina = filas.nth(1);
    expect(await espiga.textContent()).toContain(`${rfc} · Propietario`);
    expect(await espiga.textContent()).toContain('Activa');
    expect(await espiga.locator('td').nth(1).textContent()).toBe('0');
    expect(await espiga.getByText(/^Vence el \d\d\/\d\d\/\d{4}$/).getAttribute('class')).toContain(
      'text-bg-danger',
    );
    expect(await oficina.textContent()).toContain(primerRfc);
    expect(await oficina.locator('td').nth(1).textContent()).toBe('10');
    expect(await oficina.textContent()).toContain('Sin sellos');
    await screenshot(page, 'mis-empresas');
    const espigaId = Number((await espiga.getAttribute('data-testid'))?.replace('empresa-', ''));
    expect(espigaId).toBeGreaterThan(0);

    // A figure's link switches into its enterprise and opens its screen there.
    await oficina
      .getByRole('link', { name: /^Complementos por emitir de LAURA CONTRERAS DIAZ/ })
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/facturacion/pagos-pendientes' && url.search === '',
    );
    await page.getByTestId('enterprise-name').getByText('LAURA CONTRERAS DIAZ').waitFor();
    await page.getByText('Ahora trabaja en LAURA CONTRERAS DIAZ.').waitFor();

    // A deep link of the other enterprise switches back to it; one of an enterprise she is not in
    // is refused, and she stays where she was.
    await page.goto(`/facturacion/facturas?empresa=${String(espigaId)}`);
    await page.getByTestId('enterprise-name').getByText('PANADERIA LA ESPIGA').waitFor();
    await page.waitForURL((url) => url.pathname === '/facturacion/facturas' && url.search === '');
    await page.goto(`/facturacion/facturas?empresa=${String(espigaId + 100_000)}`);
    const rechazo = page.getByTestId('enlace-empresa-rechazado');
    await rechazo
      .getByText('Este enlace es de una empresa a la que usted no pertenece.', { exact: false })
      .waitFor();
    expect(await page.getByTestId('enterprise-name').textContent()).toContain(
      'PANADERIA LA ESPIGA',
    );
    await screenshot(page, 'enlace-empresa-ajena');

    // The same overview on a phone: one card per enterprise, within the width.
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, await login(journey.app.url, account.email, account.password));
    await phone.goto('/mis-empresas');
    await phone.getByTestId(`empresa-card-${String(espigaId)}`).waitFor();
    expect(await phone.locator('[data-testid^="empresa-card-"]').count()).toBe(2);
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'mis-empresas-telefono');
  });
});
