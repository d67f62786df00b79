import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPac } from '@repo/pac';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import { PORTAL_MENSAJES, type ReciboResponse } from '@repo/contracts/recibos';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { consulta } from '../../db/consulta.ts';
import type { Mailer } from '../../email/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import {
  api,
  crearCliente,
  crearProducto,
  seedFacturador,
  type Facturador,
} from '../facturas/facturas.test-support.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';

// A point of sale records a sale; its customer invoices it on the enterprise's portal with the
// ticket's code and total. The app's clock is the test's (the PAC checks Fecha against its own
// clock, so the test's "now" is the real one, and "last month" is 35 days before it).

const AHORA = new Date();
let reloj = AHORA;

/** The last day of the month of `d` where the enterprise issues (postal code 42501: Mexico City's time). */
function finDeMes(d: Date): string {
  const [a, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
    .format(d)
    .split('-')
    .map(Number);
  const ultimo = new Date(Date.UTC(a!, m, 0));
  return ultimo.toISOString().slice(0, 10);
}
const enviados: { to: string[]; subject: string }[] = [];
const mailer: Mailer = {
  send: async (m) => {
    enviados.push({ to: ([] as string[]).concat(m.to), subject: m.subject });
    return { messageId: `<${enviados.length}@prueba>` };
  },
};
let t: TestApp;
let e: Facturador;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: () => reloj, mailer });
  e = await seedFacturador(t, { credits: 5, now: reloj });
  productId = await crearProducto(t, e, {
    description: 'Café americano 12 oz',
    clave: '50201706',
    unidad: 'H87',
  });
});
afterAll(() => t.close());

async function recibo(over: Record<string, unknown> = {}) {
  const res = await api(t, e, 'POST', `/api/recibos/${e.enterpriseId}`, {
    forma_pago: '01',
    partidas: [
      {
        product_service_id: productId,
        cantidad: '3',
        precio_unitario: '45.50',
        impuestos_trasladados: [e.taxes.iva16],
      },
      {
        product_service_id: productId,
        cantidad: '1',
        precio_unitario: '19.99',
        descuento: '10',
        impuestos_trasladados: [e.taxes.iva16],
      },
    ],
    ...over,
  });
  return res;
}

function portal(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url: `/api/portal/${path}`, ...(payload ? { payload } : {}) });
}

const slugDe = (r: ReciboResponse) => new URL(r.url_portal).pathname.split('/').pop()!;

const CLIENTE = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  codigo_postal: '10740',
  regimen_fiscal: '612',
  uso_cfdi: 'G03',
  email: 'xochilt@example.com',
};

describe('sales receipts', () => {
  it('a sale gets the next folio, a code and the exact total of the invoice it becomes; the same referencia answers the same receipt', async () => {
    const a = await recibo({ referencia: 'TPV-1-000123' });
    expect(a.statusCode, a.body).toBe(201);
    const r = a.json().data as ReciboResponse;
    // 3 × 45.50 = 136.50; 19.99 − 10 % = 17.99 (discount 2.00); IVA 16 % of 154.49 = 24.72
    expect([r.subtotal, r.descuento, r.impuestos, r.total]).toEqual([
      '156.49',
      '2.00',
      '24.72',
      '179.21',
    ]);
    expect(r.codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(r.estado).toBe('abierto');
    expect(r.facturable_hasta).toBe(finDeMes(AHORA));
    expect(r.url_portal).toContain(`/facturar/${slugDe(r)}?codigo=${r.codigo}`);
    const again = await recibo({ referencia: 'TPV-1-000123' });
    expect((again.json().data as ReciboResponse).id).toBe(r.id);
    const b = (await recibo()).json().data as ReciboResponse;
    expect(b.folio).toBe(r.folio + 1);
  });

  it('refuses what is not a paid sale of its own products, with the reason on the field, and records nothing', async () => {
    const [conteo] = await consulta<{ n: number }>(
      t.deps.db,
      'select count(*)::int as n from recibos where enterprise_id = $1',
      [e.enterpriseId],
    );
    const pagoPorDefinir = await recibo({ forma_pago: '99' });
    expect(pagoPorDefinir.statusCode).toBe(422);
    expect(pagoPorDefinir.body).toContain('no 99');
    const ajeno = await recibo({
      partidas: [{ product_service_id: 999999, cantidad: '1', precio_unitario: '10' }],
    });
    expect(ajeno.statusCode).toBe(422);
    expect(Object.keys(ajeno.json().dataError)).toContain('partidas.0.product_service_id');
    const vacio = await recibo({ partidas: [] });
    expect(vacio.body).toContain('Agregue al menos una partida');
    const [despues] = await consulta<{ n: number }>(
      t.deps.db,
      'select count(*)::int as n from recibos where enterprise_id = $1',
      [e.enterpriseId],
    );
    expect(despues?.n).toBe(conteo?.n);
  });
});

describe('the self-invoicing portal', () => {
  it('finds a ticket only with its code AND total, stamps the customer invoice of exactly that total, e-mails it, and a second try is refused', async () => {
    const r = (await recibo()).json().data as ReciboResponse;
    const slug = slugDe(r);
    const info = await portal('GET', slug);
    expect(info.json().data.nombre).toBe(e.nombre);

    const malTotal = await portal('POST', `${slug}/ticket`, { codigo: r.codigo, total: '179.20' });
    const malCodigo = await portal('POST', `${slug}/ticket`, {
      codigo: 'ZZZZZZZZZZZZ',
      total: r.total,
    });
    expect(malTotal.statusCode).toBe(404);
    expect(malCodigo.statusCode).toBe(404);
    expect(malTotal.json().dataError).toBe(PORTAL_MENSAJES.noEncontrado);
    expect(malCodigo.json().dataError).toBe(malTotal.json().dataError);

    // Typed from paper: lower case, a dash, the total with its sign and comma.
    const codigoEscrito = `${r.codigo.slice(0, 6).toLowerCase()}-${r.codigo.slice(6)}`;
    const ticket = await portal('POST', `${slug}/ticket`, {
      codigo: codigoEscrito,
      total: `$ ${r.total}`,
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json().data.conceptos.map((c: { descripcion: string }) => c.descripcion)).toEqual(
      ['Café americano 12 oz', 'Café americano 12 oz'],
    );

    const creditos = await getBalance(t.deps.db, e.enterpriseId);
    const res = await portal('POST', `${slug}/facturar`, {
      codigo: r.codigo,
      total: r.total,
      ...CLIENTE,
    });
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json().data;
    expect(f.total).toBe('179.21');
    expect(f.pruebas).toBe(true);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(creditos - 1);

    const detalle = (await api(t, e, 'GET', `/api/recibos/detalle/${r.id}`)).json()
      .data as ReciboResponse;
    expect(detalle.estado).toBe('facturado');
    expect(detalle.factura?.uuid).toBe(f.uuid);
    const row = await findComprobante(t.deps.db, e.enterpriseId, detalle.factura!.id);
    const cfdi = parseComprobanteXml(row!.xml_timbrado!);
    expect([
      cfdi.Total,
      cfdi.Receptor.Rfc,
      cfdi.Receptor.Nombre,
      cfdi.Receptor.UsoCFDI,
      cfdi.FormaPago,
    ]).toEqual(['179.21', CLIENTE.rfc, CLIENTE.nombre, 'G03', '01']);
    const sat = checkSat(row!.xml_timbrado!, {
      tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem,
    });
    expect(sat.errors).toEqual([]);
    expect(enviados.some((m) => m.to.includes(CLIENTE.email))).toBe(true);

    const otraVez = await portal('POST', `${slug}/facturar`, {
      codigo: r.codigo,
      total: r.total,
      ...CLIENTE,
    });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().dataError).toBe(PORTAL_MENSAJES.yaFacturado);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(creditos - 1);
  });

  it("a known RFC must come with the enterprise's data for it; nothing of that client is shown or changed, nothing stamped", async () => {
    await crearCliente(t, e, {
      name_razon_social: 'EMPRESA CONOCIDA',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '26015',
    });
    const r = (await recibo()).json().data as ReciboResponse;
    const creditos = await getBalance(t.deps.db, e.enterpriseId);
    const res = await portal('POST', `${slugDe(r)}/facturar`, {
      ...CLIENTE,
      codigo: r.codigo,
      total: r.total,
      rfc: 'EKU9003173C9',
      nombre: 'OTRO NOMBRE',
      regimen_fiscal: '601',
      codigo_postal: '26015',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toBe(PORTAL_MENSAJES.datosDistintos);
    expect(res.body).not.toContain('EMPRESA CONOCIDA');
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(creditos);
    const sigue = (await api(t, e, 'GET', `/api/recibos/detalle/${r.id}`)).json()
      .data as ReciboResponse;
    expect(sigue.estado).toBe('abierto');
  });

  it('a ticket of last month, a cancelled one and one of another enterprise cannot be invoiced here', async () => {
    const antes = new Date(AHORA.getTime() - 35 * 24 * 3600_000);
    reloj = antes;
    const viejo = (await recibo()).json().data as ReciboResponse;
    reloj = AHORA;
    const hasta = finDeMes(antes);
    expect(viejo.facturable_hasta).toBe(hasta);
    const tarde = await portal('POST', `${slugDe(viejo)}/ticket`, {
      codigo: viejo.codigo,
      total: viejo.total,
    });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().dataError).toBe(
      PORTAL_MENSAJES.fueraDePlazo(hasta.split('-').reverse().join('/')),
    );

    const cancelado = (await recibo()).json().data as ReciboResponse;
    await api(t, e, 'POST', `/api/recibos/detalle/${cancelado.id}/cancelar`);
    const res = await portal('POST', `${slugDe(cancelado)}/ticket`, {
      codigo: cancelado.codigo,
      total: cancelado.total,
    });
    expect(res.json().dataError).toBe(PORTAL_MENSAJES.cancelado);

    const otra = await seedFacturador(t, { credits: 1, now: reloj });
    const suyo = (await api(t, otra, 'GET', `/api/portal-facturacion/${otra.enterpriseId}`)).json()
      .data;
    const cruzado = await portal('POST', `${suyo.slug}/ticket`, {
      codigo: viejo.codigo,
      total: viejo.total,
    });
    expect(cruzado.statusCode).toBe(404);
    expect((await api(t, otra, 'GET', `/api/recibos/detalle/${viejo.id}`)).statusCode).toBe(404);
  });
});
