import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas';
import type { TaxResponse } from '@repo/contracts/impuestos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { signInPage } from '../fixtures/accounts.ts';
import { DESKTOP, PHONE, newPage, screenshot, pick } from '../fixtures/browser.ts';
import {
  type FacturacionSetup,
  createClient,
  createProduct,
  setUpFacturacion,
} from '../fixtures/facturacion.ts';
import { useJourney } from '../fixtures/journey.ts';

/**
 * Businesses the SAT treats differently can invoice: a border-region shop at IVA 8 %, a gas
 * station with IEPS cuota and IVA on top of it, a RESICO persona física withholding ISR 1.25 %, an
 * exporter in USD at the day's Banxico rate (a local stand-in for Banxico's SIE API), and the honest
 * message when a currency has no reference rate.
 */

const FIX = '18.2345';
/** The euro's newest rate in the committed history (data/banxico): 20.4415 on 21/01/2026. */
const AVISO_EUR =
  'El tipo de cambio de referencia más reciente es del 21/01/2026 (tipo de cambio de Banxico: 20.4415); verifique el tipo de cambio del día.';
const env: Record<string, string> = { BANXICO_TOKEN: 'token-de-prueba' };
let banxico: Server;

/** Banxico's SIE answer: every day of the asked range at FIX (the series of USD, SF43718). */
beforeAll(async () => {
  banxico = createServer((req, res) => {
    const m = /\/series\/SF43718\/datos\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(
      req.url ?? '',
    );
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const datos: { fecha: string; dato: string }[] = [];
    for (let d = new Date(`${m[1]}T00:00:00Z`); d <= new Date(`${m[2]}T00:00:00Z`);) {
      const [a, mes, dia] = d.toISOString().slice(0, 10).split('-');
      datos.push({ fecha: `${dia}/${mes}/${a}`, dato: FIX });
      d = new Date(d.getTime() + 86_400_000);
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ bmx: { series: [{ idSerie: 'SF43718', titulo: 'FIX', datos }] } }));
  });
  await new Promise<void>((r) => banxico.listen(0, '127.0.0.1', r));
  env.BANXICO_URL = `http://127.0.0.1:${(banxico.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => banxico.close(r));
});

const journey = useJourney({ env });

const V40 = 'facturacion/V40/facturas-ingreso';

async function grupo(
  s: FacturacionSetup,
  name: string,
  tras: number[],
  ret: number[] = [],
): Promise<RubroImpuestoResponse> {
  return s.api.send<RubroImpuestoResponse>('POST', 'rubros-impuestos', {
    name,
    objeto_impuesto_key: '02',
    impuestos_trasladados: tras.map((id) => ({ id, selected: true })),
    impuestos_retenidos: ret.map((id) => ({ id, selected: true })),
  });
}

async function timbrar(
  s: FacturacionSetup,
  clientId: number,
  productId: number,
  cantidad: string,
  precio: string,
  tras: number[],
  ret: number[] = [],
): Promise<FacturaDetail> {
  const { factura } = await s.api.send<TimbrarFacturaResponse>('POST', V40, {
    client_id: clientId,
    serie_id: s.serie.id,
    forma_pago: '03',
    metodo_pago: 'PUE',
    uso_cfdi: 'G03',
    partidas: [
      {
        product_service_id: productId,
        cantidad,
        precio_unitario: precio,
        impuestos_trasladados: tras,
        impuestos_retenidos: ret,
      },
    ],
  });
  expect(factura.status).toBe('timbrada');
  return factura;
}

describe('fiscal journeys: businesses with special taxes invoice', () => {
  it('a border-region shop sees IVA 8 % only for products that admit it, and stamps at 8 %', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, {
      razonSocial: 'ABARROTES DE LA FRONTERA',
      domicilio: { codigo_postal: '22000', estado: 'BCN', municipio: '004' },
    });
    const tras = await s.api.get<TaxResponse[]>('impuestos-trasladados');
    const iva8 = tras.find((t) => t.tax_type === 'IVA' && t.value === '0.080000');
    expect(iva8).toBeDefined();
    const frontera = await grupo(s, 'Frontera IVA 8%', [iva8!.id]);

    for (const [viewport, nombre] of [
      [DESKTOP, 'fiscal-producto-frontera'],
      [PHONE, 'fiscal-producto-frontera-telefono'],
    ] as const) {
      const page = await newPage(journey.browser, journey.app.url, viewport);
      await signInPage(page, s.session);
      await page.goto('/productos-servicios/nuevo');
      const select = page.getByLabel('Grupo de impuestos');
      await expect
        .poll(() => select.locator('option').allTextContents())
        .toContain('Frontera IVA 8%');
      // Software (43232705) does not admit the stimulus in c_ClaveProdServ: the group goes away.
      await page.getByLabel('Clave de producto o servicio').fill('43232705');
      await page.getByRole('option', { name: /43232705/ }).click();
      await page
        .getByText(
          /No se muestran los grupos con IVA 8%: La clave de producto o servicio 43232705 no admite el estímulo/,
        )
        .waitFor();
      expect(await select.locator('option').allTextContents()).not.toContain('Frontera IVA 8%');
      await screenshot(page, nombre);
      await page.close();
    }

    const product = await createProduct(s.api, frontera.id, {
      description: 'Servicio de facturación en la frontera',
      productServiceObj: { clave: '84111506' },
    });
    const f = await timbrar(s, s.client.id, product.id, '1', '1000.00', [iva8!.id]);
    expect(f.cfdi?.lugar_expedicion).toBe('22000');
    expect(f.cfdi?.conceptos[0]?.traslados[0]).toMatchObject({
      tasa_o_cuota: '0.080000',
      importe: '80.00',
    });
    expect(f.cfdi?.total).toBe('1080.00');
  });

  it('a gas station adds and edits its IEPS cuota on screen, stamps it with IVA on top, and cannot delete it while in use', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, {
      razonSocial: 'GASOLINERA DEL CENTRO',
    });
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, s.session);
    await page.goto('/configuraciones/grupos-de-impuestos');
    const empresa = page.getByRole('region', { name: 'Impuestos de su empresa' });
    await empresa.getByLabel('Impuesto', { exact: true }).selectOption('IEPS');
    await empresa.getByLabel('Factor').selectOption('Cuota');
    await empresa.getByLabel('Cuota por unidad').fill('6.4555');
    await empresa.getByLabel('Descripción (opcional)').fill('Gasolina por litro');
    await empresa.getByRole('button', { name: 'Agregar' }).click();
    await empresa.getByText('Se agregó IEPS cuota $ 6.4555 a sus impuestos trasladados.').waitFor();
    await empresa.getByText('IEPS cuota $ 6.4555 (Gasolina por litro)').waitFor();

    await empresa
      .getByRole('button', { name: 'Editar IEPS cuota $ 6.4555 (Gasolina por litro)' })
      .click();
    await empresa.getByRole('heading', { name: 'Editar IEPS cuota $ 6.4555' }).waitFor();
    await empresa.getByLabel('Cuota por unidad').fill('5.9195');
    await empresa.getByRole('button', { name: 'Guardar' }).click();
    await empresa.getByText('IEPS cuota $ 5.9195 (Gasolina por litro)').waitFor();

    const tras = await s.api.get<TaxResponse[]>('impuestos-trasladados');
    const cuota = tras.find((t) => t.tipo_factor === 'Cuota');
    const iva16 = tras.find((t) => t.tax_type === 'IVA' && t.value === '0.160000');
    expect(cuota?.value).toBe('5.919500');
    const gasolinera = await grupo(s, 'Gasolina', [cuota!.id, iva16!.id]);
    const product = await createProduct(s.api, gasolinera.id, {
      description: 'Gasolina menor a 91 octanos',
      productServiceObj: { clave: '15101514' },
      unitsObj: { clave: 'LTR' },
      unity_price: '20.00',
    });
    // 40 L × $ 20.00 = 800.00; IEPS 40 × 5.9195 = 236.78; IVA on 800.00 + 236.78 (decision 006).
    const f = await timbrar(s, s.client.id, product.id, '40', '20.00', [cuota!.id, iva16!.id]);
    const [ieps, iva] = f.cfdi!.conceptos[0]!.traslados;
    expect(ieps).toMatchObject({ impuesto: '003', tipo_factor: 'Cuota', importe: '236.78' });
    expect(iva).toMatchObject({ impuesto: '002', base: '1036.78', importe: '165.88' });
    expect(f.cfdi?.total).toBe('1202.66');

    await page.reload();
    await empresa
      .getByRole('button', { name: 'Eliminar IEPS cuota $ 5.9195 (Gasolina por litro)' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page
      .getByText(
        'No se puede eliminar este impuesto porque lo usa el grupo de impuestos «Gasolina».',
        { exact: false },
      )
      .first()
      .waitFor();
    await screenshot(page, 'fiscal-impuestos-cuota');
    expect(
      (await s.api.get<TaxResponse[]>('impuestos-trasladados')).some((t) => t.id === cuota!.id),
    ).toBe(true);
    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, s.session);
    await phone.goto('/configuraciones/grupos-de-impuestos');
    await phone.getByText('IEPS cuota $ 5.9195 (Gasolina por litro)').waitFor();
    await screenshot(phone, 'fiscal-impuestos-cuota-telefono');
  });

  it('a RESICO persona física withholds ISR 1.25 % from a company', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, { persona: 'fisica' });
    const empresa = await createClient(s.api, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      address: { codigo_postal: '42501' },
      email: 'kemper@example.com',
    });
    const ids = (l: RubroImpuestoResponse['impuestos_trasladados']) =>
      l.filter((t) => t.selected).map((t) => t.id);
    const f = await timbrar(
      s,
      empresa.id,
      s.product.id,
      '1',
      '10000.00',
      ids(s.rubros.resico.impuestos_trasladados),
      ids(s.rubros.resico.impuestos_retenidos),
    );
    expect(f.cfdi?.emisor.regimen_fiscal).toBe('626');
    const isr = f.cfdi?.conceptos[0]?.retenciones.find((r) => r.impuesto === '001');
    expect(isr).toMatchObject({ tasa_o_cuota: '0.012500', importe: '125.00' });
  });

  it('an exporter in USD gets the day’s Banxico rate; a currency without a reference says so', async () => {
    const s = await setUpFacturacion(journey.app, journey.smtp, {
      razonSocial: 'EXPORTADORA DEL NORTE',
    });
    const page = await newPage(journey.browser, journey.app.url, DESKTOP);
    await signInPage(page, s.session);
    await page.goto('/facturacion/facturas/nuevo');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await pick(page, 'factura-cliente', 'XOCHILT');
    await pick(page, 'partida-0-producto', 'Consultoría');
    const tc = page.locator('#factura-tipo-cambio');
    const ayuda = page.locator('#factura-tipo-cambio-ayuda');

    // A currency Banxico publishes no rate of: the form says so, proposes none.
    await page.locator('#factura-moneda').selectOption('CAD');
    await expect
      .poll(() => ayuda.textContent())
      .toContain(
        'No hay tipo de cambio de referencia de Banxico para esta fecha; capture el publicado en el Diario Oficial.',
      );
    expect(await tc.inputValue()).toBe('');
    await screenshot(page, 'fiscal-factura-sin-tipo-cambio');
    // The euro's newest reference is the committed history's (the stand-in publishes only the
    // dollar): the form names its date, proposes nothing and asks to verify the day's rate (issue 24).
    await page.locator('#factura-moneda').selectOption('EUR');
    await expect.poll(() => ayuda.textContent()).toContain(AVISO_EUR);
    expect(await tc.inputValue()).toBe('');
    await screenshot(page, 'fiscal-factura-referencia-antigua');

    await page.locator('#factura-moneda').selectOption('USD');
    await expect.poll(() => tc.inputValue()).toBe(FIX);
    await expect
      .poll(() => ayuda.textContent())
      .toMatch(new RegExp(`FIX de Banxico del \\d{2}/\\d{2}/\\d{4}: ${FIX}; el SAT admite de`));
    await screenshot(page, 'fiscal-factura-usd');
    // Back to a currency without a reference: the USD rate does not stay behind silently.
    await page.locator('#factura-moneda').selectOption('EUR');
    await expect.poll(() => tc.inputValue()).toBe('');
    await page.locator('#factura-moneda').selectOption('USD');
    await expect.poll(() => tc.inputValue()).toBe(FIX);

    await page.getByRole('button', { name: 'Timbrar', exact: true }).click();
    const confirmacion = page.getByRole('dialog');
    await confirmacion.getByRole('button', { name: 'Timbrar', exact: true }).click();
    await page.waitForURL(/\/facturacion\/facturas\/detalle\/\d+$/);
    const id = Number(/detalle\/(\d+)$/.exec(page.url())?.[1]);
    const f = await s.api.get<FacturaDetail>(`${V40}/${id}`);
    expect(f.status).toBe('timbrada');
    expect(f.cfdi).toMatchObject({ moneda: 'USD', tipo_cambio: FIX });

    const phone = await newPage(journey.browser, journey.app.url, PHONE);
    await signInPage(phone, s.session);
    await phone.goto('/facturacion/facturas/nuevo');
    await phone.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await phone.locator('#factura-moneda').selectOption('EUR');
    await expect
      .poll(() => phone.locator('#factura-tipo-cambio-ayuda').textContent())
      .toContain(AVISO_EUR);
    await screenshot(phone, 'fiscal-factura-referencia-antigua-telefono');
    await phone.locator('#factura-moneda').selectOption('CAD');
    await expect
      .poll(() => phone.locator('#factura-tipo-cambio-ayuda').textContent())
      .toContain('No hay tipo de cambio de referencia');
    await screenshot(phone, 'fiscal-factura-sin-tipo-cambio-telefono');
  });
});
