import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistorialTipoCambio } from '@repo/cfdi/tipo-cambio';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { BanxicoSie } from './banxico-sie.ts';
import { historialEmbebido, TiposDeCambio } from './tipos-de-cambio.service.ts';

/** A local HTTP server answering like Banxico's SIE API (paths, Bmx-Token, dd/mm/aaaa, N/E). */
let banxico: Server;
let url: string;
const pedidos: { path: string; token: string | undefined }[] = [];
beforeAll(async () => {
  banxico = createServer((req, res) => {
    pedidos.push({ path: req.url ?? '', token: req.headers['bmx-token'] as string | undefined });
    if (req.headers['bmx-token'] !== 'token-de-prueba') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":{"mensaje":"Token inválido"}}');
      return;
    }
    const m = /^\/SieAPIRest\/service\/v1\/series\/([^/]+)\/datos\/(\S+)\/(\S+)$/.exec(
      req.url ?? '',
    );
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(
      JSON.stringify({
        bmx: {
          series: [
            {
              idSerie: m[1],
              titulo:
                'Tipo de cambio Pesos por dólar E.U.A. Tipo de cambio para solventar obligaciones denominadas en moneda extranjera Fecha de determinación (FIX)',
              datos:
                m[3] === '2026-11-24'
                  ? [
                      { fecha: '20/11/2026', dato: '18.3912' },
                      { fecha: '23/11/2026', dato: 'N/E' },
                      { fecha: '24/11/2026', dato: '18.4207' },
                    ]
                  : [],
            },
          ],
        },
      }),
    );
  });
  await new Promise<void>((r) => banxico.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(banxico.address() as AddressInfo).port}/SieAPIRest/service/v1`;
});
afterAll(() => new Promise<void>((r) => banxico.close(() => r())));

describe('Banxico SIE adapter', () => {
  it('asks the series between two days with the token header and reads its answer', async () => {
    const sie = new BanxicoSie({ token: 'token-de-prueba', url });
    expect(await sie.datos('SF43718', '2026-11-18', '2026-11-24')).toEqual([
      { moneda: 'USD', serie: 'SF43718', fecha: '2026-11-20', valor: '18.3912' },
      { moneda: 'USD', serie: 'SF43718', fecha: '2026-11-24', valor: '18.4207' },
    ]);
    expect(pedidos.at(-1)).toEqual({
      path: '/SieAPIRest/service/v1/series/SF43718/datos/2026-11-18/2026-11-24',
      token: 'token-de-prueba',
    });
    await expect(
      new BanxicoSie({ token: 'otro', url }).datos('SF43718', '2026-11-18', '2026-11-24'),
    ).rejects.toThrow(/401/);
  });

  it('fills the history on the first need of a day, once; a failure leaves the day unknown', async () => {
    const antes = pedidos.length;
    const tc = new TiposDeCambio(new HistorialTipoCambio(), {
      banxico: new BanxicoSie({ token: 'token-de-prueba', url }),
      now: () => new Date('2026-11-24T18:00:00Z'),
    });
    expect(await tc.referencia('USD', '2026-11-24')).toEqual({
      fecha: '2026-11-24',
      valor: '18.4207',
      serie: 'SF43718',
    });
    expect(await tc.referencia('USD', '2026-11-23')).toMatchObject({ fecha: '2026-11-20' });
    expect(pedidos.length).toBe(antes + 1);
    // A currency without a Banxico series is never asked for.
    expect(await tc.referencia('CHF', '2026-11-24')).toBeUndefined();
    expect(pedidos.length).toBe(antes + 1);
    const caido = new TiposDeCambio(new HistorialTipoCambio(), {
      banxico: new BanxicoSie({ token: 'token-de-prueba', url: 'http://127.0.0.1:9/nada' }),
    });
    expect(await caido.referencia('USD', '2026-11-24')).toBeUndefined();
  });

  it('the committed history answers the days it holds, without a token', async () => {
    const tc = new TiposDeCambio(historialEmbebido());
    expect(await tc.referencia('USD', '2026-01-21')).toMatchObject({ valor: '17.4520' });
    expect(await tc.referencia('USD', '2026-01-16')).toMatchObject({
      fecha: '2026-01-14',
      valor: '17.8167',
    });
  });
});

describe('GET /api/tipos-de-cambio/:moneda', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date('2026-01-21T18:00:00Z') });
  });
  afterAll(() => t.close());

  it('proposes the day’s FIX with the band a PAC accepts; null when no reference is known', async () => {
    const e = await seedEnterprise(t.deps);
    const hoy = await t.app.inject({ url: '/api/tipos-de-cambio/usd', headers: e.headers });
    expect(hoy.json().data).toEqual({
      moneda: 'USD',
      fecha: '2026-01-21',
      valor: '17.4520',
      fecha_publicacion: '2026-01-21',
      serie: 'SF43718',
      porcentaje_variacion: 5,
      vigente: true,
      dias_antiguedad: 0,
      limite_inferior: '16.5794',
      limite_superior: '18.3246',
    });
    const viejo = await t.app.inject({
      url: '/api/tipos-de-cambio/USD?fecha=2024-06-01',
      headers: e.headers,
    });
    expect(viejo.json().data).toBeNull();
    // Months after the committed history, without a token: the newest reference, named as stale,
    // with the widest range the day's rate could be in (what stamping refuses outside of).
    const despues = await t.app.inject({
      url: '/api/tipos-de-cambio/EUR?fecha=2026-11-24',
      headers: e.headers,
    });
    expect(despues.json().data).toEqual({
      moneda: 'EUR',
      fecha: '2026-11-24',
      valor: '20.4415',
      fecha_publicacion: '2026-01-21',
      serie: 'SF46410',
      porcentaje_variacion: 5,
      vigente: false,
      dias_antiguedad: 307,
      limite_inferior: '9.709713',
      limite_superior: '42.92715',
    });
    const mxn = await t.app.inject({ url: '/api/tipos-de-cambio/MXN', headers: e.headers });
    expect(mxn.statusCode).toBe(422);
    expect(mxn.json().dataError.moneda[0]).toMatch(/MXN no lleva tipo de cambio/);
  });
});
