import { beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedAccount } from '../fixtures/accounts.ts';
import { newPage, screenshot, storedSession } from '../fixtures/browser.ts';
import { registerSetUpAccount } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let account: VerifiedAccount;

beforeAll(async () => {
  account = await registerSetUpAccount(journey.app, journey.smtp, { name: 'Rosa Elena Martínez' });
});

describe('password recovery', () => {
  it('requests a link, sets a new password from it (signed in) and logs in with it', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await page.waitForURL('**/reset-password');
    await expect.poll(() => page.title()).toBe('Recuperar contraseña');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page
      .getByText(
        'Si el correo electrónico está registrado, recibirá un enlace para restablecer su contraseña.',
      )
      .waitFor();
    await screenshot(page, 'reset-password-enviado');

    const mail = await journey.smtp.takeMail(account.email);
    const link = new URL(mail.links.find((l) => l.includes('/reset-password/')) ?? '');
    await page.goto(link.pathname);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('NuevaClave2026');
    await page.getByLabel('Confirme la nueva contraseña').fill('OtraClave2026');
    await page.getByRole('button', { name: 'Guardar contraseña e iniciar sesión' }).click();
    await page.getByText('La confirmación no coincide con la contraseña').waitFor();
    await screenshot(page, 'reset-password-nueva');
    await page.getByLabel('Confirme la nueva contraseña').fill('NuevaClave2026');
    await page.getByRole('button', { name: 'Guardar contraseña e iniciar sesión' }).click();
    // The answer signs the user in: Inicio.
    await page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await storedSession(page)).accessToken).toBeTruthy();

    // The link is single-use.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    await page.goto(link.pathname);
    await page
      .getByText(
        'El enlace para restablecer la contraseña no es válido o ya expiró. Solicite uno nuevo.',
      )
      .waitFor();
    await screenshot(page, 'reset-password-usado');

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('El correo electrónico o la contraseña no son correctos.').waitFor();
    await page.getByLabel('Contraseña').fill('NuevaClave2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();
  });
});
