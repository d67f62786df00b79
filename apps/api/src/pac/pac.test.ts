import { X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PacDuplicadoError, PacRechazoError, SandboxPac, SwSapienPac } from '@repo/pac';
import { EKU, cfdiSellado, csdDePrueba } from '../../../../packages/pac/test/cfdi-de-prueba.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { timbrarComprobante } from '../modules/timbrado/timbrado.service.ts';
import { seedEmpresaTimbrado } from '../modules/timbrado/timbrado.test-support.ts';
import { createPac } from './create-pac.ts';
import { DbSandboxStore } from './db-sandbox-store.ts';

describe('the configured PAC', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the sandbox by default and publishes its certificate at GET /api/pac/certificado', async () => {
    expect(t.deps.pac).toBeInstanceOf(SandboxPac);
    const pem = await t.app.inject({ method: 'GET', url: '/api/pac/certificado' });
    expect(pem.statusCode).toBe(200);
    expect(pem.headers['content-type']).toContain('application/x-pem-file');
    const cert = new X509Certificate(pem.body);
    expect(Buffer.from(cert.serialNumber, 'hex').toString('latin1')).toBe(
      (t.deps.pac as SandboxPac).certificado().noCertificado,
    );
    const der = await t.app.inject({ method: 'GET', url: '/api/pac/certificado?formato=cer' });
    expect(der.statusCode).toBe(200);
    expect(new X509Certificate(der.rawPayload).fingerprint256).toBe(cert.fingerprint256);
  });

  it('PAC=sw builds the SW Sapien adapter and refuses to start without credentials', () => {
    const base = loadConfig({ PAC: 'sw' });
    expect(() => createPac(base, t.deps.catalogos)).toThrow(/SW_TOKEN/);
    expect(createPac({ ...base, SW_TOKEN: 'token' }, t.deps.catalogos)).toBeInstanceOf(SwSapienPac);
    expect(createPac({ ...base, SW_USER: 'u', SW_PASSWORD: 'p' }, t.deps.catalogos)).toBeInstanceOf(
      SwSapienPac,
    );
  });

  it('the sandbox accepts CSDs of the authorities in PAC_SANDBOX_CAS (the SAT CAs), and only those besides the test CA', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pac-cas-'));
    try {
      // An authority the sandbox does not know: a CSD it issued is refused with 308 until its
      // certificate is configured, as the SAT's own CAs would be in a real deployment.
      execFileSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        '/CN=AC DE PRUEBA AJENA/O=OTRA AUTORIDAD',
        '-keyout',
        join(dir, 'ca.key.pem'),
        '-out',
        join(dir, 'ca.cer.pem'),
      ]);
      execFileSync('openssl', [
        'x509',
        '-in',
        join(dir, 'ca.cer.pem'),
        '-outform',
        'DER',
        '-out',
        join(dir, 'ca.cer'),
      ]);
      const ahora = new Date();
      const csd = csdDePrueba({
        ...EKU,
        validFrom: new Date(ahora.getTime() - 86_400_000),
        ca: {
          certificatePem: readFileSync(join(dir, 'ca.cer.pem'), 'utf8'),
          privateKeyPem: readFileSync(join(dir, 'ca.key.pem'), 'utf8'),
        },
      });
      const xml = cfdiSellado(ahora, { csd });
      const base = { ...t.deps.config, PAC: 'sandbox' as const, DATA_DIR: dir };
      const sinCa = createPac({ ...base, PAC_SANDBOX_CAS: '' }, t.deps.catalogos, {
        clock: () => ahora,
      });
      const rechazo = await sinCa.timbrar(xml, { idempotencyKey: 'a' }).catch((e: unknown) => e);
      expect(rechazo).toBeInstanceOf(PacRechazoError);
      expect((rechazo as PacRechazoError).codigo).toBe('308');

      const conCa = createPac(
        { ...base, PAC_SANDBOX_CAS: ` ${join(dir, 'ca.cer')} ,` },
        t.deps.catalogos,
        { clock: () => ahora },
      );
      expect((await conCa.timbrar(xml, { idempotencyKey: 'b' })).uuid).toMatch(/^[0-9A-F-]{36}$/);
      expect(() =>
        createPac({ ...base, PAC_SANDBOX_CAS: join(dir, 'no-existe.cer') }, t.deps.catalogos),
      ).toThrow(/PAC_SANDBOX_CAS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the sandbox stamps in the database: after a restart the same sealed XML gets the same UUID', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const dir = mkdtempSync(join(tmpdir(), 'pac-restart-'));
    const config = { ...t.deps.config, PAC: 'sandbox' as const, DATA_DIR: dir };
    const first = createPac(config, t.deps.catalogos, { store: new DbSandboxStore(t.deps.db) });
    const row = await timbrarComprobante(
      { ...t.deps, pac: first },
      {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
      },
    );
    // A new sandbox over the same database and certificate directory: the API restarted.
    const restarted = createPac(config, t.deps.catalogos, {
      store: new DbSandboxStore(t.deps.db),
    });
    const again = await restarted.timbrar(row.xml_sellado ?? '', { idempotencyKey: 'otra' });
    expect(again.previamenteTimbrado).toBe(true);
    expect(again.uuid).toBe(row.uuid);
    expect(again.xml).toBe(row.xml_timbrado);
    rmSync(dir, { recursive: true, force: true });
  });

  it('on the database store, a different document sent under a key that has a stamp gets CFDI3307 with that stamp', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 2 });
    const dir = mkdtempSync(join(tmpdir(), 'pac-llave-'));
    const config = { ...t.deps.config, PAC: 'sandbox' as const, DATA_DIR: dir };
    const pac = createPac(config, t.deps.catalogos, { store: new DbSandboxStore(t.deps.db) });
    const uno = await timbrarComprobante(
      { ...t.deps, pac },
      {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
      },
    );
    const dos = await timbrarComprobante(
      { ...t.deps, pac: createPac(config, t.deps.catalogos) },
      {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx, '2000.00'),
      },
    );
    const err = await pac
      .timbrar(dos.xml_sellado ?? '', { idempotencyKey: uno.idempotency_key ?? '' })
      .catch((x: unknown) => x);
    expect(err).toBeInstanceOf(PacDuplicadoError);
    expect((err as PacDuplicadoError).codigo).toBe('CFDI3307');
    expect((err as PacDuplicadoError).timbrePrevio?.uuid).toBe(uno.uuid);
    // the same document under its own key again: the first stamp, never a second UUID
    const otraVez = await pac.timbrar(uno.xml_sellado ?? '', { idempotencyKey: 'nueva' });
    expect([otraVez.previamenteTimbrado, otraVez.uuid]).toEqual([true, uno.uuid]);
    rmSync(dir, { recursive: true, force: true });
  });
  it('on the database store, one sealed XML sent five times at once (and under five keys) keeps one UUID', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const dir = mkdtempSync(join(tmpdir(), 'pac-concurrente-'));
    const config = { ...t.deps.config, PAC: 'sandbox' as const, DATA_DIR: dir };
    // Sealed by one sandbox (held in memory), then sent to five over the database at once.
    const row = await timbrarComprobante(
      { ...t.deps, pac: createPac(config, t.deps.catalogos) },
      {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
      },
    );
    const timbres = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((k) =>
        createPac(config, t.deps.catalogos, { store: new DbSandboxStore(t.deps.db) }).timbrar(
          row.xml_sellado ?? '',
          { idempotencyKey: `concurrente-${e.enterpriseId}-${k}` },
        ),
      ),
    );
    expect(new Set(timbres.map((x) => x.uuid)).size).toBe(1);
    expect(timbres.filter((x) => !x.previamenteTimbrado)).toHaveLength(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('on the database store, different documents sent at once: each its own UUID kept after a restart, and one under a stamped key gets CFDI3307', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 6 });
    const dir = mkdtempSync(join(tmpdir(), 'pac-lote-'));
    const config = { ...t.deps.config, PAC: 'sandbox' as const, DATA_DIR: dir };
    // Six documents sealed (and stamped) by a sandbox held in memory.
    const sellados: string[] = [];
    for (let i = 0; i < 6; i++) {
      const row = await timbrarComprobante(
        { ...t.deps, pac: createPac(config, t.deps.catalogos) },
        {
          enterpriseId: e.enterpriseId,
          serieId: e.serieId,
          buildComprobante: (ctx) => e.factura(ctx, `${1000 + i}.00`),
        },
      );
      sellados.push(row.xml_sellado ?? '');
    }
    const pac = createPac(config, t.deps.catalogos, { store: new DbSandboxStore(t.deps.db) });
    const llave = (k: string) => `lote-${e.enterpriseId}-${k}`;
    const primero = await pac.timbrar(sellados[0] ?? '', { idempotencyKey: llave('0') });
    const resultados = await Promise.allSettled(
      sellados
        .slice(1)
        .map((xml, i) => pac.timbrar(xml, { idempotencyKey: llave(i === 2 ? '0' : `${i + 1}`) })),
    );
    const duplicado = resultados[2] as PromiseRejectedResult;
    expect(duplicado.status).toBe('rejected');
    expect((duplicado.reason as PacDuplicadoError).codigo).toBe('CFDI3307');
    expect((duplicado.reason as PacDuplicadoError).timbrePrevio?.uuid).toBe(primero.uuid);
    const nuevos = resultados.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(nuevos).toHaveLength(4);
    expect(nuevos.every((x) => !x.previamenteTimbrado)).toBe(true);
    expect(new Set([primero.uuid, ...nuevos.map((x) => x.uuid)]).size).toBe(5);
    // A new sandbox over the same database: every saved stamp is answered again, the same UUID.
    const reiniciado = createPac(config, t.deps.catalogos, {
      store: new DbSandboxStore(t.deps.db),
    });
    for (const [i, xml] of sellados.slice(1).entries()) {
      if (i === 2) continue;
      const otraVez = await reiniciado.timbrar(xml, { idempotencyKey: llave(`otra-${i}`) });
      expect([otraVez.previamenteTimbrado, otraVez.uuid]).toEqual([
        true,
        (resultados[i] as PromiseFulfilledResult<{ uuid: string }>).value.uuid,
      ]);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
