import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPac } from '@repo/pac';
import { catalogosDePrueba } from '../../../../../packages/cfdi/test/catalogos-de-prueba.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { timbrarComprobante } from './timbrado.service.ts';
import { seedEmpresaTimbrado } from './timbrado.test-support.ts';

/**
 * The decrypted CSDs a process keeps (csd-cache.ts) belong to one database: two databases in one
 * process (tests, the stamping bench on PGlite then PostgreSQL) may both hold an enterprise 1 with
 * a seal 1, and each must be sealed with its own.
 */
describe('the CSD cache of a process with two databases', () => {
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;
  let sandbox: SandboxPac;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'csd-cache-test-'));
    sandbox = new SandboxPac({ dataDir, catalogos: catalogosDePrueba, validarEsquema: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("each database's enterprise is sealed with its own CSD, whatever their ids", async () => {
    for (const t of [a, b]) {
      const e = await seedEmpresaTimbrado(t.deps, { credits: 2 });
      const row = await timbrarComprobante(
        {
          db: t.deps.db,
          secret: t.deps.secret,
          now: () => new Date(),
          pac: sandbox,
          catalogos: catalogosDePrueba,
        },
        {
          enterpriseId: e.enterpriseId,
          serieId: e.serieId,
          buildComprobante: (ctx) => e.factura(ctx),
        },
      );
      expect(row.status).toBe('timbrada');
      expect(row.xml_timbrado).toContain(`Rfc="${e.rfc}"`);
    }
  });
});
