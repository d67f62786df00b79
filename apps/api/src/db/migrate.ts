import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies db/migrations/NNNN_name.sql in name order, each once, inside one transaction per file.
 * An advisory lock keeps two API processes starting together from applying the same file twice.
 * See docs/decisions/001-sql-migrations.md for why these are plain SQL files.
 */
export async function migrate(database: Database): Promise<string[]> {
  const { db } = database;
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const rows = await tx.execute<{ name: string }>(sql`select name from schema_migrations`);
    const done = new Set(rowsOf<{ name: string }>(rows).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const text = readFileSync(MIGRATIONS_DIR + file, 'utf8');
      for (const statement of text.split(/;\s*$/m)) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
      applied.push(file);
    }
  });
  return applied;
}

/** node-postgres answers { rows }, PGlite answers { rows } too; drizzle passes either through. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
