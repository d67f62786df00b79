import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrate.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { openPrivateTestDatabase } from '../test/test-db.ts';

// Liveness (GET /api/health: the process answers) and readiness (GET /api/ready: it can serve).
const files = readMigrations().map((m) => m.name);
const last = files[files.length - 1]!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An app on a migrated database of its own, which the test may break. */
async function onOwnDatabase(
  test: (app: TestApp, db: TestApp['deps']['database']) => Promise<void>,
) {
  const database = await openPrivateTestDatabase();
  const app = await buildTestApp({ database });
  try {
    await test(app, database);
  } finally {
    await app.close();
    await database.close().catch(() => {});
  }
}

describe('GET /api/health and GET /api/ready', () => {
  it('both answer 200 on a migrated database that answers', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toContain('"status":"ok"');
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      success: true,
      data: { status: 'ready', migrations: files.length },
    });
  });

  it('ready answers 503 when the database does not answer, while health stays 200', async () => {
    await onOwnDatabase(async (app, database) => {
      expect((await app.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        success: false,
        dataError: 'La base de datos no responde.',
      });
      expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  });

  it('ready answers 503 naming a migration not applied, or one changed after it was applied', async () => {
    await onOwnDatabase(async (app, database) => {
      await database.db.execute(sql`delete from schema_migrations where name = ${last}`);
      const pending = await app.app.inject({ url: '/api/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json().dataError).toBe(
        `Faltan migraciones por aplicar en la base de datos: ${last}.`,
      );

      await database.db.execute(
        sql`insert into schema_migrations (name, checksum) values (${last}, 'otro-texto')`,
      );
      const changed = await app.app.inject({ url: '/api/ready' });
      expect(changed.statusCode).toBe(503);
      expect(changed.json().dataError).toBe(
        `Migraciones cambiadas después de aplicarse en la base de datos: ${last}.`,
      );
      expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  });

  it('ready answers 503 on a database never migrated', async () => {
    await onOwnDatabase(async (app, database) => {
      await database.db.execute(sql`drop table schema_migrations`);
      const ready = await app.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().dataError).toContain(files[0]);
      expect(ready.json().dataError).toContain(last);
    });
  });
});
