import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, uniqueEmail } from '../fixtures/accounts.ts';
import {
  PHONE,
  horizontalOverflow,
  newPage,
  screenshot,
  storedSession,
} from '../fixtures/browser.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();

describe('registration', () => {
  it('registers, verifies the e-mail from the link, reaches the initial configuration, logs out and in', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    const email = uniqueEmail('registro');

    await page.goto('/registro');
    await expect.poll(() => page.title()).toBe('Registro');
    await page.getByLabel('Nombre completo').fill('Juan Pérez Hernández');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono (opcional)').fill('55 1234 5678');
    await page.getByLabel('RFC de su empresa (opcional)').fill('PEHJ800101AB1');
    await page.getByText('Al menos 12 caracteres, sin más reglas.', { exact: false }).waitFor();
    // Too short: refused in the browser; on the list of common passwords: refused by the API.
    await page.getByLabel('Contraseña', { exact: true }).fill('Clave-corta');
    await page.getByLabel('Confirme la contraseña').fill('Clave-corta');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('La contraseña debe tener al menos 12 caracteres').waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill('Password1234');
    await page.getByLabel('Confirme la contraseña').fill('Password1234');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page
      .getByText(
        'Esta contraseña es muy común o apareció en filtraciones de datos. Elija otra, por favor.',
      )
      .waitFor();
    await screenshot(page, 'registro-contrasena-comun');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'registro-contrasena-comun-telefono');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirme la contraseña').fill(PASSWORD);
    // The async uniqueness checks answer after the 900 ms debounce.
    await page.getByText('Correo electrónico disponible').waitFor();
    await page.getByText('RFC disponible').waitFor();
    await screenshot(page, 'registro-form');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Revise su correo electrónico').waitFor();
    await expect(page.getByText(email)).toBeTruthy();
    await screenshot(page, 'registro-enviado');

    const mail = await journey.smtp.takeMail(email);
    const link = mail.links.find((l) => l.includes('/bienvenido/'));
    expect(link).toBeDefined();
    const welcome = new URL(link ?? '');
    const newClientToken = welcome.pathname.split('/').pop() ?? '';

    await page.goto(`${welcome.pathname}${welcome.search}`);
    await page.getByText('¡Correo electrónico verificado!').waitFor();
    await expect.poll(() => page.title()).toBe('Bienvenido');
    // The welcome names the wizard's steps, all of them, in its order.
    const pasos = (await page.getByTestId('welcome-steps').locator('li').allInnerTexts()).map(
      (p) => p.split(':')[0],
    );
    expect(await page.getByText(/empezar a facturar en seis pasos/).count()).toBe(1);
    await screenshot(page, 'bienvenido');
    await page.getByRole('button', { name: 'Continuar con la configuración inicial' }).click();
    await page.waitForURL(`**/configuracion-inicial/${newClientToken}`);
    await expect
      .poll(() => page.getByTestId('wizard-step').textContent())
      .toBe(`Paso 1 de ${pasos.length}`);
    const delAsistente = await page.locator('ol.list-inline li').allInnerTexts();
    expect(delAsistente).toEqual(pasos.map((p, i) => `${i + 1}. ${p}`));
    // The same welcome on a phone (the link again: the e-mail is already verified).
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await phone.goto(`${welcome.pathname}${welcome.search}`);
    await phone.getByTestId('welcome-steps').waitFor();
    expect(await phone.getByTestId('welcome-steps').locator('li').count()).toBe(pasos.length);
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'bienvenido-telefono');
    await phone.context().close();
    const session = await storedSession(page);
    expect(session.accessToken).toBeTruthy();
    expect(Number(session.expirationDate)).toBeGreaterThan(Date.now());

    // Inicio, with the new-client session the welcome screen started.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Hola, Juan' }).waitFor();
    await page.getByText('0 de 4 completados').waitFor();
    expect(await page.getByTestId('remaining-credits').textContent()).toMatch(/^\d+$/);
    await expect.poll(() => page.title()).toBe('Inicio');
    await screenshot(page, 'inicio');

    // Log out from the account menu: everything the session stored is gone.
    await page.getByTestId('enterprise-name').click();
    await page
      .getByRole('button', { name: 'Cerrar sesión' })
      .or(page.getByRole('link', { name: 'Cerrar sesión' }))
      .click();
    await page.waitForURL('**/login');
    expect(Object.values(await storedSession(page)).every((v) => v === null)).toBe(true);
    await page.goto('/');
    await page.waitForURL('**/login');
    await expect.poll(() => page.title()).toBe('Login');
    await screenshot(page, 'login');

    // The same e-mail cannot register twice: the async check says so before submitting.
    await page.goto('/registro');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByText('Ya existe una cuenta registrada con este correo electrónico').waitFor();
    await page.getByLabel('RFC de su empresa (opcional)').fill('PEHJ800101AB');
    await page.getByLabel('RFC de su empresa (opcional)').press('Tab');
    await page.getByText('el RFC ingresado no es válido').waitFor();
    await screenshot(page, 'registro-errores');

    // Log in: the initial configuration is still pending, so login leads back to it (a fresh token).
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/configuracion-inicial\/[\w-]+$/);
  });

  it('explains an unverified e-mail, wrong credentials and a wrong verification link', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    const account = await registerAccount(journey.app.url, journey.smtp);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    // Not verified yet: the server says so and e-mails a new link.
    await page
      .getByText(
        'Su correo electrónico aún no ha sido verificado. Le enviamos un nuevo enlace de verificación.',
      )
      .waitFor();
    await journey.smtp.takeMail(account.email);
    await page.getByLabel('Contraseña').fill('Otra-clave-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'El correo electrónico o la contraseña no son correctos.' })
      .waitFor();
    await screenshot(page, 'login-error');
    expect(page.url()).toMatch(/\/login$/);

    await page.goto(`/bienvenido/${account.newClientToken}?email_verification_token=no-existe`);
    await page
      .getByText('El enlace de verificación no es válido o ya expiró. Solicite uno nuevo.')
      .waitFor();
    await screenshot(page, 'bienvenido-error');
  });
});
