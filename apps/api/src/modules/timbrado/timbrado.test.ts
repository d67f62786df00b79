import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { PacDuplicadoError, SandboxPac, type Pac } from '@repo/pac';
import { generateTestCsd } from '@repo/cfdi/csd';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { catalogosDePrueba } from '../../../../../packages/cfdi/test/catalogos-de-prueba.ts';
import { checkSat } from '../../../../../packages/cfdi/test/check-sat.ts';
import { AppError } from '../../http/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { CREDITOS_INSUFICIENTES, getBalance } from '../credits/credits.service.ts';
import { saveSellos } from '../sellos-fiscales/sellos-fiscales.service.ts';
import { findSerie } from '../series/series.queries.ts';
import { findComprobante, listPacCalls } from './timbrado.queries.ts';
import {
  PAC_NO_RESPONDIO,
  PAC_OTRO_TIMBRE,
  reenviarComprobante,
  timbrarComprobante,
  type TimbradoDeps,
} from './timbrado.service.ts';
import { PacEspia, seedEmpresaTimbrado } from './timbrado.test-support.ts';

describe('timbrarComprobante on the sandbox PAC', () => {
  let t: TestApp;
  let dataDir: string;
  let sandbox: SandboxPac;
  const deps = (pac: Pac): TimbradoDeps => ({
    db: t.deps.db,
    secret: t.deps.secret,
    now: () => new Date(),
    pac,
    catalogos: catalogosDePrueba,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'timbrado-test-'));
    sandbox = new SandboxPac({ dataDir, catalogos: catalogosDePrueba });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stamps: the stored XML carries the TFD and passes the SAT checks, one credit spent, folio advanced', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 3, serie: 'A', folio: 7 });
    const row = await timbrarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
    });
    expect(row.status).toBe('timbrada');
    expect([row.serie, row.folio, row.tipo, row.serie_kind]).toEqual([
      'A',
      7,
      'I',
      'facturas-ingreso',
    ]);
    expect(row.uuid).toMatch(/^[0-9A-F-]{36}$/i);
    expect(row.xml_timbrado).toContain('tfd:TimbreFiscalDigital');
    expect(row.xml_timbrado).toContain(`UUID="${row.uuid}"`);
    expect(row.xml_sellado).toContain('Folio="7"');
    const sat = checkSat(row.xml_timbrado ?? '', { tfdCertificado: sandbox.certificado().pem });
    expect(sat.errors).toEqual([]);
    expect(sat.ok).toBe(true);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(8);
    const calls = await listPacCalls(t.deps.db, e.enterpriseId, row.id);
    expect(calls.map((c) => [c.operation, c.outcome])).toEqual([['timbrar', 'ok']]);
    expect(calls[0]?.raw.length).toBeGreaterThan(0);
  });

  it('a PAC rejection spends nothing, burns the folio and gives the PAC reason in Spanish', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const rechaza = new SandboxPac({
      dataDir,
      catalogos: catalogosDePrueba,
      validarEsquema: false,
      enLco: () => false,
    });
    const err = await timbrarComprobante(deps(rechaza), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
    }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).options.persistent).toBe(true);
    expect((err as AppError).dataError).toMatch(
      /^El PAC rechazó el comprobante \(402\): .*Lista de Contribuyentes Obligados/,
    );
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(2);
    // The next stamp gets a new folio: the rejected one is never reused.
    const ok = await timbrarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
    });
    expect([ok.status, ok.folio]).toEqual(['timbrada', 2]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it("refuses with 'Créditos insuficientes' before any PAC call, without taking a folio", async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 0 });
    const espia = new PacEspia(sandbox);
    const err = await timbrarComprobante(deps(espia), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
    }).catch((x: unknown) => x);
    expect((err as AppError).status).toBe(402);
    expect((err as AppError).dataError).toBe(CREDITOS_INSUFICIENTES);
    expect(espia.enviados).toEqual([]);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(1);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('refuses a document that fails local validation with the Spanish messages, spending nothing', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const espia = new PacEspia(sandbox);
    const err = await timbrarComprobante(deps(espia), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => {
        const c = e.factura(ctx);
        return { ...c, Receptor: { ...c.Receptor, UsoCFDI: 'ZZZ' } };
      },
    }).catch((x: unknown) => x);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).options.persistent).toBe(true);
    const campos = (err as AppError).dataError as Record<string, string[]>;
    expect(Object.keys(campos)).toContain('Receptor.UsoCFDI');
    expect(espia.enviados).toEqual([]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.serieId))?.folio).toBe(1);
  });

  it('a lost PAC answer leaves the document sealed; the resend sends identical bytes and stores the same stamp once', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 2 });
    const espia = new PacEspia(sandbox, 1);
    const err = await timbrarComprobante(deps(espia), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
      idempotencyKey: 'factura:perdida',
    }).catch((x: unknown) => x);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).dataError).toBe(PAC_NO_RESPONDIO);
    const sellada = await timbrarComprobante(deps(new PacEspia(sandbox, 1)), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: () => {
        throw new Error('a retry with the same key must not build the document again');
      },
      idempotencyKey: 'factura:perdida',
    }).catch((x: unknown) => x);
    expect((sellada as AppError).status).toBe(503);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    const [first] = espia.enviados;
    const again = await reenviarComprobante(deps(espia), {
      enterpriseId: e.enterpriseId,
      comprobanteId: (await lastComprobanteId(e.enterpriseId)) ?? -1,
    });
    expect(again.status).toBe('timbrada');
    expect(espia.enviados).toHaveLength(2);
    expect(espia.enviados[1]).toBe(first);
    expect(again.xml_sellado).toBe(first);
    const stamped = await sandbox.timbrar(first ?? '', { idempotencyKey: 'factura:perdida' });
    expect(stamped.previamenteTimbrado).toBe(true);
    expect(again.uuid).toBe(stamped.uuid);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    const calls = await listPacCalls(t.deps.db, e.enterpriseId, again.id);
    expect(calls.map((c) => c.outcome)).toEqual(['no-disponible', 'no-disponible', 'ok']);
    const stored = await findComprobante(t.deps.db, e.enterpriseId, again.id);
    expect(stored?.xml_timbrado).toBe(stamped.xml);
  });

  it('never takes as ours an earlier stamp the PAC returns for a different document', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    // A stand-in for the PAC's 307 answer carrying someone else's stamp under our key.
    const otro: Pac = {
      timbrar: () =>
        Promise.reject(
          new PacDuplicadoError('CFDI3307', 'CFDI3307 - Timbre duplicado.', '{}', {
            uuid: '6F2B0C52-1D6E-4C1A-9D0B-3C8A4B5E6F70',
            xml: '<cfdi:Comprobante Sello="otro"/>',
            fechaTimbrado: '2026-01-01T00:00:00',
          }),
        ),
      cancelar: (input) => sandbox.cancelar(input),
      consultarEstado: (input) => sandbox.consultarEstado(input),
    };
    const err = await timbrarComprobante(deps(otro), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
    }).catch((x: unknown) => x);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).dataError).toBe(PAC_OTRO_TIMBRE);
    const id = await lastComprobanteId(e.enterpriseId);
    const row = await findComprobante(t.deps.db, e.enterpriseId, id ?? -1);
    expect([row?.status, row?.uuid, row?.xml_timbrado]).toEqual(['sellada', null, null]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('signs with the new seal from the next stamp on once the enterprise replaces its CSD', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 2 });
    const stamp = () =>
      timbrarComprobante(deps(sandbox), {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
      });
    const noCertificado = (xml: string | null) => /\sNoCertificado="(\d+)"/.exec(xml ?? '')?.[1];
    const first = await stamp();
    const now = new Date();
    const nuevo = generateTestCsd({
      rfc: e.rfc,
      nombre: 'EMPRESA DE TIMBRADO',
      validFrom: new Date(now.getTime() - 3600_000),
      validTo: new Date(now.getTime() + 365 * 24 * 3600_000),
    });
    await saveSellos(
      t.deps.db,
      t.deps.secret,
      e.enterpriseId,
      {
        cer: { filename: 'nuevo.cer', data: nuevo.cer },
        key: { filename: 'nuevo.key', data: nuevo.key },
        password: nuevo.password,
      },
      now,
    );
    const second = await stamp();
    expect(second.status).toBe('timbrada');
    expect(noCertificado(second.xml_sellado)).not.toBe(noCertificado(first.xml_sellado));
    expect(second.xml_sellado).toContain(`NoCertificado="${nuevo.noCertificado}"`);
    const sat = checkSat(second.xml_timbrado ?? '', { tfdCertificado: sandbox.certificado().pem });
    expect(sat.errors).toEqual([]);
  });

  async function lastComprobanteId(enterpriseId: number): Promise<number | undefined> {
    const [row] = await t.deps.db
      .select({ id: comprobantes.id })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, enterpriseId))
      .orderBy(desc(comprobantes.id))
      .limit(1);
    return row?.id;
  }
});
