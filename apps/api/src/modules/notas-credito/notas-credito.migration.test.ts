import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations, rowsOf } from '../../db/migrate.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { ensureDefaultConfiguration } from '../enterprises/default-configuration.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const migracion = readMigrations().find((m) => m.name === '0030_notas_credito.sql');
/** The statement that gives existing accounts their first serie of credit notes. */
const serieInicial = (migracion?.text ?? '').match(
  /insert into series[^;]*'notas-credito'[^;]*;/,
)?.[0];

const seriesDeNotas = async (enterpriseId: number) =>
  rowsOf<{ serie: string; folio_inicial: number; next_folio: number }>(
    await t.deps.db.execute(
      sql`select serie, folio_inicial, next_folio from series
           where enterprise_id = ${enterpriseId} and kind = 'notas-credito' order by id`,
    ),
  );

describe('migration 0030: credit notes for new and existing accounts', () => {
  it('a new account starts with the serie NC; an account made before gets it once, and one with its own keeps it', async () => {
    expect(serieInicial).toBeDefined();
    const rfc = rfcAleatorio('moral');
    const nueva = await seedEnterprise(t.deps, { rfc });
    // What the setup wizard gives a new account: the first serie of every registered type.
    await ensureDefaultConfiguration(t.deps.db, nueva.enterpriseId, rfc, '601');
    expect(await seriesDeNotas(nueva.enterpriseId)).toEqual([
      { serie: 'NC', folio_inicial: 1, next_folio: 1 },
    ]);

    // Accounts as they were before the migration: no serie of credit notes, or one of their own.
    const antigua = await seedEnterprise(t.deps, { rfc: rfcAleatorio('moral') });
    const propia = await seedEnterprise(t.deps, { rfc: rfcAleatorio('fisica') });
    await t.deps.db.execute(
      sql`insert into series (enterprise_id, kind, serie, folio_inicial, next_folio)
          values (${propia.enterpriseId}, 'notas-credito', 'EGR', 1, 8)`,
    );
    await t.deps.db.execute(sql.raw(serieInicial!));
    await t.deps.db.execute(sql.raw(serieInicial!));
    expect(await seriesDeNotas(antigua.enterpriseId)).toEqual([
      { serie: 'NC', folio_inicial: 1, next_folio: 1 },
    ]);
    expect(await seriesDeNotas(propia.enterpriseId)).toEqual([
      { serie: 'EGR', folio_inicial: 1, next_folio: 8 },
    ]);
  });
});
