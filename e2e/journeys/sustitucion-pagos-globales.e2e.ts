import { beforeAll, describe, expect, it } from 'vitest';
import type { AvisoCancelacion } from '@repo/contracts/comprobantes';
import type { PagosDeFacturaResponse } from '@repo/contracts/complementos-pago';
import type { TimbrarFacturaResponse } from '@repo/contracts/facturas';
import type { FacturaGlobalResponse } from '@repo/contracts/facturas-globales';
import type { SerieResponse } from '@repo/contracts/series';
import { signInPage } from '../fixtures/accounts.ts';
import { PHONE, horizontalOverflow, newPage, screenshot } from '../fixtures/browser.ts';
import { type FacturacionSetup, setUpFacturacion } from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';
import { PAC, confirmarTimbrado, draftPPD, pagar } from '../fixtures/pagos.ts';

// Issue 25: "Sustituir" on a payment complement and on a global invoice, from their screens: a copy
// to correct, related 04; once stamped, the original is cancelled with motive 01 naming it.
const journey = useJourney();
let setup: FacturacionSetup;
const DESKTOP = { width: 1280, height: 860 };

beforeAll(async () => {
  setup = await setUpFacturacion(journey.app, journey.smtp, { name: 'Irene Sustituye' });
});

/** The original's substitution as the API states it: requested (01) and naming its substitute. */
async function sustitucionDe(id: number) {
  const aviso = await setup.api.get<AvisoCancelacion>(`comprobantes/v40/${id}/cancelacion`);
  return aviso.sustitucion;
}

/** The month before today's in Tiempo del Centro (CP 42501): a period that has ended. */
function mesAnterior(): { month: number; year: number } {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
    .format(new Date())
    .split('-')
    .map(Number);
  return m === 1 ? { month: 12, year: y! - 1 } : { month: m! - 1, year: y! };
}

describe('Sustituir a payment complement and a global invoice', () => {
  it('a payment registered for the wrong amount: Sustituir stamps the corrected one and cancels the original with 01', async () => {
    const { factura } = await setup.api.send<TimbrarFacturaResponse>(
      'POST',
      'facturacion/V40/facturas-ingreso',
      draftPPD(setup),
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas/detalle/${factura.id}`);
    const seccion = page.getByTestId('pagos-factura');
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 580.00');
    // $ 300.00 was registered; the customer paid $ 350.00.
    await pagar(page, '03', '300');
    await page.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 280.00');
    const [original] = (
      await setup.api.get<PagosDeFacturaResponse>(`facturacion/V40/complemento-pago/${factura.id}`)
    ).data;

    const tarjeta = seccion.getByTestId(`pago-${original!.id}`);
    await tarjeta.getByRole('button', { name: 'Sustituir' }).click();
    const copia = page.getByTestId('sustituir-pago');
    expect(await copia.getByTestId('sustituye-a').innerText()).toContain(
      original!.comprobante.uuid.toUpperCase(),
    );
    // The copy starts as the original was: its form of payment and amount.
    expect(await copia.locator('#pago-forma').inputValue()).toBe('03');
    await copia.locator('#pago-monto').fill('350');
    await screenshot(page, 'sustitucion-pago-formulario');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'sustitucion-pago-formulario-telefono');
    await page.setViewportSize(DESKTOP);
    await copia.getByRole('button', { name: 'Timbrar complemento de pago' }).click();
    await confirmarTimbrado(page);
    // The balance counts the substitute only: 580 − 350.
    await expect.poll(() => seccion.getByTestId('pagos-saldo').innerText(), PAC).toBe('$ 230.00');

    const pagos = await setup.api.get<PagosDeFacturaResponse>(
      `facturacion/V40/complemento-pago/${factura.id}`,
    );
    const cancelado = pagos.data.find((p) => p.id === original!.id)!;
    const sustituto = pagos.data.find((p) => p.id !== original!.id)!;
    expect(sustituto.comprobante.status).toBe('timbrada');
    expect(sustituto.monto).toBe('350.00');
    expect(cancelado.comprobante.status).toBe('cancelled');
    expect(cancelado.comprobante.motivo_cancelacion).toBe('01');
    expect(await sustitucionDe(original!.id)).toMatchObject({
      rol: 'original',
      estado: 'solicitada',
      sustituto: { id: sustituto.id, uuid: sustituto.comprobante.uuid },
    });
    // Both cards say so.
    await expect
      .poll(() => seccion.getByTestId(`pago-${sustituto.id}`).innerText(), PAC)
      .toContain(
        `Sustituye al complemento de pago ${cancelado.comprobante.serie}-${String(cancelado.comprobante.folio)}`,
      );
    await screenshot(page, 'sustitucion-pago-timbrado');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'sustitucion-pago-timbrado-telefono');
  });

  it('a global invoice with a wrong sale: Sustituir opens a copy of the period, stamps it and cancels the original with 01', async () => {
    const { month, year } = mesAnterior();
    const [serie] = await setup.api.get<SerieResponse[]>(
      `series/${setup.enterpriseId}/facturas-globales`,
    );
    const original = await setup.api.send<FacturaGlobalResponse>(
      'POST',
      'facturacion/V40/facturas-globales',
      {
        formaPago: '01',
        month,
        year,
        serie: { id: serie!.id },
        partidas: [
          { folioVenta: 'TK-1', grupoImpuestosId: setup.rubros.iva16.id, subtotal: '100.00' },
          { folioVenta: 'TK-2', grupoImpuestosId: setup.rubros.iva16.id, subtotal: '250.00' },
        ],
      },
    );
    const page = await newPage(journey.browser, journey.app.url);
    await signInPage(page, setup.session);
    await page.goto(`/facturacion/facturas-globales/detalle/${original.id}`);
    await page.getByTestId('global-status').getByText('Timbrada').waitFor();
    await page.getByRole('link', { name: 'Sustituir' }).click();
    await page.waitForURL(`**/facturacion/facturas-globales/sustituir/${original.id}`);
    await page.getByRole('heading', { name: /Sustituir factura global/ }).waitFor();
    expect(await page.getByTestId('sustituye-a').innerText()).toContain(
      original.uuid?.toUpperCase() ?? '?',
    );
    // A substitute is stamped, never saved as a draft.
    expect(await page.getByRole('button', { name: 'Guardar', exact: true }).count()).toBe(0);
    // TK-2 was $ 205.00, not $ 250.00.
    await page.getByLabel('Subtotal 2').fill('205');
    await expect.poll(() => page.getByTestId('global-total').innerText()).toBe('$ 353.80');
    await screenshot(page, 'sustitucion-global-formulario');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'sustitucion-global-formulario-telefono');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.waitForURL(/\/facturacion\/facturas-globales\/detalle\/\d+$/, PAC);
    const sustitutoId = Number(/detalle\/(\d+)$/.exec(page.url())?.[1]);
    expect(sustitutoId).not.toBe(original.id);
    const sustituto = await setup.api.get<FacturaGlobalResponse>(
      `facturacion/V40/facturas-globales/${sustitutoId}`,
    );
    expect(sustituto.status).toBe('timbrada');
    expect(sustituto.totales.total).toBe('353.80');
    const nombreOriginal = `${original.serie.serie}-${String(original.serie.folio)}`;
    await expect
      .poll(() => page.getByTestId('sustitucion').innerText(), PAC)
      .toContain(`Sustituye a la factura global ${nombreOriginal} (relación 04)`);
    await screenshot(page, 'sustitucion-global-detalle');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'sustitucion-global-detalle-telefono');

    await expect
      .poll(
        async () =>
          (
            await setup.api.get<FacturaGlobalResponse>(
              `facturacion/V40/facturas-globales/${original.id}`,
            )
          ).status,
        PAC,
      )
      .toBe('cancelled');
    expect(await sustitucionDe(original.id)).toMatchObject({
      rol: 'original',
      estado: 'solicitada',
      sustituto: { id: sustitutoId, uuid: sustituto.uuid },
    });
  });
});
