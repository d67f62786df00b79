import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { fromPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { api, basico, seedFacturador } from '../modules/facturas/facturas.test-support.ts';
import { ZIP } from '../modules/exportacion-zip/exportacion-zip.test-support.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import {
  buildCompiledServer,
  freePort,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../test/server-process.ts';
import { avisarTrabajadores } from './aviso.ts';
import { escucharAvisos } from './listen.ts';

// The background jobs in a worker process (npm run worker) beside an API process started with
// JOBS=off, both compiled as production runs them, on a PostgreSQL database of this file alone (a
// worker claims the work of every enterprise in its database).
const SLOW = 240_000;
const SECRET = 'test-secret';
const WORKER = [process.execPath, '--conditions=compiled', `${REPO_ROOT}apps/api/dist/worker.js`];
const dataDir = mkdtempSync(join(tmpdir(), 'trabajos-'));
const started: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

beforeAll(() => buildCompiledServer(), SLOW);
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, command?: string[]) {
  const p = await spawnServer({
    env: { DATA_DIR: dataDir, APP_SECRET: SECRET, ...env },
    ...(command ? { command } : {}),
  });
  started.push(p);
  return p;
}

/** A database of its own on the server of TEST_DATABASE_URL, migrated, dropped at the end. */
async function ownDatabase(): Promise<string> {
  const admin = fromPostgres(process.env.TEST_DATABASE_URL!, 1);
  const name = `trabajos_${process.pid}`;
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.exec(`create database ${name}`);
  cleanups.push(async () => {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('jobs in worker processes', () => {
  it(
    'refuse to run apart from the embedded database, with one line',
    async () => {
      const apiOff = await start({ JOBS: 'off' });
      expect(await apiOff.exited).toBe(1);
      expect(apiOff.output().trim().split('\n')).toEqual([
        expect.stringContaining('JOBS=off needs DATABASE_URL'),
      ]);
      const worker = await start({}, WORKER);
      expect(await worker.exited).toBe(1);
      expect(worker.output().trim().split('\n')).toEqual([
        expect.stringContaining('npm run worker needs DATABASE_URL'),
      ]);
    },
    SLOW,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'an API with JOBS=off leaves a ZIP export waiting; a worker process prepares it and the ones after it',
    async () => {
      const url = await ownDatabase();
      // An enterprise with one stamped invoice, made in this process on the same database.
      const database = fromPostgres(url, 2);
      await migrate(database);
      const t = await buildTestApp({ database, env: { APP_SECRET: SECRET } });
      const e = await seedFacturador(t, { credits: 3 });
      const { draft } = await basico(t, e);
      const stamped = await api(t, e, 'POST', '/api/facturacion/V40/facturas-ingreso', draft());
      expect(stamped.statusCode, stamped.body).toBe(200);
      const uuid: string = stamped.json().data.factura.uuid;
      await t.close();
      await database.close();

      const server = await start({ DATABASE_URL: url, JOBS: 'off' });
      await waitForHealth(server, SLOW / 2);
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { ...e.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
      const created = await call('POST', ZIP, {
        from_date: day(-2 * 86_400_000),
        to_date: day(86_400_000),
      });
      expect(created.status).toBe(201);
      const id: number = ((await created.json()) as { data: { id: number } }).data.id;
      const estado = async (exportId: number) =>
        ((await (await call('GET', `${ZIP}/${exportId}`)).json()) as { data: { estado: string } })
          .data.estado;
      // Nobody prepares it: the API process runs no jobs.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await estado(id)).toBe('pendiente');

      const workerPort = await freePort();
      const worker = await start(
        { DATABASE_URL: url, WORKER_PORT: String(workerPort), METRICS_TOKEN: 'metricas' },
        WORKER,
      );
      await expect.poll(() => estado(id), { timeout: 90_000, interval: 250 }).toBe('lista');
      const zip = await call('GET', `${ZIP}/${id}/descargar`);
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const xml = Object.entries(files).find(([name]) => name.endsWith('.xml'));
      expect(Buffer.from(xml![1]).toString('utf8')).toContain(uuid);
      expect(Object.keys(files).some((name) => name.endsWith('.pdf'))).toBe(true);

      // With the worker running, the next export is prepared too (told by NOTIFY: the test below).
      const next = await call('POST', ZIP, {
        from_date: day(-86_400_000),
        to_date: day(86_400_000),
      });
      expect(next.status).toBe(201);
      const nextId: number = ((await next.json()) as { data: { id: number } }).data.id;
      await expect.poll(() => estado(nextId), { timeout: 90_000, interval: 250 }).toBe('lista');

      // The worker's own health, readiness and metrics (WORKER_PORT): nothing left waiting.
      const at = `http://127.0.0.1:${workerPort}`;
      expect((await fetch(`${at}/api/health`)).status).toBe(200);
      expect((await fetch(`${at}/api/ready`)).status).toBe(200);
      expect((await fetch(`${at}/metrics`)).status).toBe(401);
      const metrics = await (
        await fetch(`${at}/metrics`, { headers: { authorization: 'Bearer metricas' } })
      ).text();
      expect(metrics).toContain('cfdi_jobs_queue_depth{job="zip_export",state="waiting"} 0');

      server.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await worker.exited).toBe(0);
    },
    SLOW,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a worker hears the API’s notice as soon as it is sent',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const heard: string[] = [];
      const escucha = escucharAvisos(url, pino({ level: 'silent' }), (que) => heard.push(que));
      const database = fromPostgres(url, 1);
      try {
        // The LISTEN connection opens in the background: notices sent before it are not heard.
        await expect
          .poll(
            async () => {
              await avisarTrabajadores(database.db, 'exportacion-zip');
              return heard.length;
            },
            { timeout: 10_000, interval: 100 },
          )
          .toBeGreaterThan(0);
        expect(heard[0]).toBe('exportacion-zip');
      } finally {
        await escucha.close();
        await database.close();
      }
    },
  );
});
