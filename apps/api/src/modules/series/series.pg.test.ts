import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { withTransaction } from '../../db/transaction.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createSerie } from './series.service.ts';
import { reserveNextFolio } from './series.queries.ts';

// PostgreSQL only: PGlite has a single connection, so it cannot show two transactions racing.
describe.runIf(process.env.TEST_DATABASE_URL)('reserveNextFolio on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives 50 concurrent reservations 50 distinct consecutive folios', async () => {
    const e = await seedEnterprise(t.deps);
    const serie = await createSerie(t.deps.db, e.enterpriseId, {
      kind: 'facturas-ingreso',
      serie: 'CONC',
      folio: 1000,
    });
    const folios = await Promise.all(
      Array.from({ length: 50 }, () =>
        withTransaction(t.deps.db, async (tx) => {
          const reserved = await reserveNextFolio(tx, e.enterpriseId, serie.id);
          // Hold the lock a moment, as the stamping transaction does while it writes the invoice.
          await new Promise((resolve) => setTimeout(resolve, 5));
          return reserved?.folio;
        }),
      ),
    );
    expect(new Set(folios).size).toBe(50);
    expect([...folios].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 50 }, (_, i) => 1000 + i),
    );
    const next = await reserveNextFolio(t.deps.db, e.enterpriseId, serie.id);
    expect(next?.folio).toBe(1050);
  });

  it('lets only one of two concurrent creations of the same serie win, the other gets the message', async () => {
    const e = await seedEnterprise(t.deps);
    const results = await Promise.allSettled(
      ['DUP', 'dup'].map((serie) =>
        createSerie(t.deps.db, e.enterpriseId, { kind: 'facturas-ingreso', serie, folio: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({
      dataError: {
        serie: [
          expect.stringMatching(/^Ya existe la serie (DUP|dup) para este tipo de comprobante$/),
        ],
      },
    });
  });
});
