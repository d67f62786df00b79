import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  horizontalOverflow,
  newPage,
  screenshot,
} from '../fixtures/browser.ts';
import { signInPage } from '../fixtures/accounts.ts';
import { facturaDraft, setUpFacturacion, type FacturacionSetup } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

// Issue 27, who did what: the owner stamps an invoice; its detail shows the stamp in its history,
// the enterprise's log (Configuraciones → Bitácora) lists it by who and when, filters by action,
// and the exported CSV has it.
const journey = useJourney();
let owner: FacturacionSetup;

beforeAll(async () => {
  owner = await setUpFacturacion(journey.app, journey.smtp, { name: 'Olga Auditora' });
});

describe('the audit log', () => {
  it('a stamp appears in the document’s history and in the Bitácora, and the exported CSV has it', async () => {
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, owner.session);
    const pre = await owner.api.send<FacturaDetail>(
      'POST',
      'facturacion/V40/pre-facturas-ingreso',
      facturaDraft(owner),
    );
    await page.goto(`/facturacion/facturas/detalle/${pre.id}`);
    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByTestId('detalle-uuid').waitFor();
    const detalle = new URL(page.url()).pathname;
    const historial = page.getByTestId('historial-comprobante');
    await historial.getByText('Timbró el comprobante').waitFor();
    expect(await historial.innerText()).toContain('Olga Auditora');
    await historial.scrollIntoViewIfNeeded();
    await screenshot(page, 'bitacora-historial-factura');

    await page.goto('/configuraciones');
    await page.getByRole('link', { name: 'Bitácora' }).click();
    await page.waitForURL('**/configuraciones/bitacora');
    const tabla = page.getByTestId('bitacora');
    const timbre = tabla.getByRole('row').filter({ hasText: 'Timbró el comprobante' });
    await timbre.waitFor();
    expect(await timbre.innerText()).toContain('Olga Auditora');
    expect(await timbre.innerText()).toContain(`${owner.serie.serie}-1`);
    // The seeded seals and serie were set up through the API by the same owner.
    await tabla.getByRole('row').filter({ hasText: 'Cargó sellos digitales (CSD)' }).waitFor();
    await screenshot(page, 'bitacora');

    await page.getByLabel('Acción').selectOption({ label: 'Timbró el comprobante' });
    await expect.poll(() => tabla.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Usuario').selectOption({ label: 'Olga Auditora' });
    await expect.poll(() => tabla.locator('tbody tr').count()).toBe(1);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^bitacora-\d{4}-\d{2}-\d{2}\.csv$/);
    const lineas = (await readFile(await csv.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lineas).toHaveLength(2);
    expect(lineas[1]).toContain(
      `"Olga Auditora","${owner.account.email}","Timbró el comprobante","${owner.serie.serie}-1"`,
    );

    await page.setViewportSize(PHONE);
    await page.getByTestId('bitacora-phone').getByText('Timbró el comprobante').waitFor();
    await screenshot(page, 'bitacora-telefono');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.goto(detalle);
    const enTelefono = page.getByTestId('historial-comprobante');
    await enTelefono.getByText('Timbró el comprobante').waitFor();
    await enTelefono.screenshot({ path: join(SCREENSHOT_DIR, 'bitacora-historial-telefono.png') });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.close();
  });
});
