import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  facturaPpd,
  pagoBody,
  satOk,
  seedCobrador,
  V40,
} from '../modules/complementos-pago/complementos-pago.test-support.ts';
import { api } from '../modules/facturas/facturas.test-support.ts';
import { exportarPeriodo } from '../modules/exportacion-zip/exportacion-zip.test-support.ts';
import { fechaLocal } from '@repo/cfdi/xml';
import { seedEnterprise } from './seed/seed-enterprise.ts';
import { fromPostgres, type Database } from './client.ts';
import { consulta } from './consulta.ts';

// Behind PgBouncer before 1.21 in transaction mode (Debian 12 ships 1.18) each transaction may run
// on any server connection, so a named prepared statement made by one client is missing (or already
// there) for the next: DATABASE_PREPARED_STATEMENTS=off sends the stamping path's statements unnamed.
// Sign-in and a ZIP export (a background job) are run through it too.
// Needs TEST_DATABASE_URL and Debian's pgbouncer (.ci/run installs it: scripts/ensure-tools.mjs).
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((f) => existsSync(f));
const url = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

describe.skipIf(!url || !PGBOUNCER)('PostgreSQL behind PgBouncer in transaction mode', () => {
  let bouncer: ChildProcess;
  let dir: string;
  let bouncerUrl: string;

  beforeAll(async () => {
    const target = new URL(url!);
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'users.txt'), `"${target.username}" ""\n`);
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `* = host=${target.hostname} port=${target.port || 5432}`,
        '[pgbouncer]',
        `listen_addr = 127.0.0.1`,
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        // One server connection for every client: a statement prepared by one client is there for
        // the next, deterministically.
        'default_pool_size = 1',
        'max_client_conn = 50',
        'ignore_startup_parameters = extra_float_digits',
      ].join('\n'),
    );
    // PgBouncer refuses to run as root.
    const asRoot = process.getuid?.() === 0;
    const nobody = asRoot ? Number(execFileSync('id', ['-u', 'nobody']).toString()) : undefined;
    const nogroup = asRoot ? Number(execFileSync('id', ['-g', 'nobody']).toString()) : undefined;
    bouncer = spawn(PGBOUNCER!, [join(dir, 'pgbouncer.ini')], {
      stdio: 'ignore',
      ...(asRoot ? { uid: nobody, gid: nogroup } : {}),
    });
    const through = new URL(url!);
    through.hostname = '127.0.0.1';
    through.port = String(port);
    bouncerUrl = through.toString();
    for (let i = 0; i < 100; i++) {
      const probe = fromPostgres(bouncerUrl, 1);
      const ok = await probe.exec('select 1').then(
        () => true,
        () => false,
      );
      await probe.close();
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('pgbouncer did not answer');
  });

  afterAll(() => {
    bouncer?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Two clients (one connection each) run the same named statement, one after the other. */
  async function twoClients(setting: 'on' | 'off') {
    const a = fromPostgres(bouncerUrl, 1, undefined, setting);
    const b = fromPostgres(bouncerUrl, 1, undefined, setting);
    const name = `pgbouncer_prueba_${setting}_${process.pid}`;
    const run = (d: Database) => consulta<{ n: number }>(d.db, 'select $1::int as n', [7], name);
    try {
      return [await run(a), await run(b)];
    } finally {
      await a.close();
      await b.close();
    }
  }

  it('with prepared statements on, the second client meets the first one’s statement', async () => {
    await expect(twoClients('on')).rejects.toThrow(
      /prepared statement .* (already exists|does not exist)/,
    );
  });

  it('with DATABASE_PREPARED_STATEMENTS=off, both clients run the same statement', async () => {
    expect(await twoClients('off')).toEqual([[{ n: 7 }], [{ n: 7 }]]);
  });

  describe('the API with DATABASE_PREPARED_STATEMENTS=off (with on, its stamp answers 500)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ database: fromPostgres(bouncerUrl, 5, undefined, 'off') });
    });
    afterAll(async () => t?.close());

    it('stamps a PPD invoice and its payment complement, each valid for the SAT', async () => {
      const e = await seedCobrador(t, 5);
      for (let i = 0; i < 2; i++) {
        const f = await facturaPpd(t, e);
        expect(f.uuid).toMatch(/^[0-9A-F-]{36}$/i);
        await satOk(t, e.enterpriseId, f.id);
        const res = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 580));
        expect(res.statusCode, res.body).toBe(200);
        await satOk(t, e.enterpriseId, res.json().data.data.id);
      }
    });

    it('signs a user in (password check, session and device rows) and refuses a wrong password', async () => {
      const u = await seedEnterprise(t.deps);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: u.email, password: u.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().success).toBe(true);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: u.email, password: 'Otra-clave-9' },
      });
      expect(wrong.statusCode).toBe(400);
    });

    it("exports a period's ZIP (the job claims, prepares and stores it) with every stamped XML", async () => {
      const e = await seedCobrador(t, 5);
      const f = await facturaPpd(t, e);
      const dia = (ms: number) => fechaLocal(new Date(Date.now() + ms), 'America/Mexico_City');
      const { exportacion, files } = await exportarPeriodo(t, e, {
        from_date: dia(-86_400_000).slice(0, 10),
        to_date: dia(86_400_000).slice(0, 10),
      });
      expect(exportacion.estado).toBe('lista');
      const xmls = Object.keys(files).filter((n) => n.endsWith('.xml'));
      expect(xmls.some((n) => n.includes(f.uuid as string))).toBe(true);
    });
  });
});
