import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptionPlans } from '../../db/schema/credit-purchases.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

const p = subscriptionPlans;

/** The plans on sale, cheapest first. */
export function listActivePlans(db: Db) {
  return db.select().from(p).where(eq(p.active, true)).orderBy(asc(p.price), asc(p.id));
}

export function listAllPlans(db: Db) {
  return db.select().from(p).orderBy(asc(p.price), asc(p.id));
}

export async function findPlan(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(p).where(eq(p.id, id));
  return row ?? null;
}

export function toPlanResponse(row: PlanRow) {
  return {
    id: row.id,
    name: row.name,
    credits: row.credits,
    gift_credits: row.gift_credits,
    price: row.price,
  };
}
