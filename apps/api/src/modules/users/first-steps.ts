import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { users } from '../../db/schema/users.ts';

export interface FirstSteps {
  client_created: boolean;
  product_service_created: boolean;
  sellos_digitales_created: boolean;
  invoice_created: boolean;
}

/**
 * Where each milestone's first row lives. Income invoices are the stamping migration's comprobantes of
 * tipo I (any status but rechazada: a saved pre-invoice counts as created); until that table exists
 * the check answers false.
 */
const MILESTONES: Record<keyof FirstSteps, { table: string; where: SQL | null }> = {
  client_created: { table: 'clients', where: null },
  product_service_created: { table: 'products_services', where: null },
  sellos_digitales_created: { table: 'sellos_fiscales', where: null },
  invoice_created: { table: 'comprobantes', where: sql`tipo = 'I' and status <> 'rechazada'` },
};

async function hasRow(
  db: Db,
  milestone: { table: string; where: SQL | null },
  enterpriseId: number,
): Promise<boolean> {
  const exists = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass(${milestone.table}) is not null as present`),
  )[0];
  if (!exists?.present) return false;
  const found = rowsOf<{ one: number }>(
    await db.execute(
      sql`select 1 as one from ${sql.identifier(milestone.table)} where enterprise_id = ${enterpriseId} ${milestone.where ? sql`and ${milestone.where}` : sql``} limit 1`,
    ),
  );
  return found.length > 0;
}

/**
 * The four first-steps flags of spec sections 3 and 4, from the enterprise's real data. When all four
 * are true the user's first_steps_completed is stored, once.
 */
export async function checkFirstSteps(
  db: Db,
  context: { userId: number; enterpriseId: number },
): Promise<FirstSteps> {
  const entries = await Promise.all(
    Object.entries(MILESTONES).map(
      async ([flag, m]) => [flag, await hasRow(db, m, context.enterpriseId)] as const,
    ),
  );
  const steps = Object.fromEntries(entries) as unknown as FirstSteps;
  if (Object.values(steps).every(Boolean)) {
    await db
      .update(users)
      .set({ first_steps_completed: true, updated_at: new Date() })
      .where(and(eq(users.id, context.userId), eq(users.first_steps_completed, false)));
  }
  return steps;
}
