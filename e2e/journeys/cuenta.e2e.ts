import { beforeAll, describe, expect, it } from 'vitest';
import { type VerifiedAccount, login, signInPage, uniqueEmail } from '../fixtures/accounts.ts';
import { newPage, screenshot } from '../fixtures/browser.ts';
import { registerSetUpAccount } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let account: VerifiedAccount;

beforeAll(async () => {
  account = await registerSetUpAccount(journey.app, journey.smtp, { name: 'Andrés Salazar' });
});

describe('personal settings', () => {
  it('changes the personal information, the password and the registered e-mail', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, await login(journey.app.url, account.email, account.password));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Hola, Andrés' }).waitFor();

    await page.getByTestId('enterprise-name').click();
    await page.getByRole('button', { name: 'Información personal' }).click();
    const personal = page.getByRole('dialog');
    await personal.getByLabel('Teléfono').fill('123');
    await personal.getByRole('button', { name: 'Guardar' }).click();
    await personal.getByText('El teléfono debe tener 10 dígitos').waitFor();
    await screenshot(page, 'cuenta-informacion-personal');
    await personal.getByLabel('Nombre completo').fill('Andrea Salazar Ruiz');
    await personal.getByLabel('Teléfono').fill('33 1234 5678');
    await personal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Su información personal fue actualizada.').waitFor();
    await page.getByRole('heading', { name: 'Hola, Andrea' }).waitFor();

    await page.getByTestId('enterprise-name').click();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const password = page.getByRole('dialog');
    await password.getByLabel('Contraseña actual').fill('NoEsLaClave1');
    await password.getByLabel('Nueva contraseña', { exact: true }).fill('ClaveNueva2026');
    await password.getByLabel('Confirme la nueva contraseña').fill('ClaveNueva2026');
    await password.getByRole('button', { name: 'Guardar' }).click();
    await password.getByText('La contraseña actual no es correcta').waitFor();
    await screenshot(page, 'cuenta-contrasena');
    await password.getByLabel('Contraseña actual').fill(account.password);
    await password.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Su contraseña fue actualizada.').waitFor();

    const newEmail = uniqueEmail('nuevo');
    await page.getByTestId('enterprise-name').click();
    await page.getByRole('button', { name: 'Correo electrónico registrado' }).click();
    const email = page.getByRole('dialog');
    await email.getByLabel('Nuevo correo electrónico').fill(newEmail);
    await email.getByRole('button', { name: 'Enviar código' }).click();
    await email
      .getByText(`Enviamos un código de verificación a ${newEmail}.`, { exact: false })
      .waitFor();
    await screenshot(page, 'cuenta-correo');
    const mail = await journey.smtp.takeMail(newEmail);
    const code = /Código: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(code).not.toBe('');
    await email.getByLabel('Código de verificación').fill(code);
    await email.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Su correo electrónico fue actualizado.').waitFor();
    await page.getByText(newEmail).first().waitFor();

    // The new e-mail and password sign in.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    await page.getByLabel('Correo electrónico').fill(newEmail);
    await page.getByLabel('Contraseña').fill('ClaveNueva2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Hola, Andrea' }).waitFor();
  });
});
