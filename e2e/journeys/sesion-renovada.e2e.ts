import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type VerifiedAccount, login, signInPage } from '../fixtures/accounts.ts';
import { newPage, screenshot, storedSession } from '../fixtures/browser.ts';
import { registerSetUpAccount } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

// Access tokens live 2 s here, so the journey crosses an expiry without waiting long.
const journey = useJourney({ env: { ACCESS_TOKEN_TTL: '2' } });
let account: VerifiedAccount;

beforeAll(async () => {
  account = await registerSetUpAccount(journey.app, journey.smtp, { name: 'Carlos Ibarra' });
});

/** The API paths the page called, in order. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}

describe('an expired session', () => {
  it('is refreshed before the next request, transparently', async () => {
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, await login(journey.app.url, account.email, account.password));
    await page.goto('/centro-de-ayuda');
    await page.getByRole('heading', { name: 'Centro de ayuda' }).waitFor();
    const before = await storedSession(page);

    await page.waitForTimeout(2500);
    expect(Number(before.expirationDate)).toBeLessThan(Date.now());
    const calls = recordApiCalls(page);
    await page.getByLabel('¿En qué podemos ayudarle?').fill('¿Cómo agrego una serie nueva?');
    await page.getByLabel('Detalles').fill('Quiero facturar con la serie B a partir de este mes.');
    await page.getByRole('button', { name: 'Enviar pregunta' }).click();
    await page.getByRole('dialog').getByText('Pregunta enviada').waitFor();
    await screenshot(page, 'centro-de-ayuda-enviada');
    expect(calls).toEqual(['/api/users/refresh-token', '/api/help-center/question-form']);

    const after = await storedSession(page);
    expect(after.accessToken).toBeTruthy();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(Number(after.expirationDate)).toBeGreaterThan(Number(before.expirationDate));
    expect(new URL(page.url()).pathname).toBe('/centro-de-ayuda');
    const support = await journey.smtp.takeMail('soporte@example.com');
    expect(support.text).toContain('¿Cómo agrego una serie nueva?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();

    // Requests made while a refresh runs wait for it: one refresh for the whole Inicio page.
    await page.waitForTimeout(2500);
    const homeCalls = recordApiCalls(page);
    await page.getByRole('link', { name: 'Inicio' }).click();
    await page.getByText('0 de 4 completados').waitFor();
    await page.getByTestId('remaining-credits').waitFor();
    // The second request waited 1 s for the refresh, then went with the new token.
    await expect.poll(() => homeCalls).toContain('/api/users/get-total-remaining-credits');
    await page.waitForTimeout(300);
    expect(homeCalls[0]).toBe('/api/users/refresh-token');
    expect(homeCalls.filter((c) => c === '/api/users/refresh-token')).toHaveLength(1);
    expect(homeCalls).toContain('/api/users/check-first-steps-completed');
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await storedSession(page)).accessToken).toBeTruthy();
    await screenshot(page, 'inicio-renovada');
  });
});
