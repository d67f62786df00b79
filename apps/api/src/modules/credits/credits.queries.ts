import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { enterprises } from '../../db/schema/enterprises.ts';

export type CreditKind = (typeof creditLedger.kind.enumValues)[number];
export type CreditStatus = (typeof creditLedger.status.enumValues)[number];

/**
 * The running balance (credit_balances, migration 0013: kept by a trigger on every ledger insert),
 * optionally locked until the transaction ends. Zero when the enterprise never had a ledger row.
 */
export async function readBalance(
  db: Db,
  enterpriseId: number,
  opts: { lock?: boolean } = {},
): Promise<{ total: number; free: number }> {
  const rows = rowsOf<{ total: number; free: number }>(
    await db.execute(
      opts.lock
        ? sql`select total, free from credit_balances where enterprise_id = ${enterpriseId} for update`
        : sql`select total, free from credit_balances where enterprise_id = ${enterpriseId}`,
    ),
  );
  const row = rows[0];
  return { total: Number(row?.total ?? 0), free: Number(row?.free ?? 0) };
}

/**
 * Takes one credit for `reference` in ONE statement: the balance row is locked (a concurrent
 * reservation waits, then re-reads it) and a 'spend' row of the free part first, else paid, is
 * appended when the total is at least 1; the trigger moves the balance. Null when there was none.
 */
export async function spendOneCredit(
  tx: Db,
  enterpriseId: number,
  reference: string,
): Promise<{ status: CreditStatus; total: number } | null> {
  const rows = rowsOf<{ status: CreditStatus; total: number }>(
    await tx.execute(sql`
      with b as (
        select enterprise_id, total, free from credit_balances
         where enterprise_id = ${enterpriseId} and total >= 1
           for update
      ), spend as (
        insert into credit_ledger (enterprise_id, kind, credits, status, reference)
        select enterprise_id, 'spend', -1, case when free > 0 then 'free' else 'paid' end, ${reference}
          from b
        returning status
      )
      select spend.status, b.total - 1 as total from spend, b`),
  );
  const row = rows[0];
  return row ? { status: row.status, total: Number(row.total) } : null;
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
  values: {
    kind: CreditKind;
    credits: number;
    status: CreditStatus;
    reference: string;
    /** An operator's change: who made it and why (spendings history and audits read them). */
    actor?: string;
    reason?: string;
  },
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

export async function enterpriseExists(db: Db, enterpriseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return rows.length > 0;
}
