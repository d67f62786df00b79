/** Test helpers for payment complements: a tenant with a recepción de pagos serie and PPD invoices. */
import { expect } from 'vitest';
import type { SandboxPac } from '@repo/pac';
import { fechaLocal, parseComprobanteXml } from '@repo/cfdi/xml';
import type { ComplementoPagoRequestInput } from '@repo/contracts/complementos-pago';
import type { FacturaDetail, FacturaDraftRequestInput } from '@repo/contracts/facturas';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import {
  api,
  crearCliente,
  crearProducto,
  seedFacturador,
  type Facturador,
} from '../facturas/facturas.test-support.ts';
import { createSerie } from '../series/series.service.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';

export const V40 = '/api/facturacion/V40';

export interface Cobrador extends Facturador {
  seriePagosId: number;
  clientId: number;
  productId: number;
}

/** A tenant ready to invoice and to receive payments (serie P of recepcion-pagos), and a client. */
export async function seedCobrador(
  t: TestApp,
  credits = 10,
  /** The test's fixed clock: the CSD is valid around it. */
  now?: Date,
): Promise<Cobrador> {
  const e = await seedFacturador(t, { credits, ...(now ? { now } : {}) });
  const serie = await createSerie(t.deps.db, e.enterpriseId, {
    kind: 'recepcion-pagos',
    serie: 'P',
    folio: 1,
  });
  const clientId = await crearCliente(t, e, {
    name_razon_social: 'XOCHILT CASAS CHAVEZ',
    rfc: 'CACX7605101P8',
    regimenFiscal: '612',
    usoCfdi: 'G03',
    codigo_postal: '10740',
  });
  const productId = await crearProducto(t, e, { description: 'Servicio de consultoría' });
  return { ...e, seriePagosId: serie.id, clientId, productId };
}

/** Stamps a PPD invoice of one line (cantidad × precio) with the given taxes. */
export async function facturaPpd(
  t: TestApp,
  e: Cobrador,
  over: {
    precio?: string;
    cantidad?: string;
    trasladados?: number[];
    retenidos?: number[];
    moneda?: string;
    tipo_cambio?: string;
    clientId?: number;
  } = {},
): Promise<FacturaDetail> {
  const body: FacturaDraftRequestInput = {
    client_id: over.clientId ?? e.clientId,
    serie_id: e.serieId,
    forma_pago: '99',
    metodo_pago: 'PPD',
    uso_cfdi: 'G03',
    ...(over.moneda ? { moneda: over.moneda, tipo_cambio: over.tipo_cambio ?? null } : {}),
    partidas: [
      {
        product_service_id: e.productId,
        cantidad: over.cantidad ?? '1',
        precio_unitario: over.precio ?? '1000.00',
        descuento: '0',
        impuestos_trasladados: over.trasladados ?? [e.taxes.iva16],
        impuestos_retenidos: over.retenidos ?? [],
      },
    ],
  };
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.factura;
}

/** Now as the form sends it: `YYYY-MM-DD HH:mm:ss` in the issuer's zone (CP 42501). */
export function ahoraPago(): string {
  return fechaLocal(new Date(), 'America/Mexico_City').replace('T', ' ');
}

export function pagoBody(
  e: Cobrador,
  facturaId: number,
  amount: number,
  over: Partial<ComplementoPagoRequestInput> = {},
): ComplementoPagoRequestInput {
  return {
    factura_id: facturaId,
    serie_id: e.seriePagosId,
    enterprise_id: e.enterpriseId,
    forma_pago: '01',
    payment_date: ahoraPago(),
    payment_amount: amount,
    ...over,
  };
}

/** The SAT's own checks on a stamped comprobante (XSD, XSLT cadena, sello, TFD with the PAC's cert). */
export async function satOk(t: TestApp, enterpriseId: number, id: number) {
  const row = await findComprobante(t.deps.db, enterpriseId, id);
  const xml = row?.xml_timbrado ?? '';
  expect(xml).toContain('tfd:TimbreFiscalDigital');
  const r = checkSat(xml, { tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem });
  expect(r.errors).toEqual([]);
  return parseComprobanteXml(xml);
}
