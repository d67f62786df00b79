import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.ts';
import { registrarEfectosEnSaldo } from './efectos-en-saldo.ts';
import { StartupError } from './startup-error.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

interface Migration {
  name: string;
  text: string;
  checksum: string;
}

/** db/migrations/NNNN_name.sql in name order, each with the SHA-256 of its text. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const text = readFileSync(dir + name, 'utf8');
      return { name, text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

async function lockAndRead(tx: Db): Promise<Map<string, string | null>> {
  await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
  const rows = await tx.execute<{ name: string; checksum: string | null }>(
    sql`select name, checksum from schema_migrations`,
  );
  return new Map(
    rowsOf<{ name: string; checksum: string | null }>(rows).map((r) => [r.name, r.checksum]),
  );
}

/**
 * Applies db/migrations/NNNN_name.sql in name order, each once, each in a transaction of its own
 * (a failing file leaves the ones before it applied and itself not at all), recording its SHA-256.
 * An applied file whose text changed stops the start: a change goes in a new file. An advisory
 * lock keeps two API processes starting together from applying the same file twice.
 * See docs/decisions/001-sql-migrations.md for why these are plain SQL files.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { db } = database;
  const migrations = readMigrations(dir);
  // The product's own migrations end with what the document types' registry declares for SQL.
  const registrar = () => (dir === MIGRATIONS_DIR ? registrarEfectosEnSaldo(db) : undefined);
  if (await everyFileApplied(db, migrations)) {
    await registrar();
    return [];
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    await tx.execute(sql`alter table schema_migrations add column if not exists checksum text`);
    const done = await lockAndRead(tx);
    for (const m of migrations) {
      if (!done.has(m.name)) continue;
      const recorded = done.get(m.name);
      if (recorded === null || recorded === undefined) {
        // Applied before checksums were recorded: this text is taken as the applied one.
        await tx.execute(
          sql`update schema_migrations set checksum = ${m.checksum} where name = ${m.name}`,
        );
      } else if (recorded !== m.checksum) {
        throw new StartupError(
          `Migration ${m.name} was edited after it was applied to this database (its SHA-256 differs ` +
            `from the one recorded): restore the file as it was and put the change in a new migration.`,
        );
      }
    }
  });
  const applied: string[] = [];
  for (const m of migrations) {
    const wasApplied = await db.transaction(async (tx) => {
      const done = await lockAndRead(tx);
      if (done.has(m.name)) return false;
      for (const statement of m.text.split(/;\s*$/m)) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into schema_migrations (name, checksum) values (${m.name}, ${m.checksum})`,
      );
      return true;
    });
    if (wasApplied) applied.push(m.name);
  }
  await registrar();
  return applied;
}

/**
 * The start of a database that is up to date (every start but the first after an upgrade): one
 * query, without the lock or the DDL. Anything else (no table yet, a file not applied, a checksum
 * missing or different, even an error) takes the full path, which applies, records or refuses.
 */
async function everyFileApplied(db: Db, migrations: Migration[]): Promise<boolean> {
  let recorded: Map<string, string | null>;
  try {
    const rows = await db.execute(sql`select name, checksum from schema_migrations`);
    const list = rowsOf<{ name: string; checksum: string | null }>(rows);
    recorded = new Map(list.map((r) => [r.name, r.checksum]));
  } catch {
    return false;
  }
  return migrations.every((m) => recorded.get(m.name) === m.checksum);
}

let filesOfBuild: Migration[] | null = null;

/**
 * What the database has of this build's migration files (for GET /api/ready): the files not applied
 * yet, the applied ones whose text differs from the one recorded, and how many are applied. A
 * database that does not answer throws.
 */
export async function migrationState(
  db: Db,
): Promise<{ pending: string[]; changed: string[]; applied: number }> {
  filesOfBuild ??= readMigrations();
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('schema_migrations')::text as name`),
  );
  const recorded = new Map<string, string | null>();
  if (table?.name) {
    const rows = await db.execute(sql`select name, checksum from schema_migrations`);
    for (const r of rowsOf<{ name: string; checksum: string | null }>(rows)) {
      recorded.set(r.name, r.checksum);
    }
  }
  const pending = filesOfBuild.filter((m) => !recorded.has(m.name)).map((m) => m.name);
  const changed = filesOfBuild
    // A null checksum: applied before checksums were recorded, taken as this text (as migrate does).
    .filter((m) => {
      const checksum = recorded.get(m.name);
      return checksum !== undefined && checksum !== null && checksum !== m.checksum;
    })
    .map((m) => m.name);
  return { pending, changed, applied: filesOfBuild.length - pending.length };
}

/** node-postgres answers { rows }, PGlite answers { rows } too; drizzle passes either through. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
