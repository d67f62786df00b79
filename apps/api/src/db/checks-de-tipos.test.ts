import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS_DE_SERIE } from '@repo/contracts/tipos-comprobante/registro';
import type { Database } from './client.ts';
import { rowsOf } from './migrate.ts';
import { openTestDatabase } from '../test/test-db.ts';

/**
 * The SQL checks that list the document types' serie kinds are the registry's list (decision 012):
 * a type registered without the migration that widens them (or a migration that drops one) fails
 * here instead of at its first INSERT.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function valoresDelCheck(tabla: string, columna: string): Promise<string[]> {
  const rows = rowsOf<{ def: string }>(
    await database.db.execute(sql`
      select pg_get_constraintdef(c.oid) as def
        from pg_constraint c join pg_class t on t.oid = c.conrelid
       where c.contype = 'c' and t.relname = ${tabla} and t.relnamespace = 'public'::regnamespace
         and pg_get_constraintdef(c.oid) like ${`%(${columna} = %`}`),
  );
  expect(rows).toHaveLength(1);
  return [...rows[0]!.def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!).sort();
}

describe('the SQL checks of the document types', () => {
  it("series.kind and comprobantes.serie_kind list the registered types' serie kinds", async () => {
    const registrados = [...KINDS_DE_SERIE].sort();
    expect(await valoresDelCheck('series', 'kind')).toEqual(registrados);
    expect(await valoresDelCheck('comprobantes', 'serie_kind')).toEqual(registrados);
  });
});
