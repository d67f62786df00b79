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

describe('the balance effect of the document types', () => {
  it("efectos_en_saldo holds each registered serie kind's efectoEnSaldo, written again at every start", async () => {
    const { TIPOS_COMPROBANTE } = await import('@repo/contracts/tipos-comprobante/registro');
    const { registrarEfectosEnSaldo } = await import('./efectos-en-saldo.ts');
    const leidos = async () =>
      rowsOf<{ serie_kind: string; efecto: string }>(
        await database.db.execute(
          sql`select serie_kind, efecto from efectos_en_saldo order by serie_kind`,
        ),
      );
    const registrados = TIPOS_COMPROBANTE.map((t) => ({
      serie_kind: t.serie.kind,
      efecto: t.efectoEnSaldo,
    })).sort((a, b) => a.serie_kind.localeCompare(b.serie_kind));
    expect(await leidos()).toEqual(registrados);
    // A declaration changed in the registry reaches the table at the next start.
    await database.db.execute(
      sql`update efectos_en_saldo set efecto = 'ninguno' where serie_kind = 'notas-credito'`,
    );
    await registrarEfectosEnSaldo(database.db);
    expect(await leidos()).toEqual(registrados);
  });
});
