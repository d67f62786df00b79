import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  horizontalOverflow,
  newPage,
  screenshot,
  storedSession,
} from '../fixtures/browser.ts';
import { login, signInPage, uniqueEmail } from '../fixtures/accounts.ts';
import { setUpFacturacion, type FacturacionSetup } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 27: "administrador (everything but ownership and credits purchase if the owner says so)".
// The owner turns off, in Configuraciones → Usuarios, the administrators' purchase of credits; an
// administrator then signs in and is offered no purchase, and the purchase screen by its address
// says why without calling the API.
const journey = useJourney();
let owner: FacturacionSetup;
const ADMIN_PASSWORD = 'Clave-De-Administrador-2026';

beforeAll(async () => {
  owner = await setUpFacturacion(journey.app, journey.smtp, { name: 'Rosa Dueña' });
});

/** An administrator of the owner's enterprise, invited and accepted through the API. */
async function administrador(): Promise<string> {
  const email = uniqueEmail('administrador');
  await owner.api.send('POST', `equipo/${String(owner.enterpriseId)}/invitaciones`, {
    email,
    rol: 'administrador',
  });
  const mail = await journey.smtp.takeMail(email);
  const link = mail.links.find((l) => l.includes('/invitacion/')) ?? '';
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const res = await fetch(`${journey.app.url}/api/invitaciones/${token}/aceptar`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Iris Administradora', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return email;
}

describe("the owner's switch on administrators' purchases", () => {
  it('the owner turns it off; the administrator is offered no purchase', async () => {
    const email = await administrador();
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, owner.session);
    await page.goto('/configuraciones/usuarios');
    const interruptor = page.getByLabel('Los administradores pueden comprar créditos');
    await interruptor.waitFor();
    expect(await interruptor.isChecked()).toBe(true);
    await interruptor.click();
    await page.getByText('Los administradores ya no pueden comprar créditos.').waitFor();
    expect(await interruptor.isChecked()).toBe(false);
    await page.reload();
    await interruptor.waitFor();
    expect(await interruptor.isChecked()).toBe(false);
    await screenshot(page, 'compras-administradores-usuarios');
    await page.setViewportSize(PHONE);
    await page.getByTestId('compras-administradores').scrollIntoViewIfNeeded();
    await screenshot(page, 'compras-administradores-usuarios-telefono');
    expect(await horizontalOverflow(page)).toBe(0);

    // The administrator: no purchase on the home screen; the purchase screen says why.
    const admin = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(admin, await login(journey.app.url, email, ADMIN_PASSWORD));
    const refused: string[] = [];
    admin.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await admin.goto('/');
    await admin.getByRole('heading', { name: 'Hola, Iris' }).waitFor();
    await admin.getByTestId('remaining-credits').waitFor();
    expect(await admin.getByRole('link', { name: 'Comprar créditos' }).count()).toBe(0);
    expect(await admin.getByTestId('nav-credits').getAttribute('href')).toBe(
      '/historial-de-gastos-de-creditos',
    );
    await screenshot(admin, 'compras-administradores-inicio');
    // The administrator still sees the team (no switch: that is the owner's).
    await admin.goto('/configuraciones/usuarios');
    await admin.getByTestId('miembro').first().waitFor();
    expect(await admin.getByTestId('compras-administradores').count()).toBe(0);
    await admin.goto('/comprar-creditos');
    await admin.getByText('La compra de créditos no está disponible para usted').waitFor();
    await screenshot(admin, 'compras-administradores-sin-permiso');
    expect(refused).toEqual([]);
    expect((await storedSession(admin)).accessToken).toBeTruthy();
    await page.close();
    await admin.close();
  });
});
