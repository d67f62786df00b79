import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../metrics/metrics.ts';
import { fromPostgres, type Database } from './client.ts';
import { withTransaction } from './transaction.ts';

// db_statements_total (/metrics): every statement a process sends to PostgreSQL is one round trip,
// the figure bench/http divides by the requests to say what a request costs the database.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements sent to PostgreSQL', () => {
  let database: Database;
  beforeAll(() => {
    database = fromPostgres(url!, 2);
  });
  afterAll(() => database.close());

  it('counts each statement, a transaction with its BEGIN and COMMIT, and shows them in /metrics', async () => {
    const before = database.statements!();
    await database.db.execute(sql`select 1`);
    expect(database.statements!() - before).toBe(1);
    await withTransaction(database.db, async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    expect(database.statements!() - before).toBe(5);
    const text = await createMetrics({ database, now: () => new Date() }).text();
    const line = text.split('\n').find((l) => l.startsWith('db_statements_total '));
    // The scrape's own gauges read the queues: at least the five above.
    expect(Number(line?.split(' ')[1])).toBeGreaterThanOrEqual(before + 5);
  });
});
