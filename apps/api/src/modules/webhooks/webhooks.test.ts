import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRMA_HEADER, type WebhookConSecretoResponse } from '@repo/contracts/webhooks';
import { consulta } from '../../db/consulta.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  seedEmpresaEntrega,
  type EmpresaEntrega,
} from '../comprobantes/comprobantes.test-support.ts';
import { cancelarComprobante } from '../timbrado/cancelacion.service.ts';
import { verificarFirma } from './firma.ts';
import { crearRepartidor, type Repartidor } from './repartidor.ts';

// A receiver a shop would run: a real HTTP server that records what arrives and answers with the
// status the test sets. Deliveries go out from the real job, signed, as a receiver checks them.

interface Recibido {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('webhooks: events of an enterprise delivered signed, once, in order, retried', () => {
  let t: TestApp;
  let receptor: Server;
  let url = '';
  const recibidos: Recibido[] = [];
  let respuestas: number[] = [];
  let repartidor: Repartidor;

  beforeAll(async () => {
    t = await buildTestApp({ env: { WEBHOOKS_RED_PRIVADA: 'on' } });
    receptor = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        recibidos.push({ headers: req.headers, body });
        res.statusCode = respuestas.shift() ?? 200;
        res.end('recibido');
      });
    });
    await new Promise<void>((r) => receptor.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/webhooks`;
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
  });
  beforeEach(() => {
    recibidos.length = 0;
    respuestas = [];
  });

  async function registrar(e: EmpresaEntrega, eventos: string[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${e.enterpriseId}`,
      headers: e.headers,
      payload: { url, descripcion: 'Tienda en línea', eventos },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: WebhookConSecretoResponse }>().data;
  }

  /** Makes every pending delivery of the enterprise due now, as if its wait had passed. */
  async function pasarEspera(enterpriseId: number) {
    await consulta(
      t.deps.db,
      `update webhook_entregas set siguiente_intento = now() - interval '1 second'
        where enterprise_id = $1 and estado = 'pendiente'`,
      [enterpriseId],
    );
  }

  it('a stamp is delivered once, its signature verifies with the secret shown at creation; another enterprise hears nothing', async () => {
    const a = await seedEmpresaEntrega(t.deps);
    const b = await seedEmpresaEntrega(t.deps);
    const w = await registrar(a, ['documento.timbrado', 'pago.registrado']);
    expect(w.secreto).toMatch(/^whsec_/);
    const listado = await t.app.inject({
      url: `/api/webhooks/${a.enterpriseId}`,
      headers: a.headers,
    });
    expect(JSON.stringify(listado.json())).not.toContain(w.secreto);

    const factura = await a.timbrar('simple');
    await b.timbrar('simple');
    // A pass delivers what is due in the whole database (other test files run on the same
    // PostgreSQL), so what this test checks is what this receiver got: one delivery, never again.
    await repartidor.pasada();
    await repartidor.pasada();
    expect(recibidos).toHaveLength(1);
    const [r] = recibidos;
    const cuerpo = JSON.parse(r!.body) as {
      evento: string;
      datos: { uuid: string; folio: number };
    };
    expect(cuerpo.evento).toBe('documento.timbrado');
    expect(cuerpo.datos.uuid).toBe(factura.uuid);
    expect(cuerpo.datos.folio).toBe(factura.folio);
    const firma = String(r!.headers[FIRMA_HEADER]);
    const ahora = Math.floor(Date.now() / 1000);
    expect(verificarFirma(w.secreto, firma, r!.body, ahora)).toBe(true);
    expect(verificarFirma(w.secreto, firma, r!.body.replace('timbrado', 'cancelado'), ahora)).toBe(
      false,
    );
    expect(verificarFirma('whsec_otro', firma, r!.body, ahora)).toBe(false);
    // A replay an hour later with the same header is refused by the receiver's tolerance.
    expect(verificarFirma(w.secreto, firma, r!.body, ahora + 3600)).toBe(false);

    // A payment complement is a stamp and a payment: both events, each once.
    await a.timbrar('pago');
    await repartidor.pasada();
    expect(
      recibidos
        .slice(1)
        .map((x) => (JSON.parse(x.body) as { evento: string }).evento)
        .sort(),
    ).toEqual(['documento.timbrado', 'pago.registrado']);
  });

  it('a receiver that fails is retried later, and the cancellation of that document waits behind its stamp', async () => {
    const a = await seedEmpresaEntrega(t.deps);
    const w = await registrar(a, ['documento.timbrado', 'documento.cancelado']);
    respuestas = [500];
    const factura = await a.timbrar('simple');
    await repartidor.pasada();
    expect(recibidos).toHaveLength(1);
    await cancelarComprobante(
      {
        db: t.deps.db,
        secret: t.deps.secret,
        now: t.deps.now,
        pac: t.deps.pac,
      },
      { enterpriseId: a.enterpriseId, comprobanteId: factura.id, motivo: '02' },
    );
    // The stamp's retry is not due yet, and the cancellation waits behind it.
    await repartidor.pasada();
    expect(recibidos).toHaveLength(1);

    const log = await t.app.inject({
      url: `/api/webhooks/endpoint/${w.id}/entregas`,
      headers: a.headers,
    });
    const filas = log.json<{
      data: { data: { estado: string; intentos: number; ultimo_codigo: number | null }[] };
    }>().data.data;
    expect(filas.map((f) => [f.estado, f.intentos, f.ultimo_codigo])).toEqual([
      ['pendiente', 0, null],
      ['pendiente', 1, 500],
    ]);

    await pasarEspera(a.enterpriseId);
    await repartidor.pasada();
    const eventos = recibidos.map((x) => (JSON.parse(x.body) as { evento: string }).evento);
    expect(eventos).toEqual(['documento.timbrado', 'documento.timbrado', 'documento.cancelado']);
    // The retry is the same event: same id, same body.
    expect(recibidos[1]!.body).toBe(recibidos[0]!.body);
  });

  it('"Reenviar" sends a delivered event again and the log keeps every attempt with its answer', async () => {
    const a = await seedEmpresaEntrega(t.deps);
    const w = await registrar(a, ['documento.timbrado']);
    await a.timbrar('simple');
    await repartidor.pasada();
    const log = await t.app.inject({
      url: `/api/webhooks/endpoint/${w.id}/entregas`,
      headers: a.headers,
    });
    const [entrega] = log.json<{ data: { data: { id: number; estado: string }[] } }>().data.data;
    expect(entrega!.estado).toBe('entregada');
    const re = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/entregas/${entrega!.id}/reenviar`,
      headers: a.headers,
    });
    expect(re.statusCode).toBe(202);
    await repartidor.pasada();
    expect(recibidos).toHaveLength(2);
    const detalle = await t.app.inject({
      url: `/api/webhooks/entregas/${entrega!.id}`,
      headers: a.headers,
    });
    const d = detalle.json<{
      data: {
        estado: string;
        cuerpo: string;
        intentos_detalle: { codigo: number; respuesta: string }[];
      };
    }>().data;
    expect(d.estado).toBe('entregada');
    expect(d.intentos_detalle.map((i) => [i.codigo, i.respuesta])).toEqual([
      [200, 'recibido'],
      [200, 'recibido'],
    ]);
    expect(JSON.parse(d.cuerpo)).toEqual(JSON.parse(recibidos[0]!.body));
  });

  it("one enterprise cannot read, change or resend another's webhooks", async () => {
    const a = await seedEmpresaEntrega(t.deps);
    const b = await seedEmpresaEntrega(t.deps);
    const w = await registrar(a, ['documento.timbrado']);
    await a.timbrar('simple');
    await repartidor.pasada();
    const [entrega] = await consulta<{ id: number }>(
      t.deps.db,
      'select id from webhook_entregas where enterprise_id = $1',
      [a.enterpriseId],
    );
    for (const [method, path] of [
      ['GET', `/api/webhooks/${a.enterpriseId}`],
      ['PUT', `/api/webhooks/endpoint/${w.id}`],
      ['DELETE', `/api/webhooks/endpoint/${w.id}`],
      ['POST', `/api/webhooks/endpoint/${w.id}/secreto`],
      ['GET', `/api/webhooks/endpoint/${w.id}/entregas`],
      ['GET', `/api/webhooks/entregas/${entrega!.id}`],
      ['POST', `/api/webhooks/entregas/${entrega!.id}/reenviar`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: b.headers,
        ...(method === 'PUT'
          ? { payload: { url: 'http://127.0.0.1:9/x', eventos: ['documento.cancelado'] } }
          : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const [intacto] = await consulta<{ url: string }>(
      t.deps.db,
      'select url from webhook_endpoints where enterprise_id = $1 and id = $2',
      [a.enterpriseId, w.id],
    );
    expect(intacto!.url).toBe(url);
  });
});

describe('webhooks: where they may be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('outside development only public https addresses: this machine, private networks and the cloud metadata address are refused, nothing saved', async () => {
    const a = await seedEmpresaEntrega(t.deps);
    const casos: [string, string][] = [
      ['http://tienda.example.com/webhooks', 'https://'],
      ['https://127.0.0.1/webhooks', 'red privada'],
      ['https://169.254.169.254/latest/meta-data', 'red privada'],
      ['https://10.0.0.8/hook', 'red privada'],
      ['https://[::1]/hook', 'red privada'],
      ['https://localhost/hook', 'red privada'],
      ['https://usuario:clave@ejemplo.mx/hook', 'dirección completa'],
      ['no es una dirección', 'dirección completa'],
    ];
    for (const [direccion, texto] of casos) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${a.enterpriseId}`,
        headers: a.headers,
        payload: { url: direccion, eventos: ['documento.timbrado'] },
      });
      expect(res.statusCode, direccion).toBe(422);
      expect(JSON.stringify(res.json()), direccion).toContain(texto);
    }
    const sinEventos = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${a.enterpriseId}`,
      headers: a.headers,
      payload: { url: 'https://8.8.8.8/hook', eventos: [] },
    });
    expect(JSON.stringify(sinEventos.json())).toContain('Elija al menos un evento.');
    const [n] = await consulta<{ n: number }>(
      t.deps.db,
      'select count(*)::int as n from webhook_endpoints where enterprise_id = $1',
      [a.enterpriseId],
    );
    expect(n!.n).toBe(0);
  });
});
