import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogos } from '@repo/catalogos';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedEnterprise } from '../db/seed/seed-enterprise.ts';
import { createPac } from '../pac/create-pac.ts';
import { DbSandboxStore } from '../pac/db-sandbox-store.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { openPrivateTestDatabase } from '../test/test-db.ts';
import { rfcAleatorio } from '../test/rfc.ts';
import { api, basico, seedFacturador } from '../modules/facturas/facturas.test-support.ts';
import { PacQueSeCae } from '../modules/timbrado/timbrado.test-support.ts';
import { instrumentMailer } from './instrument.ts';
import { createMetrics } from './metrics.ts';

// GET /metrics as a Prometheus scraper reads it. The app runs on a database of this file alone, so
// the job queues it reports hold this file's documents and nobody else's.
const TOKEN = 'token-de-metricas-de-prueba';
const V40 = '/api/facturacion/V40';

let database: Database;
let pacDir: string;
let pac: PacQueSeCae;
let t: TestApp;

beforeAll(async () => {
  database = await openPrivateTestDatabase();
  pacDir = mkdtempSync(join(tmpdir(), 'metrics-pac-'));
  const sandbox = createPac(
    { ...loadConfig({}), PAC: 'sandbox', DATA_DIR: pacDir },
    loadCatalogos(),
    { store: new DbSandboxStore(database.db) },
  );
  pac = new PacQueSeCae(sandbox, 0);
  t = await buildTestApp({ database, pac, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
  await database.close();
  rmSync(pacDir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series (`name{labels}` exactly as exposed), or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN, and answers only its bearer token', async () => {
    const open = await buildTestApp();
    try {
      const res = await open.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await open.close();
    }
    for (const authorization of [undefined, 'Bearer otro-token', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().dataError).toContain('METRICS_TOKEN');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio('moral') });
    for (const id of [987654, 987655]) {
      const res = await t.app.inject({ url: `/api/clients/${id}`, headers: e.headers });
      expect(res.statusCode).toBe(404);
    }
    await t.app.inject({ url: '/api/ruta-que-no-existe/123456' });
    const text = await scrape();
    const series = 'method="GET",route="/api/clients/:id",status="404"';
    expect(valueOf(text, `http_requests_total{${series}}`)).toBe(2);
    expect(valueOf(text, `http_request_duration_seconds_count{${series}}`)).toBe(2);
    expect(valueOf(text, `http_request_duration_seconds_bucket{le="+Inf",${series}}`)).toBe(2);
    expect(
      valueOf(text, 'http_requests_total{method="GET",route="(unmatched)",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('123456');
    // The process's own metrics come along.
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('times each stamp, counts PAC failures by kind and shows the recovery queue', async () => {
    const e = await seedFacturador(t, { credits: 5 });
    const { draft } = await basico(t, e);
    const stamped = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft());
    expect(stamped.statusCode, stamped.body).toBe(200);

    let text = await scrape();
    expect(
      valueOf(text, 'cfdi_pac_request_duration_seconds_count{operation="timbrar",outcome="ok"}'),
    ).toBe(1);
    expect(
      valueOf(text, 'cfdi_pac_errors_total{operation="timbrar",kind="no-disponible"}'),
    ).toBeUndefined();
    expect(valueOf(text, 'cfdi_jobs_queue_depth{job="pac_recovery",state="sealed"}')).toBe(0);

    // The PAC does not answer the next stamp: the document stays sealed for the recovery job.
    pac.caidas = 1;
    const lost = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft());
    expect(lost.statusCode, lost.body).toBe(503);
    text = await scrape();
    expect(
      valueOf(text, 'cfdi_pac_request_duration_seconds_count{operation="timbrar",outcome="error"}'),
    ).toBe(1);
    expect(valueOf(text, 'cfdi_pac_errors_total{operation="timbrar",kind="no-disponible"}')).toBe(
      1,
    );
    expect(valueOf(text, 'cfdi_jobs_queue_depth{job="pac_recovery",state="sealed"}')).toBe(1);
    // Its first resend is not due yet (the request that sealed it may still get the answer).
    expect(valueOf(text, 'cfdi_jobs_queue_depth{job="pac_recovery",state="due"}')).toBe(0);
  });

  it('shows the ZIP exports waiting', async () => {
    const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio('moral') });
    expect(valueOf(await scrape(), 'cfdi_jobs_queue_depth{job="zip_export",state="waiting"}')).toBe(
      0,
    );
    // An export nobody has claimed yet (as a request leaves it before the job takes it).
    await database.db.execute(sql`
      insert into exportaciones_zip (enterprise_id, user_id, desde, hasta)
      values (${e.enterpriseId}, ${e.userId}, '2026-01-01', '2026-01-31')`);
    const text = await scrape();
    expect(valueOf(text, 'cfdi_jobs_queue_depth{job="zip_export",state="waiting"}')).toBe(1);
    expect(valueOf(text, 'cfdi_jobs_queue_depth{job="zip_export",state="preparing"}')).toBe(0);
  });
});

describe('metrics without the routes', () => {
  it('report the PostgreSQL pool: connections in use and idle, queries waiting, the maximum', async () => {
    const metrics = createMetrics({
      database: { ...database, pool: () => ({ total: 7, idle: 3, waiting: 2, max: 10 }) },
      now: () => new Date(),
    });
    const text = await metrics.text();
    expect(valueOf(text, 'db_pool_connections{state="in_use"}')).toBe(4);
    expect(valueOf(text, 'db_pool_connections{state="idle"}')).toBe(3);
    expect(valueOf(text, 'db_pool_waiting_requests')).toBe(2);
    expect(valueOf(text, 'db_pool_max_connections')).toBe(10);
    // The embedded PGlite has no pool: no pool series at all.
    const embedded = await createMetrics({ database, now: () => new Date() }).text();
    expect(embedded).not.toContain('db_pool_connections');
  });

  it('count e-mails sent and refused', async () => {
    const metrics = createMetrics({ database, now: () => new Date() });
    let refuse = false;
    const mailer = instrumentMailer(
      {
        send: async () => {
          if (refuse) throw new Error('550 rechazado');
          return { messageId: '<1@prueba>' };
        },
      },
      metrics,
    );
    const mail = { to: 'a@example.com', subject: 'Prueba', text: 'x', html: '<p>x</p>' };
    await mailer.send(mail);
    refuse = true;
    await expect(mailer.send(mail)).rejects.toThrow('550');
    const text = await metrics.text();
    expect(valueOf(text, 'cfdi_emails_total{outcome="sent"}')).toBe(1);
    expect(valueOf(text, 'cfdi_emails_total{outcome="failed"}')).toBe(1);
    expect(valueOf(text, 'cfdi_emails_in_flight')).toBe(0);
  });

  it('still answer when the database is down, without the queue gauge', async () => {
    const down = await openPrivateTestDatabase();
    await down.close();
    const errors: unknown[] = [];
    const text = await createMetrics({
      database: down,
      now: () => new Date(),
      onCollectError: (error) => errors.push(error),
    }).text();
    expect(text).not.toMatch(/^cfdi_jobs_queue_depth\{/m);
    expect(text).toContain('# TYPE cfdi_jobs_queue_depth gauge');
    expect(errors).toHaveLength(1);
  });
});
