import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SandboxPac } from '@repo/pac';
import { decimal } from '@repo/cfdi/decimal';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import {
  REGLA_626_FISICA_MESSAGE,
  REGLA_626_MORAL_MESSAGE,
  type FacturaDetail,
} from '@repo/contracts/facturas';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { sellosFiscales } from '../../db/schema/sellos-fiscales.ts';
import { DbSandboxStore } from '../../pac/db-sandbox-store.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { deleteClient as deleteClientRow } from '../clients/clients.queries.ts';
import { CLIENT_IN_USE } from '../clients/clients.service.ts';
import { getBalance } from '../credits/credits.service.ts';
import { PRODUCT_SERVICE_IN_USE } from '../products-services/products-services.service.ts';
import { findSerie } from '../series/series.queries.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import { PAC_NO_RESPONDIO } from '../timbrado/timbrado.service.ts';
import { PacEspia } from '../timbrado/timbrado.test-support.ts';
import {
  FECHA_FUERA_DE_RANGO,
  INFO_GLOBAL_NO_APLICA,
  INFO_GLOBAL_REQUERIDA,
} from './facturas.service.ts';
import { MOTIVO_01_SIN_SUSTITUTO } from './factura-cancelacion.service.ts';
import { IMPUESTO_EXENTO_CON_OTROS } from './conflicto-de-impuestos.ts';
import {
  api,
  basico,
  crearCliente,
  crearProducto,
  seedFacturador,
  type Facturador,
} from './facturas.test-support.ts';

const V40 = '/api/facturacion/V40';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function xmlDe(enterpriseId: number, id: number): Promise<string> {
  const row = await findComprobante(t.deps.db, enterpriseId, id);
  return row?.xml_timbrado ?? '';
}

/** The SAT's own checks (XSD, XSLT cadena, sello, TFD with the PAC's certificate). */
async function satOk(enterpriseId: number, id: number) {
  const xml = await xmlDe(enterpriseId, id);
  expect(xml).toContain('tfd:TimbreFiscalDigital');
  const r = checkSat(xml, { tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem });
  expect(r.errors).toEqual([]);
  expect(r.ok).toBe(true);
  return parseComprobanteXml(xml);
}

async function countComprobantes(enterpriseId: number): Promise<number> {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(comprobantes)
    .where(eq(comprobantes.enterprise_id, enterpriseId));
  return row?.n ?? 0;
}

async function stamp(e: Facturador, body: unknown): Promise<FacturaDetail> {
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.factura;
}

/** Every number of the answer is the XML's: totals, and the lines add up to the total. */
function mismosNumeros(f: FacturaDetail, xml: ReturnType<typeof parseComprobanteXml>) {
  expect(f.total).toBe(xml.Total);
  expect(f.cfdi?.total).toBe(xml.Total);
  expect(f.cfdi?.subtotal).toBe(xml.SubTotal);
  const suma = f.partidas.reduce((a, p) => a.plus(decimal(p.total)), decimal('0'));
  expect(suma.toFixed(2)).toBe(decimal(xml.Total).toFixed(2));
  f.partidas.forEach((p, i) => {
    expect(p.importe).toBe(xml.Conceptos[i]?.Importe);
    expect(p.descuento_monto).toBe(xml.Conceptos[i]?.Descuento ?? p.descuento_monto);
  });
}

describe('POST /api/facturacion/V40/facturas-ingreso (create and stamp)', () => {
  it('stamps a PUE invoice: SAT-valid XML with its TFD, one credit spent, the folio taken', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft());
    expect(res.statusCode, res.body).toBe(200);
    const { factura, user_total_remaining_credits } = res.json().data;
    expect(user_total_remaining_credits).toBe(2);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    expect(factura.status).toBe('timbrada');
    expect(factura.view_status).toBe('Timbrada');
    expect([factura.serie, factura.folio]).toEqual(['F', 1]);
    expect(factura.uuid).toMatch(/^[0-9A-F-]{36}$/);
    // 2 × 1500 = 3000, 10 % off = 2700, IVA 432 → 3132.
    expect(factura.cfdi.subtotal).toBe('3000.00');
    expect(factura.cfdi.descuento).toBe('300.00');
    expect(factura.total).toBe('3132.00');
    expect(factura.partidas[0]).toMatchObject({
      importe: '3000.00',
      descuento_monto: '300.00',
      importe_base: '2700.00',
      total: '3132.00',
    });
    const xml = await satOk(e.enterpriseId, factura.id);
    mismosNumeros(factura, xml);
    expect(factura.cfdi.timbre.uuid).toBe(factura.uuid);
    expect(xml.Receptor).toMatchObject({ Rfc: 'CACX7605101P8', UsoCFDI: 'G03' });
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(2);

    // The first stamped invoice completes that first step.
    const steps = await api(t, e, 'GET', '/api/users/check-first-steps-completed');
    expect(steps.json().data.invoice_created).toBe(true);
  });

  it('every tax kind: IVA, IEPS tasa, IEPS cuota, IVA and ISR withheld, local taxes and discounts', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const clientId = await crearCliente(t, e, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '42501',
    });
    const refresco = await crearProducto(t, e, {
      description: 'Refresco de cola 600 ml',
      clave: '50202306',
      unidad: 'H87',
      internal_code: 'REF-600',
    });
    const bebida = await crearProducto(t, e, {
      description: 'Bebida saborizada por litro',
      clave: '50202306',
      unidad: 'LTR',
    });
    const servicio = await crearProducto(t, e, { description: 'Supervisión de obra' });
    const f = await stamp(e, {
      client_id: clientId,
      serie_id: e.serieId,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: refresco,
          cantidad: '24',
          precio_unitario: '13.793103',
          descuento: '5',
          impuestos_trasladados: [e.taxes.iva16, e.taxes.iepsTasa],
          impuestos_locales_trasladados: [e.taxes.localTrasladado],
        },
        {
          product_service_id: bebida,
          cantidad: '50',
          precio_unitario: '9.5',
          impuestos_trasladados: [e.taxes.iepsCuota, e.taxes.iva16],
        },
        {
          product_service_id: servicio,
          cantidad: '1',
          precio_unitario: '12345.67',
          descuento: '12.5',
          cuenta_predial: '12-34 ab',
          impuestos_trasladados: [e.taxes.iva16],
          impuestos_retenidos: [e.taxes.ivaRetenido, e.taxes.isrRetenido],
          impuestos_locales_retenidos: [e.taxes.localRetenido],
        },
      ],
    });
    const xml = await satOk(e.enterpriseId, f.id);
    mismosNumeros(f, xml);
    const traslados = xml.Impuestos?.Traslados?.map(
      (l) => `${l.Impuesto} ${l.TipoFactor} ${l.TasaOCuota}`,
    );
    expect(traslados).toEqual(
      expect.arrayContaining(['002 Tasa 0.160000', '003 Tasa 0.265000', '003 Cuota 0.352100']),
    );
    expect(xml.Impuestos?.Retenciones?.map((r) => r.Impuesto).sort()).toEqual(['001', '002']);
    // IEPS cuota: the base is the units (50 litres).
    const cuota = xml.Conceptos[1]?.Impuestos?.Traslados?.find((l) => l.TipoFactor === 'Cuota');
    expect(cuota).toMatchObject({ Base: '50', Importe: '17.61' });
    expect(xml.Conceptos[0]).toMatchObject({ NoIdentificacion: 'REF-600', Descuento: '16.55' });
    expect(xml.Conceptos[2]?.CuentaPredial).toEqual([{ Numero: '1234ab' }]);
    const locales = xml.Complemento?.ImpuestosLocales;
    expect(locales?.TrasladosLocales?.[0]).toMatchObject({ TasadeTraslado: '3.50' });
    expect(locales?.RetencionesLocales?.[0]).toMatchObject({ TasadeRetencion: '0.50' });
    expect(f.cfdi?.impuestos_locales?.total_traslados).toBe(locales?.TotaldeTraslados);
    expect(f.cfdi?.impuestos_locales?.total_retenciones).toBe(locales?.TotaldeRetenciones);
  });

  it('a USD invoice carries Moneda USD and its TipoCambio; without the rate it is refused', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft } = await basico(t, e);
    const sinTipo = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft({ moneda: 'USD' }));
    expect(sinTipo.statusCode).toBe(422);
    expect(sinTipo.json().dataError.tipo_cambio[0]).toMatch(/tipo de cambio/);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);

    const f = await stamp(e, draft({ moneda: 'USD', tipo_cambio: '17.1512' }));
    const xml = await satOk(e.enterpriseId, f.id);
    expect([xml.Moneda, xml.TipoCambio]).toEqual(['USD', '17.1512']);
    expect(f.moneda).toBe('USD');
    expect(f.draft?.tipo_cambio).toBe('17.1512');
    mismosNumeros(f, xml);
  });

  it('a concepto with the same tax twice (IVA 16% and Exento) is refused on its field; nothing stamped, no credit spent', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    const antes = await countComprobantes(e.enterpriseId);
    const body = draft();
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      ...body,
      partidas: body.partidas.map((p) => ({
        ...p,
        impuestos_trasladados: [e.taxes.iva16, e.taxes.ivaExento],
      })),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError['partidas.0.impuestos_trasladados']).toEqual([
      IMPUESTO_EXENTO_CON_OTROS,
    ]);
    expect(await countComprobantes(e.enterpriseId)).toBe(antes);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });

  it('a foreign client (XEXX010101000) gets the LugarExpedicion, 616, S01 and its ResidenciaFiscal', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const clientId = await crearCliente(t, e, {
      name_razon_social: 'ACME CORPORATION',
      rfc: 'XEXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
      pais: 'USA',
      numRegistroIdentidadFiscal: '123456789',
    });
    const productId = await crearProducto(t, e, { description: 'Desarrollo de software' });
    const f = await stamp(e, {
      client_id: clientId,
      serie_id: e.serieId,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'S01',
      moneda: 'USD',
      tipo_cambio: '18.25',
      partidas: [
        {
          product_service_id: productId,
          cantidad: '10',
          precio_unitario: '85.5',
          impuestos_trasladados: [e.taxes.ivaExento],
        },
      ],
    });
    const xml = await satOk(e.enterpriseId, f.id);
    expect(xml.Receptor).toMatchObject({
      Rfc: 'XEXX010101000',
      Nombre: 'ACME CORPORATION',
      DomicilioFiscalReceptor: '42501',
      ResidenciaFiscal: 'USA',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(xml.Total).toBe('855.00');
    mismosNumeros(f, xml);
  });

  it('público en general: PUBLICO EN GENERAL needs InformacionGlobal; a named XAXX sale must not carry it', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const pg = await crearCliente(t, e, {
      name_razon_social: 'PUBLICO EN GENERAL',
      rfc: 'XAXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
    });
    const nominal = await crearCliente(t, e, {
      name_razon_social: 'JUAN PEREZ MOSTRADOR',
      rfc: 'XAXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
    });
    const productId = await crearProducto(t, e, { description: 'Venta de mostrador' });
    const now = new Date();
    const mes = String(now.getMonth() + 1).padStart(2, '0');
    const body = (clientId: number, global: unknown) => ({
      client_id: clientId,
      serie_id: e.serieId,
      forma_pago: '01',
      metodo_pago: 'PUE',
      uso_cfdi: 'S01',
      informacion_global: global,
      partidas: [
        {
          product_service_id: productId,
          cantidad: '1',
          precio_unitario: '500',
          impuestos_trasladados: [e.taxes.iva16],
        },
      ],
    });
    const global = { periodicidad: '04', meses: mes, anio: now.getFullYear() };

    const falta = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body(pg, null));
    expect(falta.statusCode).toBe(422);
    expect(falta.json().dataError.informacion_global).toEqual([INFO_GLOBAL_REQUERIDA]);
    const sobra = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body(nominal, global));
    expect(sobra.statusCode).toBe(422);
    expect(sobra.json().dataError.informacion_global).toEqual([INFO_GLOBAL_NO_APLICA]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(3);

    // A global with ordinary products breaks the global rules (rules 8.2): refused, no credit spent.
    const ordinaria = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body(pg, global));
    expect(ordinaria.statusCode).toBe(422);
    expect(ordinaria.json().dataError['partidas.0.clave_unidad']).toEqual([
      'En la factura global cada venta lleva la clave de unidad ACT (Actividad).',
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(3);
    const venta = await crearProducto(t, e, {
      description: 'Venta',
      clave: '01010101',
      unidad: 'ACT',
      internal_code: 'T-9001',
    });
    const f = await stamp(e, {
      ...body(pg, global),
      partidas: [{ ...body(pg, global).partidas[0]!, product_service_id: venta }],
    });
    const xml = await satOk(e.enterpriseId, f.id);
    expect(xml.Conceptos[0]).toMatchObject({
      ClaveProdServ: '01010101',
      ClaveUnidad: 'ACT',
      NoIdentificacion: 'T-9001',
      Descripcion: 'Venta',
    });
    expect(xml.InformacionGlobal).toEqual({
      Periodicidad: '04',
      Meses: mes,
      Año: String(now.getFullYear()),
    });
    expect(xml.Receptor).toMatchObject({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: '42501',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    const individual = await stamp(e, body(nominal, null));
    const xml2 = await satOk(e.enterpriseId, individual.id);
    expect(xml2.InformacionGlobal).toBeUndefined();
    expect(xml2.Receptor.Nombre).toBe('JUAN PEREZ MOSTRADOR');
  });

  it('refuses bad input with Spanish messages per field and changes nothing', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft, productId } = await basico(t, e);
    const vacio = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {});
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().dataError).toMatchObject({
      client_id: ['El cliente es obligatorio'],
      serie_id: ['La serie es obligatoria'],
      forma_pago: ['La forma de pago es obligatoria'],
      metodo_pago: ['El método de pago debe ser PUE o PPD'],
      partidas: ['Agregue al menos un concepto a la factura'],
    });
    const linea = (descuento: unknown) =>
      draft({
        partidas: [
          {
            product_service_id: productId,
            cantidad: '1',
            precio_unitario: '100',
            descuento: descuento as string,
          },
        ],
      });
    const mayor = await api(t, e, 'POST', `${V40}/facturas-ingreso`, linea('150'));
    expect(mayor.json().dataError['partidas.0.descuento']).toEqual([
      'El descuento no puede ser mayor a 100%',
    ]);
    const menor = await api(t, e, 'POST', `${V40}/facturas-ingreso`, linea(-1));
    expect(menor.json().dataError['partidas.0.descuento']).toEqual([
      'El descuento no puede ser menor a 0%',
    ]);
    const ppd = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft({ metodo_pago: 'PPD' }));
    expect(ppd.statusCode).toBe(422);
    expect(ppd.json().dataError.forma_pago[0]).toMatch(/99/);
    const vieja = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      draft({ fecha: '2020-01-01' }),
    );
    expect(vieja.json().dataError.fecha).toEqual([FECHA_FUERA_DE_RANGO]);
    const sinProducto = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      draft({ partidas: [{ product_service_id: 999999, cantidad: '1', precio_unitario: '1' }] }),
    );
    expect(sinProducto.json().dataError['partidas.0.product_service_id']).toEqual([
      'El producto o servicio no existe.',
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect(await countComprobantes(e.enterpriseId)).toBe(0);

    // A non-numeric discount counts as 0 (spec section 5).
    const texto = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, linea('abc'));
    expect(texto.statusCode, texto.body).toBe(200);
    expect(texto.json().data.draft.partidas[0].descuento).toBe('0');
  });

  it('a PAC rejection answers its reason in Spanish, spends no credit and lists the attempt with its reason', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facturas-rechazo-'));
    const rechaza = await buildTestApp({
      database: t.deps.database,
      pac: new SandboxPac({ dataDir, catalogos: t.deps.catalogos, enLco: () => false }),
    });
    try {
      const e = await seedFacturador(rechaza, { credits: 1 });
      const { draft } = await basico(rechaza, e);
      const res = await api(rechaza, e, 'POST', `${V40}/facturas-ingreso`, draft());
      expect(res.statusCode).toBe(422);
      expect(res.json().persistentErrorMessage).toBe(true);
      expect(res.json().dataError).toMatch(
        /^El PAC rechazó el comprobante \(402\): .*Lista de Contribuyentes Obligados/,
      );
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
      // The attempt used folio 1: listed as rejected, its detail gives the PAC's reason.
      const list = await api(rechaza, e, 'GET', `${V40}/facturas-ingreso`);
      expect(list.json().data.total).toBe(1);
      const [item] = list.json().data.data;
      expect(item).toMatchObject({
        status: 'rechazada',
        view_status: 'Rechazada por el PAC',
        folio: 1,
        uuid: null,
      });
      const detail = (await api(rechaza, e, 'GET', `${V40}/facturas-ingreso/${item.id}`)).json();
      expect(detail.data.rechazo.codigo).toBe('402');
      expect(detail.data.rechazo.mensaje).toMatch(/Lista de Contribuyentes Obligados/);
      expect(detail.data.cfdi).toMatchObject({ serie: 'F', folio: '1' });
    } finally {
      await rechaza.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('régimen 626 and expired seals: refused before any PAC call, nothing changes', () => {
  it('an issuer persona física in 626 invoicing a moral needs transferred and withheld taxes on every line', async () => {
    const e = await seedFacturador(t, { credits: 2, tipo: 'fisica', regimen: '626' });
    const moral = await crearCliente(t, e, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '42501',
    });
    const productId = await crearProducto(t, e, { description: 'Asesoría contable' });
    const body = (retenidos: number[]) => ({
      client_id: moral,
      serie_id: e.serieId,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: productId,
          cantidad: '1',
          precio_unitario: '10000',
          impuestos_trasladados: [e.taxes.iva16],
          impuestos_retenidos: retenidos,
        },
      ],
    });
    const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body([]));
    expect(res.statusCode).toBe(400);
    expect(res.json().persistentErrorMessage).toBe(true);
    expect(res.json().dataError).toContain(REGLA_626_MORAL_MESSAGE);
    expect(res.json().dataError).toMatch(/ISR retenido 1\.25%/);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    expect(await countComprobantes(e.enterpriseId)).toBe(0);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(1);

    const f = await stamp(e, body([e.taxes.isr125, e.taxes.ivaRetenido]));
    const xml = await satOk(e.enterpriseId, f.id);
    expect(xml.Emisor.RegimenFiscal).toBe('626');
    expect(xml.Conceptos[0]?.Impuestos?.Retenciones).toHaveLength(2);
  });

  it('an issuer persona física in 626 invoicing a física may only transfer taxes', async () => {
    const e = await seedFacturador(t, { credits: 1, tipo: 'fisica', regimen: '626' });
    const { draft, productId } = await basico(t, e);
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      draft({
        partidas: [
          {
            product_service_id: productId,
            cantidad: '1',
            precio_unitario: '100',
            impuestos_trasladados: [e.taxes.iva16],
            impuestos_retenidos: [e.taxes.isr125],
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      dataError: REGLA_626_FISICA_MESSAGE,
      persistentErrorMessage: true,
    });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect(await countComprobantes(e.enterpriseId)).toBe(0);
  });

  it('expired seals: "Sus sellos ya han expirado." for a new invoice and for a pre-invoice', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    const pre = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    expect(pre.statusCode).toBe(200);
    const preId = pre.json().data.id;
    await t.deps.db
      .update(sellosFiscales)
      .set({ expiration_date: new Date(Date.now() - 3600_000) })
      .where(eq(sellosFiscales.enterprise_id, e.enterpriseId));
    for (const [url, payload] of [
      [`${V40}/facturas-ingreso`, draft()],
      [`${V40}/pre-facturas-ingreso/${preId}/timbrar`, draft()],
      [`${V40}/pre-facturas-ingreso/${preId}/timbrar-with-pre-factura-original-data`, undefined],
    ] as const) {
      const res = await api(t, e, 'POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        dataError: 'Sus sellos ya han expirado.',
        persistentErrorMessage: true,
      });
    }
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    const detail = await api(t, e, 'GET', `${V40}/facturas-ingreso/${preId}`);
    expect(detail.json().data.status).toBe('pre_factura');
    expect(await countComprobantes(e.enterpriseId)).toBe(1);
  });
});

describe('pre-invoices', () => {
  it('save, read, edit and delete: no folio and no credit until stamped', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft, productId } = await basico(t, e);
    const saved = await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    expect(saved.statusCode, saved.body).toBe(200);
    const pre: FacturaDetail = saved.json().data;
    expect(pre).toMatchObject({
      status: 'pre_factura',
      view_status: 'Pre Factura',
      folio: null,
      uuid: null,
      total: '3132.00',
      client_rfc: 'CACX7605101P8',
      client_name: 'XOCHILT CASAS CHAVEZ',
    });
    expect(pre.cfdi?.folio).toBe('1');
    expect(pre.cfdi?.timbre).toBeNull();
    expect(pre.draft?.partidas[0]).toMatchObject({ product_service_id: productId, cantidad: '2' });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(1);

    const edited = await api(
      t,
      e,
      'PUT',
      `${V40}/pre-facturas-ingreso/${pre.id}`,
      draft({
        condiciones_pago: 'Contado',
        partidas: [
          {
            product_service_id: productId,
            cantidad: '3',
            precio_unitario: '100',
            impuestos_trasladados: [e.taxes.iva16],
          },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ id: pre.id, total: '348.00' });
    const read = await api(t, e, 'GET', `${V40}/facturas-ingreso/${pre.id}`);
    expect(read.json().data.draft.condiciones_pago).toBe('Contado');
    expect(read.json().data.partidas[0]).toMatchObject({ importe: '300.00', total: '348.00' });

    const badEdit = await api(t, e, 'PUT', `${V40}/pre-facturas-ingreso/${pre.id}`, {
      ...draft(),
      partidas: [],
    });
    expect(badEdit.statusCode).toBe(422);
    expect((await api(t, e, 'GET', `${V40}/facturas-ingreso/${pre.id}`)).json().data.total).toBe(
      '348.00',
    );

    const list = await api(t, e, 'GET', `${V40}/facturas-ingreso?page=1`);
    expect(list.json().data).toMatchObject({ total: 1, current_page: 1, per_page: 30 });
    expect(list.json().data.data[0]).toMatchObject({ id: pre.id, status: 'pre_factura' });

    const del = await api(t, e, 'DELETE', `${V40}/pre-facturas-ingreso/${pre.id}`);
    expect(del.statusCode).toBe(200);
    expect((await api(t, e, 'GET', `${V40}/facturas-ingreso/${pre.id}`)).statusCode).toBe(404);
    expect((await api(t, e, 'DELETE', `${V40}/pre-facturas-ingreso/${pre.id}`)).statusCode).toBe(
      404,
    );
    expect(await countComprobantes(e.enterpriseId)).toBe(0);
  });

  it('stamps a pre-invoice with the edited data: the stamped invoice replaces it', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft, productId } = await basico(t, e);
    const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/pre-facturas-ingreso/${pre.id}/timbrar`,
      draft({
        partidas: [
          {
            product_service_id: productId,
            cantidad: '5',
            precio_unitario: '200',
            impuestos_trasladados: [e.taxes.iva16],
          },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { factura, user_total_remaining_credits } = res.json().data;
    expect(user_total_remaining_credits).toBe(1);
    expect(factura).toMatchObject({ status: 'timbrada', total: '1160.00', folio: 1 });
    expect(factura.id).not.toBe(pre.id);
    const xml = await satOk(e.enterpriseId, factura.id);
    expect(xml.Conceptos[0]?.Cantidad).toBe('5');
    mismosNumeros(factura, xml);
    // The pre-invoice's old link leads to the stamped invoice (issue 14).
    const viejo = await api(t, e, 'GET', `${V40}/facturas-ingreso/${pre.id}`);
    expect(viejo.json().data).toMatchObject({ id: factura.id, status: 'timbrada' });
    const list = await api(t, e, 'GET', `${V40}/facturas-ingreso`);
    expect(list.json().data.data.map((r: { id: number }) => r.id)).toEqual([factura.id]);

    // A stamped invoice is neither edited, deleted nor stamped again.
    expect(
      (await api(t, e, 'PUT', `${V40}/pre-facturas-ingreso/${factura.id}`, draft())).statusCode,
    ).toBe(409);
    expect(
      (await api(t, e, 'DELETE', `${V40}/pre-facturas-ingreso/${factura.id}`)).statusCode,
    ).toBe(409);
    const again = await api(
      t,
      e,
      'POST',
      `${V40}/pre-facturas-ingreso/${factura.id}/timbrar-with-pre-factura-original-data`,
    );
    expect(again.statusCode).toBe(409);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });

  it('stamps a pre-invoice with its original data', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/pre-facturas-ingreso/${pre.id}/timbrar-with-pre-factura-original-data`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { factura, user_total_remaining_credits } = res.json().data;
    expect(user_total_remaining_credits).toBe(0);
    expect(factura).toMatchObject({ status: 'timbrada', total: pre.total });
    expect(factura.draft).toEqual(pre.draft);
    const xml = await satOk(e.enterpriseId, factura.id);
    mismosNumeros(factura, xml);

    // No credits left: refused before the PAC, the pre-invoice stays.
    const pre2 = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
    const sin = await api(
      t,
      e,
      'POST',
      `${V40}/pre-facturas-ingreso/${pre2.id}/timbrar-with-pre-factura-original-data`,
    );
    expect(sin.statusCode).toBe(402);
    expect(sin.json().dataError).toMatch(/Créditos insuficientes/);
    expect((await api(t, e, 'GET', `${V40}/facturas-ingreso/${pre2.id}`)).json().data.status).toBe(
      'pre_factura',
    );
  });
});

describe('stamping never stamps twice', () => {
  async function timbradas(enterpriseId: number) {
    return t.deps.db
      .select({ id: comprobantes.id })
      .from(comprobantes)
      .where(
        and(eq(comprobantes.enterprise_id, enterpriseId), eq(comprobantes.status, 'timbrada')),
      );
  }

  it('the same idempotency_key answers the first invoice instead of a second one', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft } = await basico(t, e);
    const first = await stamp(e, draft({ idempotency_key: 'clic-0001-abcdef' }));
    const second = await stamp(e, draft({ idempotency_key: 'clic-0001-abcdef' }));
    expect(second.id).toBe(first.id);
    expect(second.uuid).toBe(first.uuid);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });

  it('two clicks on "timbrar" of one pre-invoice make one invoice and spend one credit', async () => {
    const e = await seedFacturador(t, { credits: 2 });
    const { draft } = await basico(t, e);
    const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
    const url = `${V40}/pre-facturas-ingreso/${pre.id}/timbrar-with-pre-factura-original-data`;
    const answers = await Promise.all([api(t, e, 'POST', url), api(t, e, 'POST', url)]);
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 404]).toContain(r.statusCode);
    expect(new Set(ok.map((r) => r.json().data.factura.uuid)).size).toBe(1);
    expect(await timbradas(e.enterpriseId)).toHaveLength(1);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  });

  it('a lost PAC answer keeps the pre-invoice; the retry resends the same sealed XML', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facturas-perdida-'));
    const espia = new PacEspia(new SandboxPac({ dataDir, catalogos: t.deps.catalogos }), 1);
    const app = await buildTestApp({ database: t.deps.database, pac: espia });
    try {
      const e = await seedFacturador(app, { credits: 1 });
      const { draft } = await basico(app, e);
      const pre = (await api(app, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
      const url = `${V40}/pre-facturas-ingreso/${pre.id}/timbrar-with-pre-factura-original-data`;
      const lost = await api(app, e, 'POST', url);
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toMatchObject({
        dataError: PAC_NO_RESPONDIO,
        persistentErrorMessage: true,
      });
      const still = await api(app, e, 'GET', `${V40}/facturas-ingreso/${pre.id}`);
      expect(still.json().data.status).toBe('pre_factura');
      // The sealed attempt is listed as waiting for the PAC, its credit reserved.
      const list = (await api(app, e, 'GET', `${V40}/facturas-ingreso`)).json().data.data;
      const pendiente = list.find((f: { id: number }) => f.id !== pre.id);
      expect(pendiente).toMatchObject({
        status: 'pendiente_pac',
        view_status: 'Pendiente de respuesta del PAC',
        folio: 1,
      });
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);

      const retry = await api(app, e, 'POST', url);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(espia.enviados).toHaveLength(2);
      expect(espia.enviados[1]).toBe(espia.enviados[0]);
      expect(retry.json().data.user_total_remaining_credits).toBe(0);
      expect(await timbradas(e.enterpriseId)).toHaveLength(1);
      // The pre-invoice's old link leads to the one stamped invoice.
      const viejo = await api(app, e, 'GET', `${V40}/facturas-ingreso/${pre.id}`);
      expect(viejo.json().data).toMatchObject({ status: 'timbrada' });
      expect(viejo.json().data.id).not.toBe(pre.id);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a lost PAC answer on "create and stamp": sending the same form resends the sealed invoice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facturas-perdida-directa-'));
    const espia = new PacEspia(new SandboxPac({ dataDir, catalogos: t.deps.catalogos }), 1);
    const app = await buildTestApp({ database: t.deps.database, pac: espia });
    try {
      const e = await seedFacturador(app, { credits: 2 });
      const { draft } = await basico(app, e);
      const lost = await api(app, e, 'POST', `${V40}/facturas-ingreso`, draft());
      expect(lost.statusCode).toBe(503);
      const retry = await api(app, e, 'POST', `${V40}/facturas-ingreso`, draft());
      expect(retry.statusCode, retry.body).toBe(200);
      expect(espia.enviados).toHaveLength(2);
      expect(espia.enviados[1]).toBe(espia.enviados[0]);
      expect(retry.json().data).toMatchObject({
        user_total_remaining_credits: 1,
        factura: { status: 'timbrada', folio: 1 },
      });
      // Once stamped, the same form again is a new, second invoice.
      const second = await api(app, e, 'POST', `${V40}/facturas-ingreso`, draft());
      expect(second.json().data.factura.folio).toBe(2);
      expect(await timbradas(e.enterpriseId)).toHaveLength(2);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('after a PAC rejection the pre-invoice stays and a new attempt can stamp it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facturas-reintento-'));
    const rechaza = await buildTestApp({
      database: t.deps.database,
      pac: new SandboxPac({ dataDir, catalogos: t.deps.catalogos, enLco: () => false }),
    });
    try {
      const e = await seedFacturador(t, { credits: 1 });
      const { draft } = await basico(t, e);
      const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
      const url = `${V40}/pre-facturas-ingreso/${pre.id}/timbrar-with-pre-factura-original-data`;
      expect((await api(rechaza, e, 'POST', url)).statusCode).toBe(422);
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
      const ok = await api(t, e, 'POST', url);
      expect(ok.statusCode, ok.body).toBe(200);
      // The rejected attempt burnt folio 1; the invoice takes folio 2.
      expect(ok.json().data.factura).toMatchObject({ status: 'timbrada', folio: 2 });
      await satOk(e.enterpriseId, ok.json().data.factura.id);
    } finally {
      await rechaza.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('tenancy', () => {
  it("another enterprise's invoice, client or enterprise id answers 404 or a field error, never data", async () => {
    const a = await seedFacturador(t, { credits: 1 });
    const b = await seedFacturador(t, { credits: 1 });
    const { draft, clientId } = await basico(t, a);
    const stamped = await stamp(a, draft());
    const pre = (await api(t, a, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
    for (const id of [stamped.id, pre.id]) {
      expect((await api(t, b, 'GET', `${V40}/facturas-ingreso/${id}`)).statusCode).toBe(404);
      expect(
        (await api(t, b, 'PUT', `${V40}/pre-facturas-ingreso/${id}`, draft())).statusCode,
      ).toBe(404);
      expect((await api(t, b, 'DELETE', `${V40}/pre-facturas-ingreso/${id}`)).statusCode).toBe(404);
      expect(
        (await api(t, b, 'POST', `${V40}/pre-facturas-ingreso/${id}/timbrar`, draft())).statusCode,
      ).toBe(404);
      expect(
        (
          await api(
            t,
            b,
            'POST',
            `${V40}/pre-facturas-ingreso/${id}/timbrar-with-pre-factura-original-data`,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await api(t, b, 'POST', `${V40}/cancelar-factura`, { factura_id: id, motivo: '02' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await api(t, b, 'POST', `${V40}/facturas-ingreso/${id}/estado-cancelacion`)).statusCode,
      ).toBe(404);
    }
    const ajeno = await api(t, b, 'POST', `${V40}/pre-facturas-ingreso`, {
      ...draft(),
      serie_id: b.serieId,
      client_id: clientId,
    });
    expect(ajeno.statusCode).toBe(422);
    expect(ajeno.json().dataError.client_id).toEqual(['El cliente no existe.']);
    const list = await api(t, b, 'GET', `${V40}/facturas-ingreso`);
    expect(list.json().data.total).toBe(0);
    expect(
      (await api(t, b, 'GET', `${V40}/${a.enterpriseId}/ppd-pending-payments`)).statusCode,
    ).toBe(404);
    expect(await getBalance(t.deps.db, b.enterpriseId)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `${V40}/facturas-ingreso` })).statusCode).toBe(
      401,
    );
  });
});

describe('list, search and PPD pending payments', () => {
  it('filters by client, status, método de pago, serie and dates; PPD invoices show their pending amount', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const otro = await crearCliente(t, e, {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '42501',
    });
    const pue = await stamp(e, draft());
    const ppd = await stamp(e, draft({ metodo_pago: 'PPD', forma_pago: '99', client_id: otro }));
    const pre = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data;
    const search = async (body: Record<string, unknown>) => {
      const res = await api(t, e, 'POST', `${V40}/facturas-ingreso/search?page=1`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.data.map((r: { id: number }) => r.id);
    };
    expect(await search({})).toEqual([pre.id, ppd.id, pue.id]);
    expect(await search({ status: 'Todos' })).toEqual([pre.id, ppd.id, pue.id]);
    expect(await search({ status: 'pre_factura' })).toEqual([pre.id]);
    expect(await search({ status: 'timbrada' })).toEqual([ppd.id, pue.id]);
    expect(await search({ status: 'cancelled' })).toEqual([]);
    expect(await search({ rfc_name: 'kemper' })).toEqual([ppd.id]);
    expect(await search({ rfc_name: 'CACX76' })).toEqual([pre.id, pue.id]);
    expect(await search({ rfc_name: pue.uuid })).toEqual([pue.id]);
    expect(await search({ metodo_pago: 'PPD' })).toEqual([ppd.id]);
    expect(await search({ serie: 'f', status: 'timbrada' })).toEqual([ppd.id, pue.id]);
    expect(await search({ serie: 'Z' })).toEqual([]);
    const hoy = pue.fecha.slice(0, 10);
    expect(await search({ from_date: hoy, to_date: hoy, status: 'timbrada' })).toEqual([
      ppd.id,
      pue.id,
    ]);
    expect(await search({ to_date: '2020-01-01' })).toEqual([]);
    const page2 = await api(t, e, 'POST', `${V40}/facturas-ingreso/search`, {
      items_per_page: 30,
      current_page: 2,
    });
    expect(page2.json().data).toMatchObject({ data: [], current_page: 2, total: 3, last_page: 1 });
    const bad = await api(t, e, 'POST', `${V40}/facturas-ingreso/search`, {
      items_per_page: 7,
      status: 'borrador',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toMatchObject({
      items_per_page: ['El tamaño de página debe ser 30, 50 o 100'],
      status: ['El estatus debe ser Todos, cancelled, timbrada o pre_factura'],
    });

    const list = (await api(t, e, 'GET', `${V40}/facturas-ingreso`)).json().data.data;
    const byId = new Map(list.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(ppd.id)).toMatchObject({ metodo_pago: 'PPD', PPD_pending_amount: ppd.total });
    expect(byId.get(pue.id)).toMatchObject({ metodo_pago: 'PUE', PPD_pending_amount: null });
    expect(byId.get(pue.id)).toMatchObject({
      year: Number(hoy.slice(0, 4)),
      month_key: hoy.slice(5, 7),
    });

    const pending = await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.data).toEqual([
      expect.objectContaining({
        id: ppd.id,
        uuid: ppd.uuid,
        total: ppd.total,
        PPD_pending_amount: ppd.total,
        client_rfc: 'EKU9003173C9',
      }),
    ]);
  });
});

describe('POST /api/facturacion/V40/cancelar-factura', () => {
  it('cancels with motivo 02 and answers the SAT status; refreshing keeps it; a second request is refused', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft } = await basico(t, e);
    const f = await stamp(e, draft());
    const res = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: f.id,
      motivo: '02',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      factura_id: f.id,
      status: 'cancelled',
      view_status: 'Cancelada',
      estado: 'Cancelado',
      estatus_cancelacion: 'Cancelado sin aceptación',
      motivo_cancelacion: '02',
    });
    const refresh = await api(t, e, 'POST', `${V40}/facturas-ingreso/${f.id}/estado-cancelacion`);
    expect(refresh.json().data).toMatchObject({ status: 'cancelled', estado: 'Cancelado' });
    const detail = (await api(t, e, 'GET', `${V40}/facturas-ingreso/${f.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'cancelled', motivo_cancelacion: '02', uuid: f.uuid });
    const again = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: f.id,
      motivo: '03',
    });
    expect(again.statusCode).toBe(409);
    const search = await api(t, e, 'POST', `${V40}/facturas-ingreso/search`, {
      status: 'cancelled',
    });
    expect(search.json().data.data.map((r: { id: number }) => r.id)).toEqual([f.id]);
  });

  it('a cancellation that needs the receiver shows "Cancelación en proceso" until the SAT status says Cancelado', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'facturas-aceptacion-'));
    let dias = 0;
    const clock = () => new Date(Date.now() + dias * 24 * 3600_000);
    const pac = new SandboxPac({
      dataDir,
      catalogos: t.deps.catalogos,
      store: new DbSandboxStore(t.deps.db),
      clock,
    });
    const app = await buildTestApp({ database: t.deps.database, pac });
    try {
      const e = await seedFacturador(app, { credits: 1 });
      const { draft } = await basico(app, e);
      const f = await stamp(e, draft());
      expect(Number(f.total)).toBeGreaterThan(1000);
      dias = 7;
      const res = await api(app, e, 'POST', `${V40}/cancelar-factura`, {
        factura_id: f.id,
        motivo: '03',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'timbrada',
        view_status: 'Cancelación en proceso',
        estado: 'Vigente',
        es_cancelable: 'Cancelable con aceptación',
        estatus_cancelacion: 'En proceso',
      });
      const list = await api(app, e, 'GET', `${V40}/facturas-ingreso`);
      expect(list.json().data.data[0]).toMatchObject({
        status: 'timbrada',
        view_status: 'Cancelación en proceso',
      });
      // The receiver never answers: after three business days the SAT cancels it.
      dias = 14;
      const later = await api(app, e, 'POST', `${V40}/facturas-ingreso/${f.id}/estado-cancelacion`);
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().data).toMatchObject({
        status: 'cancelled',
        view_status: 'Cancelada',
        estado: 'Cancelado',
        estatus_cancelacion: 'Plazo vencido',
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('motivo 04 is not offered; 01 needs a stamped replacement relating this invoice with tipo 04', async () => {
    const e = await seedFacturador(t, { credits: 3 });
    const { draft } = await basico(t, e);
    const original = await stamp(e, draft());
    const otra = await stamp(e, draft());
    const cuatro = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: original.id,
      motivo: '04',
    });
    expect(cuatro.statusCode).toBe(422);
    expect(cuatro.json().dataError.motivo[0]).toMatch(/01, 02 o 03/);
    const sinFolio = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: original.id,
      motivo: '01',
    });
    expect(sinFolio.statusCode).toBe(422);
    expect(sinFolio.json().dataError.folio_sustitucion).toHaveLength(1);
    const noRelacionada = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: original.id,
      motivo: '01',
      folio_sustitucion: otra.uuid,
    });
    expect(noRelacionada.statusCode).toBe(422);
    expect(noRelacionada.json().dataError.folio_sustitucion).toEqual([MOTIVO_01_SIN_SUSTITUTO]);
    const preId = (await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft())).json().data.id;
    const pre = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: preId,
      motivo: '02',
    });
    expect(pre.statusCode).toBe(409);

    const sustituta = await stamp(
      e,
      draft({
        cfdi_relacionados: [{ tipo_relacion: '04', uuids: [original.uuid!.toLowerCase()] }],
      }),
    );
    const xml = await satOk(e.enterpriseId, sustituta.id);
    expect(xml.CfdiRelacionados).toEqual([
      { TipoRelacion: '04', CfdiRelacionado: [{ UUID: original.uuid }] },
    ]);
    const res = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: original.id,
      motivo: '01',
      folio_sustitucion: sustituta.uuid,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      motivo_cancelacion: '01',
      folio_sustitucion: sustituta.uuid,
    });
  });
});

describe('master data used by invoices', () => {
  it('a client or a product used by an invoice or a pre-invoice cannot be deleted', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const { draft, clientId, productId } = await basico(t, e);
    await api(t, e, 'POST', `${V40}/pre-facturas-ingreso`, draft());
    const client = await api(t, e, 'DELETE', `/api/clients/${clientId}`);
    expect(client.statusCode).toBe(409);
    expect(client.json().dataError).toBe(CLIENT_IN_USE);
    // Shown to the person who clicked Eliminar (the SPA toasts showErrorToClient messages).
    expect(client.json().showErrorToClient).toBe(true);
    const product = await api(t, e, 'DELETE', `/api/products-services/${productId}`);
    expect(product.statusCode).toBe(409);
    expect(product.json().dataError).toBe(PRODUCT_SERVICE_IN_USE);
    expect(product.json().showErrorToClient).toBe(true);
    // The database refuses it too, whoever asks.
    await expect(deleteClientRow(t.deps.db, e.enterpriseId, clientId)).rejects.toThrow();
    // Unused ones still go.
    const libre = await crearProducto(t, e, { description: 'Sin usar' });
    expect((await api(t, e, 'DELETE', `/api/products-services/${libre}`)).statusCode).toBe(200);
    const [row] = await t.deps.db
      .select({ id: comprobantes.id })
      .from(comprobantes)
      .where(and(eq(comprobantes.enterprise_id, e.enterpriseId)));
    expect(row).toBeDefined();
  });
});
