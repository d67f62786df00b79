import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { enterprises } from '../../db/schema/enterprises.ts';

export type CreditKind = (typeof creditLedger.kind.enumValues)[number];
export type CreditStatus = (typeof creditLedger.status.enumValues)[number];

/** Total credits and the part that came free (welcome credits), as sums of the ledger. */
export async function sumCredits(
  db: Db,
  enterpriseId: number,
): Promise<{ total: number; free: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int`,
      free: sql<number>`coalesce(sum(${creditLedger.credits}) filter (where ${creditLedger.status} = 'free'), 0)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.enterprise_id, enterpriseId));
  return { total: Number(row?.total ?? 0), free: Number(row?.free ?? 0) };
}

/**
 * Locks the enterprise row until the transaction ends: every change to an enterprise's balance takes
 * this lock first, so two concurrent reservations cannot both see the last credit.
 */
export async function lockEnterprise(tx: Db, enterpriseId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId))
    .for('update');
  return rows.length > 0;
}

export async function insertLedgerRow(
  db: Db,
  enterpriseId: number,
  values: { kind: CreditKind; credits: number; status: CreditStatus; reference: string },
) {
  const [row] = await db
    .insert(creditLedger)
    .values({ enterprise_id: enterpriseId, ...values })
    .returning({
      id: creditLedger.id,
      kind: creditLedger.kind,
      credits: creditLedger.credits,
      status: creditLedger.status,
      reference: creditLedger.reference,
    });
  if (!row) throw new Error('insertLedgerRow returned no row');
  return row;
}

/** The ledger rows with one reference (a comprobante's spend and refund), oldest first. */
export function findLedgerRowsByReference(db: Db, enterpriseId: number, reference: string) {
  return db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      credits: creditLedger.credits,
      status: creditLedger.status,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.enterprise_id, enterpriseId), eq(creditLedger.reference, reference)))
    .orderBy(creditLedger.id);
}
