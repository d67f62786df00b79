import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import {
  DESKTOP,
  PHONE,
  horizontalOverflow,
  newPage,
  screenshot,
  storedSession,
} from '../fixtures/browser.ts';
import { login, signInPage, uniqueEmail } from '../fixtures/accounts.ts';
import {
  apiClient,
  facturaDraft,
  setUpFacturacion,
  type FacturacionSetup,
} from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 27: an owner lets staff invoice without handing them the seals or the credit card. The owner
// invites a facturista from Configuraciones → Usuarios; the facturista accepts by the e-mailed link
// (a new account with that e-mail), stamps an invoice, and is neither offered nor let into the
// seals screen; the owner removes them and their next request ends their session.
const journey = useJourney();
let owner: FacturacionSetup;

beforeAll(async () => {
  owner = await setUpFacturacion(journey.app, journey.smtp, { name: 'Carmen Contadora' });
});

describe('a team', () => {
  it('the owner invites a facturista, who accepts by e-mail, stamps, and cannot open the seals', async () => {
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, owner.session);
    await page.goto('/configuraciones');
    await page.getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL('**/configuraciones/usuarios');
    await page.getByTestId('miembro').first().waitFor();
    expect(await page.getByTestId('miembro').count()).toBe(1);

    const email = uniqueEmail('facturista');
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Ingrese un correo electrónico válido').waitFor();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Rol', { exact: true }).selectOption('facturista');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByTestId('invitacion-pendiente').filter({ hasText: email }).waitFor();
    await screenshot(page, 'equipos-usuarios');

    const mail = await journey.smtp.takeMail(email);
    expect(mail.subject).toContain('le invita a facturar con');
    const link = new URL(mail.links.find((l) => l.includes('/invitacion/')) ?? '');

    // The invited person, in another browser.
    const staff = await newPage(journey.browser, journey.app.url, PHONE);
    await staff.goto(link.pathname);
    await staff.getByText('con el rol Facturista').waitFor();
    expect(await staff.getByLabel('Correo electrónico').inputValue()).toBe(email);
    expect(await staff.getByLabel('Correo electrónico').isDisabled()).toBe(true);
    await screenshot(staff, 'equipos-invitacion-telefono');
    expect(await horizontalOverflow(staff)).toBe(0);
    await staff.getByLabel('Su nombre').fill('Beto Mostrador');
    await staff.getByLabel('Elija una contraseña').fill('Clave-De-Mostrador-2026');
    await staff.getByLabel('Confirme la contraseña').fill('Clave-De-Mostrador-2026');
    await staff.getByRole('button', { name: 'Crear mi cuenta y aceptar' }).click();
    await staff.getByRole('heading', { name: 'Hola, Beto' }).waitFor();
    const stored = JSON.parse((await storedSession(staff)).enterprise ?? '{}');
    expect(stored).toMatchObject({ id: owner.enterpriseId, rol: 'facturista' });

    // The facturista stamps an invoice from its detail.
    const api = apiClient(journey.app.url, (await storedSession(staff)).accessToken ?? '');
    const pre = await api.send<FacturaDetail>(
      'POST',
      'facturacion/V40/pre-facturas-ingreso',
      facturaDraft(owner),
    );
    await staff.setViewportSize(DESKTOP);
    await staff.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await staff.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await staff.getByTestId('detalle-uuid').waitFor();
    expect(await staff.getByTestId('detalle-status').innerText()).toBe('Timbrada');

    // No settings in the menu, and the seals screen by its address says why, calling nothing.
    expect(
      await staff.getByRole('navigation').getByRole('link', { name: 'Configuraciones' }).count(),
    ).toBe(0);
    const refused: string[] = [];
    staff.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await staff.goto('/configuraciones/sellos-certificados-digitales');
    await staff.getByTestId('sin-permiso').waitFor();
    await staff.getByText('Su rol en esta empresa es Facturista').waitFor();
    await screenshot(staff, 'equipos-sin-permiso');
    await staff.setViewportSize(PHONE);
    await screenshot(staff, 'equipos-sin-permiso-telefono');
    expect(refused).toEqual([]);
    expect((await storedSession(staff)).accessToken).toBeTruthy();

    // The owner sees the member, and removes them: the facturista's next request ends the session.
    await page.reload();
    const row = page.getByTestId('miembro').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByRole('combobox').inputValue()).toBe('facturista');
    await screenshot(page, 'equipos-usuarios-con-facturista');
    await row.getByRole('button', { name: 'Quitar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(() => page.getByTestId('miembro').count()).toBe(1);

    await staff.goto('/clientes');
    await staff.waitForURL('**/login');
    await expect(login(journey.app.url, email, 'Clave-De-Mostrador-2026')).rejects.toThrow();

    // The link was used once.
    await staff.goto(link.pathname);
    await staff.getByTestId('invitacion-invalida').waitFor();
    await page.close();
    await staff.close();
  });
});
