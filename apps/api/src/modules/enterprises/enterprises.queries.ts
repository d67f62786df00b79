import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { userCreditPayments } from '../../db/schema/credit-purchases.ts';
import { enterpriseUsers, enterprises } from '../../db/schema/enterprises.ts';

/** Whether an enterprise other than `exceptId` already has this RFC. */
export async function isRfcTaken(db: Db, rfc: string, exceptId: number | null = null) {
  const [row] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(
      exceptId === null
        ? eq(enterprises.rfc, rfc)
        : and(eq(enterprises.rfc, rfc), ne(enterprises.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** A new enterprise whose initial configuration is still to be done, with its first member. */
export async function insertEnterpriseForUser(
  db: Db,
  userId: number,
  values: { rfc: string },
): Promise<number> {
  const [row] = await db
    .insert(enterprises)
    .values({ rfc: values.rfc, setup_completed: false })
    .returning({ id: enterprises.id });
  if (!row) throw new Error('insertEnterpriseForUser returned no row');
  await db
    .insert(enterpriseUsers)
    .values({ enterprise_id: row.id, user_id: userId, role: 'propietario' });
  return row.id;
}

export async function findEnterpriseBasics(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({
      id: enterprises.id,
      rfc: enterprises.rfc,
      razon_social: enterprises.razon_social,
      nombre_comercial: enterprises.nombre_comercial,
      setup_completed: enterprises.setup_completed,
    })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId))
    .limit(1);
  return row;
}

export async function setSetupCompleted(db: Db, enterpriseId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(enterprises)
    .set({ setup_completed: true, updated_at: now })
    .where(eq(enterprises.id, enterpriseId))
    .returning({ id: enterprises.id });
  return rows.length > 0;
}

/**
 * Appends free credits to the ledger (never updated or deleted), and the 'free' order that shows
 * them in the enterprise's purchase list (/mis-compras-de-creditos).
 */
export async function grantFreeCredits(
  db: Db,
  enterpriseId: number,
  input: { kind: 'welcome'; credits: number; reference: string },
): Promise<void> {
  await db.insert(creditLedger).values({
    enterprise_id: enterpriseId,
    kind: input.kind,
    credits: input.credits,
    status: 'free',
    reference: input.reference,
  });
  await db.insert(userCreditPayments).values({
    enterprise_id: enterpriseId,
    subscription_plan_name: 'Créditos de bienvenida',
    subscription_plan_amount: input.credits,
    status: 'free',
    credits_granted: input.credits,
    reason: input.reference,
  });
}
