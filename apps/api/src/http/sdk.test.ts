import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMA_HEADER } from '@repo/contracts/webhooks';
import { crearApi, ErrorDeApi, type Api } from '@repo/sdk/api';
import { RUTAS } from '@repo/sdk/rutas';
import type { Mailer } from '../email/mailer.ts';
import { getBalance } from '../modules/credits/credits.service.ts';
import { seedFacturador, type Facturador } from '../modules/facturas/facturas.test-support.ts';
import { verificarFirma } from '../modules/webhooks/firma.ts';
import { crearRepartidor, type Repartidor } from '../modules/webhooks/repartidor.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { openPrivateTestDatabase } from '../test/test-db.ts';

// Issue 28: packages/sdk used as an integrator uses it, over HTTP against the listening app: a point
// of sale records a sale, its customer invoices it on the portal, the shop's webhook hears of it.

interface Recibido {
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let database: Database;
let e: Facturador;
let sdk: Api;
let receptor: Server;
let urlReceptor = '';
let repartidor: Repartidor;
const recibidos: Recibido[] = [];
const correos: string[] = [];
const mailer: Mailer = {
  send: async (m) => {
    correos.push(...([] as string[]).concat(m.to));
    return { messageId: `<${correos.length}@sdk>` };
  },
};

beforeAll(async () => {
  // A database of its own: the delivery job serves every enterprise of its database, and another
  // file's deliveries must neither reach this receiver nor be taken from that file's own job.
  database = await openPrivateTestDatabase();
  t = await buildTestApp({ database, mailer, env: { WEBHOOKS_RED_PRIVADA: 'on' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  e = await seedFacturador(t, { credits: 10 });
  sdk = crearApi({ url: `http://127.0.0.1:${port}`, token: e.token });
  receptor = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      recibidos.push({ headers: req.headers, body });
      res.end('recibido');
    });
  });
  await new Promise<void>((r) => receptor.listen(0, '127.0.0.1', r));
  urlReceptor = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/webhooks`;
  repartidor = crearRepartidor({
    db: t.deps.db,
    secret: t.deps.secret,
    now: t.deps.now,
    redPrivada: true,
  });
});
afterAll(async () => {
  await new Promise((r) => receptor.close(r));
  await t.close();
  await database.close();
});

describe('the TypeScript SDK against the running server', () => {
  it('a receipt created by a point of sale, self-invoiced on the portal, is heard by the shop webhook, signed', async () => {
    const webhook = await sdk.webhooks.crear(e.enterpriseId, {
      url: urlReceptor,
      descripcion: 'Punto de venta',
      eventos: ['documento.timbrado'],
    });
    const producto = await sdk.productos.crear({
      productServiceObj: { clave: '50201706' },
      unitsObj: { clave: 'H87' },
      unity_price: '45.50',
      description: 'Café americano 12 oz',
      taxesGroup: e.rubroId,
    });
    const recibo = await sdk.recibos.crear(e.enterpriseId, {
      referencia: 'TPV-SDK-0001',
      forma_pago: '01',
      partidas: [
        {
          product_service_id: producto.id,
          cantidad: '2',
          precio_unitario: '45.50',
          impuestos_trasladados: [e.taxes.iva16],
        },
      ],
    });
    expect([recibo.estado, recibo.total]).toEqual(['abierto', '105.56']);

    // The customer, on the portal (no token), with the ticket's code and total.
    const slug = new URL(recibo.url_portal).pathname.split('/').pop()!;
    const ticket = await sdk.portal.ticket(slug, { codigo: recibo.codigo, total: recibo.total });
    expect(ticket.total).toBe('105.56');
    const factura = await sdk.portal.facturar(slug, {
      codigo: recibo.codigo,
      total: recibo.total,
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      codigo_postal: '10740',
      regimen_fiscal: '612',
      uso_cfdi: 'G03',
      email: 'xochilt@example.com',
    });
    expect(factura.uuid).toMatch(/^[0-9A-F-]{36}$/i);
    expect(correos).toContain('xochilt@example.com');

    // The shop sees its receipt invoiced, and downloads the invoice.
    const facturado = await sdk.recibos.obtener(recibo.id);
    expect(facturado.estado).toBe('facturado');
    const id = facturado.factura!.id;
    const detalle = await sdk.facturas.obtener(id);
    expect(detalle.uuid).toBe(factura.uuid);
    expect(await sdk.comprobantes.xml(id)).toContain(`UUID="${factura.uuid}"`);
    const pdf = await sdk.comprobantes.pdf(id);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

    // The webhook: delivered by the job, signed with the secret the SDK got once.
    expect(await repartidor.pasada()).toBe(1);
    expect(recibidos).toHaveLength(1);
    const [llegada] = recibidos;
    const cuerpo = JSON.parse(llegada!.body) as { evento: string; datos: { uuid: string } };
    expect(cuerpo).toMatchObject({ evento: 'documento.timbrado', datos: { uuid: factura.uuid } });
    const ahora = Math.floor(Date.now() / 1000);
    expect(
      verificarFirma(webhook.secreto, String(llegada!.headers[FIRMA_HEADER]), llegada!.body, ahora),
    ).toBe(true);
    const entregas = await sdk.webhooks.entregas(webhook.id);
    expect(entregas.data.map((x) => [x.evento, x.estado])).toEqual([
      ['documento.timbrado', 'entregada'],
    ]);
  });

  it('stamps once per Idempotency-Key, and throws the API Spanish message as ErrorDeApi', async () => {
    const cliente = await sdk.clientes.crear({
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      usoCfdi: 'G03',
      regimenFiscal: '601',
      address: { codigo_postal: '42501' },
    });
    const producto = (await sdk.productos.listar()).data[0]!;
    const borrador = {
      client_id: cliente.id,
      serie_id: e.serieId,
      forma_pago: '03',
      metodo_pago: 'PUE' as const,
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: producto.id,
          cantidad: '1',
          precio_unitario: '100.00',
          impuestos_trasladados: [e.taxes.iva16],
        },
      ],
    };
    const clave = 'sdk-prueba-0001';
    const primera = await sdk.facturas.timbrar(borrador, { idempotencyKey: clave });
    const repetida = await sdk.facturas.timbrar(borrador, { idempotencyKey: clave });
    expect(repetida.factura.id).toBe(primera.factura.id);
    expect(repetida.factura.uuid).toBe(primera.factura.uuid);

    const error = await sdk.facturas
      .timbrar({ ...borrador, client_id: 999_999_999 })
      .catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ErrorDeApi);
    expect((error as ErrorDeApi).estado).toBeGreaterThanOrEqual(400);
    expect((error as ErrorDeApi).estado).toBeLessThan(500);
    expect((error as ErrorDeApi).message).toMatch(/cliente/i);
  });

  it('a stamp whose answer is lost is retried by the SDK with the same Idempotency-Key: one invoice, one credit', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    let perder = 1;
    const claves: string[] = [];
    const conRedInestable = crearApi({
      url: `http://127.0.0.1:${port}`,
      token: e.token,
      fetch: async (url, init) => {
        claves.push(String((init?.headers as Record<string, string>)['idempotency-key']));
        const res = await fetch(url, init);
        if (perder-- > 0) throw new TypeError('fetch failed');
        return res;
      },
    });
    const cliente = (await sdk.clientes.listar()).data.find((c) => c.rfc === 'EKU9003173C9')!;
    const producto = (await sdk.productos.listar()).data[0]!;
    const antes = await getBalance(t.deps.db, e.enterpriseId);
    const { factura } = await conRedInestable.facturas.timbrar({
      client_id: cliente.id,
      serie_id: e.serieId,
      forma_pago: '01',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [{ product_service_id: producto.id, cantidad: '1', precio_unitario: '50' }],
    });
    expect(claves).toHaveLength(2);
    expect(claves[1]).toBe(claves[0]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
    const listado = await sdk.facturas.listar({ items_per_page: 100 });
    expect(listado.data.filter((f) => f.uuid === factura.uuid)).toHaveLength(1);
  });

  it('calls only routes that the OpenAPI document describes', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operaciones = new Set(
      Object.entries(doc.paths).flatMap(([path, metodos]) =>
        Object.keys(metodos).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const usadas = Object.values(RUTAS).flatMap((grupo) => Object.values(grupo));
    expect(usadas.filter((r) => !operaciones.has(r))).toEqual([]);
  });
});
