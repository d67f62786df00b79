import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSat } from '../../../cfdi/test/check-sat.ts';
import { catalogosDePrueba } from '../../../cfdi/test/catalogos-de-prueba.ts';
import {
  PacCredencialesError,
  PacDuplicadoError,
  PacNoDisponibleError,
  PacRechazoError,
  PacRespuestaInvalidaError,
} from '../errors.ts';
import { cfdiSellado, csdEku, EKU } from '../../test/cfdi-de-prueba.ts';
import { SandboxPac } from '../sandbox/sandbox-pac.ts';
import { startFakeSw, type FakeSw } from './fake-server.ts';
import { totalExpresion } from './consulta-sat.ts';
import { SwSapienPac, type SwSapienOptions } from './sw-sapien-pac.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sw-fake-'));
const AHORA = new Date('2026-03-02T16:00:00Z');
let fake: FakeSw;
let sandbox: SandboxPac;

beforeEach(async () => {
  sandbox = new SandboxPac({
    dataDir,
    catalogos: catalogosDePrueba,
    clock: () => AHORA,
    validarEsquema: false,
  });
  fake = await startFakeSw({ sandbox, tokensFijos: ['token-del-portal'] });
});
afterEach(() => fake.close());

function sw(over: Partial<SwSapienOptions> = {}): SwSapienPac {
  return new SwSapienPac({
    url: fake.url,
    consultaSatUrl: `${fake.url}/ConsultaCFDIService.svc`,
    user: 'demo',
    password: '123456789',
    timeoutMs: 2_000,
    clock: () => AHORA,
    ...over,
  });
}

function conToken(token: string): SwSapienPac {
  return new SwSapienPac({ url: fake.url, token, timeoutMs: 2_000, clock: () => AHORA });
}

async function falla<T extends Error>(
  p: Promise<unknown>,
  tipo: new (...a: never[]) => T,
): Promise<T> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(tipo);
    return e as T;
  }
  throw new Error('se esperaba un error');
}

describe('totalExpresion', () => {
  it('drops non-significant zeros but keeps one digit each side (rules 6.4)', () => {
    expect(['1.00', '0.99', '1160.00', '007.50', '12', '0.000001'].map(totalExpresion)).toEqual([
      '1.0',
      '0.99',
      '1160.0',
      '7.5',
      '12.0',
      '0.000001',
    ]);
  });
});

describe('SwSapienPac against the fake SW server', () => {
  it('authenticates, stamps the sealed XML by multipart and returns the v4 fields; the CFDI passes the SAT checks', async () => {
    const pac = sw();
    const t = await pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'f-1' });
    expect(t.previamenteTimbrado).toBe(false);
    expect(t.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(JSON.parse(t.raw).data.uuid).toBe(t.uuid);
    expect(checkSat(t.xml, { tfdCertificado: sandbox.certificado().pem }).errors).toEqual([]);
    expect(fake.llamadas.map((l) => l.path)).toEqual([
      '/v2/security/authenticate',
      '/cfdi33/stamp/v4',
    ]);
    // the token is reused
    await pac.timbrar(cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = '2') }), {
      idempotencyKey: 'f-2',
    });
    expect(fake.llamadas.filter((l) => l.path === '/v2/security/authenticate')).toHaveLength(1);
  });

  it('307 with the earlier CFDI (in messageDetail, or in data.cfdi) → the first stamp, same UUID', async () => {
    const pac = sw();
    const xml = cfdiSellado(AHORA);
    const a = await pac.timbrar(xml, { idempotencyKey: 'f-1' });
    const b = await pac.timbrar(xml, { idempotencyKey: 'f-1' });
    expect(b.previamenteTimbrado).toBe(true);
    expect(b.codigo).toBe('307');
    expect(b.uuid).toBe(a.uuid);
    expect(b.xml).toBe(a.xml);
    expect(b.cadenaOriginalTfd).toBe(a.cadenaOriginalTfd);
    fake.config.duplicadoEn = 'data';
    const c = await pac.timbrar(xml, { idempotencyKey: 'f-1' });
    expect(c.uuid).toBe(a.uuid);
  });

  it('307 without the earlier CFDI → PacDuplicadoError', async () => {
    const pac = sw();
    const xml = cfdiSellado(AHORA);
    await pac.timbrar(xml, { idempotencyKey: 'f-1' });
    fake.config.duplicadoEn = 'ninguno';
    const e = await falla(pac.timbrar(xml, { idempotencyKey: 'f-1' }), PacDuplicadoError);
    expect(e.codigo).toBe('307');
    expect(e.retryable).toBe(false);
  });

  it('validation error → PacRechazoError with the SAT code and Spanish message', async () => {
    const xml = cfdiSellado(AHORA).replace('Servicios de consultoría', 'Otra cosa');
    const e = await falla(sw().timbrar(xml, { idempotencyKey: 'x' }), PacRechazoError);
    expect(e.codigo).toBe('CFDI40102');
    expect(e.message).toMatch(/^CFDI40102 - El resultado de la digestión/);
    expect(JSON.parse(e.raw).status).toBe('error');
  });

  it('bad credentials → PacCredencialesError; probarConexion says so in Spanish', async () => {
    const pac = sw({ password: 'mala' });
    const e = await falla(
      pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }),
      PacCredencialesError,
    );
    expect(e.message).toMatch(/contraseña/);
    const p = await pac.probarConexion();
    expect(p.ok).toBe(false);
    expect(p.codigo).toBe('AUTH');
    expect((await sw().probarConexion()).ok).toBe(true);
  });

  it('a portal token is used as is; probarConexion reads the balance; a wrong token is a credentials error', async () => {
    const pac = conToken('token-del-portal');
    expect(await pac.probarConexion()).toMatchObject({ ok: true });
    await pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' });
    expect(fake.llamadas.some((l) => l.path === '/v2/security/authenticate')).toBe(false);
    const malo = conToken('otro');
    await falla(malo.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }), PacCredencialesError);
  });

  it('expired token → re-authenticates once and succeeds', async () => {
    const pac = sw();
    await pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'a' });
    fake.expirarTokens();
    const t = await pac.timbrar(cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = '3') }), {
      idempotencyKey: 'b',
    });
    expect(t.uuid).toBeTruthy();
    expect(fake.llamadas.filter((l) => l.path === '/v2/security/authenticate')).toHaveLength(2);
  });

  it('token past its expires_in is renewed before the call', async () => {
    let ahora = AHORA;
    await fake.close();
    fake = await startFakeSw({ sandbox, expiresIn: 120 });
    const pac = sw({ clock: () => ahora });
    await pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'a' });
    ahora = new Date(AHORA.getTime() + 61_000);
    await pac.timbrar(cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = '4') }), {
      idempotencyKey: 'b',
    });
    expect(fake.llamadas.map((l) => l.path)).toEqual([
      '/v2/security/authenticate',
      '/cfdi33/stamp/v4',
      '/v2/security/authenticate',
      '/cfdi33/stamp/v4',
    ]);
  });

  it('timeout → PacNoDisponibleError TIMEOUT (retryable); resending the same XML then gives one UUID', async () => {
    const pac = sw({ timeoutMs: 300 });
    const xml = cfdiSellado(AHORA);
    await pac.probarConexion();
    fake.siguiente('sin-respuesta');
    const e = await falla(pac.timbrar(xml, { idempotencyKey: 'x' }), PacNoDisponibleError);
    expect(e.codigo).toBe('TIMEOUT');
    expect(e.retryable).toBe(true);
    const t = await pac.timbrar(xml, { idempotencyKey: 'x' });
    const u = await pac.timbrar(xml, { idempotencyKey: 'x' });
    expect(u.uuid).toBe(t.uuid);
  });

  it('malformed reply, incomplete success and HTTP 500 → typed retryable errors with the raw body', async () => {
    const pac = sw();
    await pac.probarConexion();
    fake.siguiente('malformada');
    const m = await falla(
      pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }),
      PacRespuestaInvalidaError,
    );
    expect(m.raw).toContain('Bad Gateway');
    expect(m.retryable).toBe(true);
    fake.siguiente('incompleta');
    await falla(
      pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }),
      PacRespuestaInvalidaError,
    );
    fake.siguiente('error-500');
    const s = await falla(
      pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }),
      PacNoDisponibleError,
    );
    expect(s.codigo).toBe('UNAVAILABLE');
  });

  it('unreachable host → PacNoDisponibleError UNAVAILABLE', async () => {
    const url = fake.url;
    await fake.close();
    const e = await falla(
      sw({ url }).timbrar('<x/>', { idempotencyKey: 'x' }),
      PacNoDisponibleError,
    );
    expect(e.codigo).toBe('UNAVAILABLE');
    fake = await startFakeSw({ sandbox });
  });

  it('cancels with a request XML signed here (the key is never sent), then queries the SAT status', async () => {
    const pac = sw();
    const t = await pac.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' });
    const csd = { certificado: csdEku().cer, llave: csdEku().llave };
    const r = await pac.cancelar({ uuid: t.uuid, rfcEmisor: EKU.rfc, motivo: '02', csd });
    expect(r.codigoEstatus).toBe('201');
    expect(r.acuse).toContain('<EstatusUUID>201</EstatusUUID>');
    const estado = await pac.consultarEstado({
      uuid: t.uuid,
      rfcEmisor: EKU.rfc,
      rfcReceptor: 'CACX7605101P8',
      total: '5800.00',
      sello8: t.selloCFD.slice(-8),
    });
    expect(estado).toMatchObject({
      codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
      estado: 'Cancelado',
      estatusCancelacion: 'Cancelado sin aceptación',
    });
    expect(estado.raw).toContain('<a:Estado>Cancelado</a:Estado>');
    expect(fake.ultimaExpresion()).toBe(
      `?re=${EKU.rfc}&rr=CACX7605101P8&tt=5800.0&id=${t.uuid}&fe=${t.selloCFD.slice(-8)}`,
    );
    expect(
      (await pac.cancelar({ uuid: t.uuid, rfcEmisor: EKU.rfc, motivo: '02', csd })).codigoEstatus,
    ).toBe('202');
    const e = await falla(
      pac.cancelar({
        uuid: '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C',
        rfcEmisor: EKU.rfc,
        motivo: '02',
        csd,
      }),
      PacRechazoError,
    );
    expect(e.codigo).toBe('205');
  });
});
