import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../http/errors.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { fromPostgres } from './client.ts';
import { migrate } from './migrate.ts';

// PostgreSQL ends connections (restart, failover, pg_terminate_backend): the process stays up, a
// request caught in the drop answers a Spanish 503, the next one reconnects. On a database of its own,
// so terminating its connections touches no other test.
const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('a PostgreSQL connection dropped under the API', () => {
  const name = `${new URL(baseUrl ?? 'postgres://x/x').pathname.slice(1)}_drop_${process.pid}`;
  const url = new URL(baseUrl ?? 'postgres://x/x');
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  const lost: Error[] = [];
  let t: TestApp;

  const terminateAppConnections = async (except: number) => {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2',
      [name, except],
    );
    return result.rowCount ?? 0;
  };
  const login = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nadie@example.com', password: 'una contraseña cualquiera' },
    });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const database = fromPostgres(url.toString(), 4, (error) => lost.push(error));
    await migrate(database);
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await t?.deps.database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('keeps answering: idle connections dropped are reported, not thrown', async () => {
    expect((await login()).statusCode).toBeLessThan(500);
    expect(await terminateAppConnections(0)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(lost.length).toBeGreaterThan(0);
    const next = await login();
    expect(next.statusCode).toBeLessThan(500);
  });

  it('answers a request caught in the drop with a Spanish 503 and an errorTrackingUUID; the next one reconnects', async () => {
    // A transaction of the test holds the users table, so the login waits on it mid-query.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows[0]!.pid;
    await holder.query('begin');
    await holder.query('lock table users in access exclusive mode');
    const caught = login();
    await new Promise((r) => setTimeout(r, 500));
    expect(await terminateAppConnections(holderPid)).toBeGreaterThan(0);
    const response = await caught;
    await holder.query('rollback');
    await holder.end();

    expect(response.statusCode).toBe(503);
    const body = response.json<{ dataError: string; errorTrackingUUID: string }>();
    expect(body.dataError).toBe(DATABASE_UNAVAILABLE);
    expect(body.errorTrackingUUID).toMatch(/^[0-9a-f-]{36}$/);

    const next = await login();
    expect(next.statusCode).toBeLessThan(500);
  });
});
