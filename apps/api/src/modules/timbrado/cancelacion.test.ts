import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPac, type Pac } from '@repo/pac';
import { catalogosDePrueba } from '../../../../../packages/cfdi/test/catalogos-de-prueba.ts';
import type { AppError } from '../../http/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { cancelarComprobante, consultarEstadoComprobante } from './cancelacion.service.ts';
import { listPacCalls } from './timbrado.queries.ts';
import { timbrarComprobante, type TimbradoDeps } from './timbrado.service.ts';
import { seedEmpresaTimbrado } from './timbrado.test-support.ts';

describe('cancelarComprobante and consultarEstadoComprobante on the sandbox PAC', () => {
  let t: TestApp;
  let dataDir: string;
  let sandbox: SandboxPac;
  /** How far the sandbox's clock runs ahead of ours (the SAT's day of free cancellation passing). */
  let adelanto = 0;
  const deps = (pac: Pac): TimbradoDeps => ({
    db: t.deps.db,
    secret: t.deps.secret,
    now: () => new Date(),
    pac,
    catalogos: catalogosDePrueba,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'cancelacion-test-'));
    sandbox = new SandboxPac({
      dataDir,
      catalogos: catalogosDePrueba,
      validarEsquema: false,
      clock: () => new Date(Date.now() + adelanto),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function timbrada(valorUnitario: string) {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const row = await timbrarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx, valorUnitario),
    });
    return { e, row };
  }

  it('queries a fresh stamp as Vigente, then cancels an invoice under $1,000 without acceptance', async () => {
    const { e, row } = await timbrada('500.00');
    const consulta = await consultarEstadoComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      comprobanteId: row.id,
    });
    expect(consulta.estado.estado).toBe('Vigente');
    expect(consulta.comprobante.status).toBe('timbrada');
    const r = await cancelarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      comprobanteId: row.id,
      motivo: '02',
    });
    expect(r.estado.estado).toBe('Cancelado');
    expect(r.comprobante.status).toBe('cancelada');
    expect(r.comprobante.estatus_cancelacion).toBe('Cancelado sin aceptación');
    expect(r.comprobante.motivo_cancelacion).toBe('02');
    expect(r.comprobante.xml_timbrado).toBe(row.xml_timbrado);
    const calls = await listPacCalls(t.deps.db, e.enterpriseId, row.id);
    expect(calls.map((c) => c.operation)).toContain('cancelar');
    const again = await cancelarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      comprobanteId: row.id,
      motivo: '02',
    }).catch((x: unknown) => x);
    expect((again as AppError).status).toBe(409);
  });

  it('an invoice over $1,000 stays timbrada with the cancellation En proceso until the receiver answers', async () => {
    const { e, row } = await timbrada('5000.00');
    adelanto = 5 * 24 * 3600_000;
    const r = await cancelarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      comprobanteId: row.id,
      motivo: '02',
    });
    expect(r.estado.estado).toBe('Vigente');
    expect(r.comprobante.status).toBe('timbrada');
    expect(r.comprobante.estatus_cancelacion).toBe('En proceso');
    adelanto = 0;
  });

  it('gives the PAC reason in Spanish when the cancellation is refused', async () => {
    const { e, row } = await timbrada('500.00');
    const err = await cancelarComprobante(deps(sandbox), {
      enterpriseId: e.enterpriseId,
      comprobanteId: row.id,
      motivo: '01',
    }).catch((x: unknown) => x);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).dataError).toMatch(
      /^El PAC rechazó la solicitud \(207\): 207 - Motivo de cancelacion invalido\. El motivo 01 requiere el UUID/,
    );
  });
});
