import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { fromPglite } from './pglite.ts';
import { migrate, rowsOf } from './migrate.ts';
import { StartupError } from './startup-error.ts';

// The migration runner on a database of its own and a folder of made-up migrations.
let dir: string;
let database: Database;
const open = async () => {
  dir = `${mkdtempSync(join(tmpdir(), 'migrations-'))}/`;
  database = fromPglite(await PGlite.create());
};
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
const tables = async () =>
  rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    ),
  ).map((r) => r.name);

describe('migrate', () => {
  it('applies each file once, records its checksum, and stops the start when an applied file was edited', async () => {
    await open();
    writeFileSync(`${dir}0001_a.sql`, 'create table a (id int);');
    writeFileSync(`${dir}0002_b.sql`, 'create table b (id int);\ninsert into b values (1);');
    expect(await migrate(database, dir)).toEqual(['0001_a.sql', '0002_b.sql']);
    expect(await migrate(database, dir)).toEqual([]);
    const recorded = rowsOf<{ checksum: string }>(
      await database.db.execute(sql`select checksum from schema_migrations order by name`),
    );
    expect(recorded.map((r) => r.checksum)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);

    writeFileSync(`${dir}0001_a.sql`, 'create table a (id bigint);');
    const edited = migrate(database, dir);
    await expect(edited).rejects.toBeInstanceOf(StartupError);
    await expect(migrate(database, dir)).rejects.toThrow(
      /^Migration 0001_a\.sql was edited after it was applied/,
    );
  });

  it('runs one transaction per file: a failing file leaves the earlier ones applied and nothing of itself', async () => {
    await open();
    writeFileSync(`${dir}0001_a.sql`, 'create table a (id int);');
    writeFileSync(`${dir}0002_b.sql`, 'create table b (id int);\nselect no_such_function();');
    await expect(migrate(database, dir)).rejects.toThrow();
    expect(await tables()).toEqual(['a', 'schema_migrations']);
    writeFileSync(`${dir}0002_b.sql`, 'create table b (id int);');
    expect(await migrate(database, dir)).toEqual(['0002_b.sql']);
    expect(await tables()).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('records the checksum of files applied before checksums existed', async () => {
    await open();
    writeFileSync(`${dir}0001_a.sql`, 'create table a (id int);');
    await database.exec(
      `create table schema_migrations (name text primary key, applied_at timestamptz not null default now());
       create table a (id int); insert into schema_migrations (name) values ('0001_a.sql');`,
    );
    expect(await migrate(database, dir)).toEqual([]);
    const [row] = rowsOf<{ checksum: string | null }>(
      await database.db.execute(sql`select checksum from schema_migrations`),
    );
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });
});
