/**
 * The stamping tests' harness (vitest hooks: kept out of timbrado.test-support.ts, which the
 * stamping bench imports outside the test runner).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { SandboxPac } from '@repo/pac';
import { catalogosDePrueba } from '../../../../../packages/cfdi/test/catalogos-de-prueba.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { TimbradoDeps } from './timbrado.service.ts';

/**
 * For one test file: a test app and a sandbox PAC without its XSD stage (made before the tests,
 * closed after), and the stamping service's deps on them.
 */
export function entornoDeTimbrado(): { app: () => TestApp; deps: () => TimbradoDeps } {
  let t: TestApp | undefined;
  let dataDir = '';
  let sandbox: SandboxPac | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'timbrado-test-'));
    sandbox = new SandboxPac({ dataDir, catalogos: catalogosDePrueba, validarEsquema: false });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const app = () => {
    if (!t) throw new Error('entornoDeTimbrado: used outside a test');
    return t;
  };
  return {
    app,
    deps: () => ({
      db: app().deps.db,
      secret: app().deps.secret,
      now: () => new Date(),
      pac: sandbox as SandboxPac,
      catalogos: catalogosDePrueba,
    }),
  };
}
