import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { getBalance } from '../modules/credits/credits.service.ts';
import { api, basico, seedFacturador } from '../modules/facturas/facturas.test-support.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { buildCompiledServer } from '../test/server-process.ts';
import { fromPostgres, type Database } from './client.ts';
import { lockDataFolder } from './data-folder.ts';
import { migrate } from './migrate.ts';
import { openDatabase } from './open.ts';
import { comprobantes } from './schema/comprobantes.ts';

// `npm run backup` and `npm run restore` as an operator runs them: data stamped on one database,
// dumped, restored into a fresh place, and the app started on the copy stamps on from there.
const V40 = '/api/facturacion/V40';
const SLOW = 180_000;
const work = mkdtempSync(join(tmpdir(), 'respaldo-test-'));
const cleanups: Array<() => Promise<void> | void> = [
  () => rmSync(work, { recursive: true, force: true }),
];
// The npm scripts run the compiled command, as on a server with only the production dependencies.
beforeAll(() => buildCompiledServer(), SLOW);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Target = { DATABASE_URL: string; DATA_DIR: string };

/** The npm script, in a clean environment naming only the database. */
function npmRun(script: 'backup' | 'restore', file: string, target: Target) {
  const r = spawnSync('npm', ['run', '--silent', script, '--', file], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...target },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function stampedOf(database: Database, enterpriseId: number) {
  return database.db
    .select({ folio: comprobantes.folio, uuid: comprobantes.uuid, xml: comprobantes.xml_timbrado })
    .from(comprobantes)
    .where(eq(comprobantes.enterprise_id, enterpriseId))
    .orderBy(asc(comprobantes.id));
}

async function roundTrip(source: Target, restored: Target) {
  // Stamp one invoice on the source database.
  const db1 = await openDatabase(source);
  await migrate(db1);
  const t1 = await buildTestApp({ database: db1 });
  const e = await seedFacturador(t1, { credits: 5 });
  const { draft } = await basico(t1, e);
  const first = await api(t1, e, 'POST', `${V40}/facturas-ingreso`, draft());
  expect(first.statusCode, first.body).toBe(200);
  const [stamped] = await stampedOf(db1, e.enterpriseId);
  expect(stamped?.folio).toBe(1);
  expect(stamped?.xml).toContain('TimbreFiscalDigital');
  await t1.close();
  await db1.close();

  const file = join(work, `respaldo-${source.DATABASE_URL ? 'pg' : 'pglite'}.bak`);
  const dumped = npmRun('backup', file, source);
  expect(dumped.status, dumped.out).toBe(0);
  expect(dumped.out).toContain(`escrito en ${file}`);
  expect(statSync(file).mode & 0o077).toBe(0);
  // A second backup never overwrites the first.
  const again = npmRun('backup', file, source);
  expect(again.status).toBe(1);
  expect(again.out).toContain('ya existe');

  const loaded = npmRun('restore', file, restored);
  expect(loaded.status, loaded.out).toBe(0);
  expect(loaded.out).toContain('Respaldo restaurado');
  // A restore never lands on a database that already has the app's data.
  const twice = npmRun('restore', file, restored);
  expect(twice.status).toBe(1);
  expect(twice.out).toMatch(/Ya hay una base de datos|ya tiene las tablas/);

  // The app on the restored copy (same APP_SECRET: the CSD key decrypts) stamps the next folio.
  const db2 = await openDatabase(restored);
  expect(await migrate(db2)).toEqual([]);
  const t2 = await buildTestApp({ database: db2 });
  try {
    expect(await getBalance(db2.db, e.enterpriseId)).toBe(4);
    const second = await api(t2, e, 'POST', `${V40}/facturas-ingreso`, draft());
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user_total_remaining_credits).toBe(3);
    const rows = await stampedOf(db2, e.enterpriseId);
    expect(rows.map((r) => r.folio)).toEqual([1, 2]);
    // The first stamped XML, byte for byte, with its UUID.
    expect(rows[0]).toEqual(stamped);
    expect(rows[1]?.uuid).not.toBe(stamped?.uuid);
  } finally {
    await t2.close();
    await db2.close();
  }
}

describe('backup and restore', () => {
  it(
    'the embedded database: stamped, dumped, restored into a new DATA_DIR, stamps folio 2',
    async () => {
      const source = { DATABASE_URL: '', DATA_DIR: join(work, 'origen') };
      const restored = { DATABASE_URL: '', DATA_DIR: join(work, 'restaurada') };
      await roundTrip(source, restored);
      expect(existsSync(join(restored.DATA_DIR, 'db.lock'))).toBe(false);
      expect(statSync(join(restored.DATA_DIR, 'db')).mode & 0o777).toBe(0o700);
    },
    SLOW,
  );

  it(
    'refuses a file that is no backup, or one of the other kind of database',
    async () => {
      const target = { DATABASE_URL: '', DATA_DIR: join(work, 'otra') };
      const bogus = join(work, 'no-es-respaldo.bak');
      writeFileSync(bogus, 'hola');
      const r = npmRun('restore', bogus, target);
      expect(r.status).toBe(1);
      expect(r.out).toContain('no es un respaldo de esta aplicación');
      expect(existsSync(join(target.DATA_DIR, 'db'))).toBe(false);
      const missing = npmRun('backup', join(work, 'x.bak'), target);
      expect(missing.status).toBe(1);
      expect(missing.out).toContain('No hay una base de datos integrada');
      expect(existsSync(join(work, 'x.bak'))).toBe(false);

      // The server holds the embedded database: stop it first.
      const busy = { DATABASE_URL: '', DATA_DIR: join(work, 'ocupada') };
      mkdirSync(join(busy.DATA_DIR, 'db'), { recursive: true });
      writeFileSync(join(busy.DATA_DIR, 'db', 'PG_VERSION'), '17\n');
      const release = lockDataFolder(join(busy.DATA_DIR, 'db'));
      try {
        const held = npmRun('backup', join(work, 'y.bak'), busy);
        expect(held.status).toBe(1);
        expect(held.out).toContain('está abierta por otro proceso (el servidor): deténgalo antes');
        expect(existsSync(join(work, 'y.bak'))).toBe(false);
      } finally {
        release();
      }
    },
    SLOW,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump, pg_restore into an empty database, stamps folio 2',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const admin = fromPostgres(url.toString(), 1);
      const names = ['origen', 'restaurada'].map((n) => `respaldo_${n}_${process.pid}`);
      for (const name of names) {
        await admin.exec(`drop database if exists ${name} with (force)`);
        await admin.exec(`create database ${name}`);
      }
      cleanups.push(async () => {
        for (const name of names) await admin.exec(`drop database if exists ${name} with (force)`);
        await admin.close();
      });
      const at = (name: string) => {
        const u = new URL(url);
        u.pathname = `/${name}`;
        return { DATABASE_URL: u.toString(), DATA_DIR: join(work, name) };
      };
      await roundTrip(at(names[0]!), at(names[1]!));
      // A PostgreSQL backup is not restored into an embedded database.
      const r = npmRun('restore', join(work, 'respaldo-pg.bak'), {
        DATABASE_URL: '',
        DATA_DIR: join(work, 'integrada'),
      });
      expect(r.status).toBe(1);
      expect(r.out).toContain('es un respaldo de PostgreSQL (pg_dump)');
    },
    SLOW,
  );
});
