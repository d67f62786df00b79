import { beforeAll, describe, expect, it } from 'vitest';
import { type VerifiedAccount, login, signInPage } from '../fixtures/accounts.ts';
import { newPage, screenshot, storedSession } from '../fixtures/browser.ts';
import { registerSetUpAccount } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

const journey = useJourney();
let account: VerifiedAccount;

beforeAll(async () => {
  account = await registerSetUpAccount(journey.app, journey.smtp, { name: 'Lucía Ramos' });
});

describe('a session the server no longer accepts', () => {
  it('sends the user to login and, after it, back where they were (params and query)', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    const session = await login(journey.app.url, account.email, account.password);
    await signInPage(page, session);
    await page.goto('/centro-de-ayuda?origen=correo');
    await page.getByRole('heading', { name: 'Centro de ayuda' }).waitFor();

    // The session is ended elsewhere (another tab logged out): the server now answers 401.
    const revoked = await fetch(`${journey.app.url}/api/users/logout`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(revoked.status).toBe(200);

    await page.getByLabel('¿En qué podemos ayudarle?').fill('¿Puedo facturar en dólares?');
    await page.getByLabel('Detalles').fill('Tengo clientes en el extranjero.');
    await page.getByRole('button', { name: 'Enviar pregunta' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Inicie sesión nuevamente, por favor.' })
      .waitFor();
    await page.waitForURL('**/login');
    const stored = await storedSession(page);
    expect(stored.accessToken).toBeNull();
    expect(stored.user).toBeNull();
    expect(stored.expirationDate).toBeNull();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await screenshot(page, 'sesion-401-login');

    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/centro-de-ayuda?origen=correo');
    await page.getByRole('heading', { name: 'Centro de ayuda' }).waitFor();
    await expect.poll(() => page.title()).toBe('Centro de ayuda');

    // A guarded page opened without a session is remembered the same way.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    await page.goto('/centro-de-ayuda?origen=enlace');
    await page.waitForURL('**/login');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/centro-de-ayuda?origen=enlace');
  });
});
