import { AppError } from '../../http/errors.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import {
  enterpriseExists,
  findLedgerRowsByReference,
  insertLedgerRow,
  lockEnterprise,
  readBalance,
  spendOneCredit,
  type CreditStatus,
} from './credits.queries.ts';

/**
 * The credits ledger is append-only: a balance is the sum of its rows, kept as a running total in
 * credit_balances by a trigger on every ledger insert (migration 0013). A stamp reserves one credit
 * with a 'spend' row before the PAC is called (the credit is spent unless the PAC refuses); a refusal
 * appends a 'refund' row. Every write locks the enterprise's balance row first, so the balance never
 * goes below zero, whatever the concurrency (and a check constraint on the row refuses it anyway).
 */

export const CREDITOS_INSUFICIENTES =
  'Créditos insuficientes: no tiene créditos disponibles para timbrar. Compre un paquete de créditos e inténtelo de nuevo.';
const EMPRESA_NO_EXISTE = 'La empresa no existe.';

export async function getBalance(db: Db, enterpriseId: number): Promise<number> {
  return (await readBalance(db, enterpriseId)).total;
}

/** Adds credits (a purchase, welcome credits or a manual adjustment). */
export async function addCredits(
  db: Db,
  enterpriseId: number,
  input: {
    kind: 'welcome' | 'purchase' | 'adjustment';
    credits: number;
    status: CreditStatus;
    reference?: string;
  },
): Promise<{ balance: number }> {
  if (!Number.isInteger(input.credits) || input.credits === 0) {
    throw new Error('addCredits: credits must be a non-zero integer');
  }
  if (input.kind !== 'adjustment' && input.credits < 0) {
    throw new Error('addCredits: only an adjustment may remove credits');
  }
  return withTransaction(db, async (tx) => {
    if (!(await lockEnterprise(tx, enterpriseId))) {
      throw new AppError('NOT_FOUND', EMPRESA_NO_EXISTE);
    }
    const before = await readBalance(tx, enterpriseId, { lock: true });
    if (before.total + input.credits < 0) {
      throw new AppError('CONFLICT', 'El ajuste dejaría el saldo de créditos por debajo de cero.');
    }
    await insertLedgerRow(tx, enterpriseId, {
      kind: input.kind,
      credits: input.credits,
      status: input.status,
      reference: input.reference ?? '',
    });
    return { balance: before.total + input.credits };
  });
}

/**
 * Takes one credit for `reference` (e.g. 'comprobante:42') inside the caller's transaction, or
 * refuses with 'Créditos insuficientes' (HTTP 402). Free credits are used before paid ones. One
 * statement; the balance row stays locked until the caller commits, which serialises reservations
 * per enterprise.
 */
export async function reserveCredit(
  tx: Db,
  enterpriseId: number,
  reference: string,
): Promise<{ status: CreditStatus; balance: number }> {
  const spent = await spendOneCredit(tx, enterpriseId, reference);
  if (spent) return { status: spent.status, balance: spent.total };
  if (!(await enterpriseExists(tx, enterpriseId))) {
    throw new AppError('NOT_FOUND', EMPRESA_NO_EXISTE);
  }
  throw new AppError('PAYMENT_REQUIRED', CREDITOS_INSUFICIENTES, {
    persistent: true,
    showToClient: true,
  });
}

/**
 * Gives back the credit reserved for `reference` (the PAC refused the document). Idempotent: a
 * reference already refunded, or never charged, gets nothing more.
 */
export async function refundCredit(
  tx: Db,
  enterpriseId: number,
  reference: string,
): Promise<{ refunded: boolean }> {
  // The balance row serialises an enterprise's refunds (a reference is refunded at most once).
  await readBalance(tx, enterpriseId, { lock: true });
  const rows = await findLedgerRowsByReference(tx, enterpriseId, reference);
  const net = rows.reduce(
    (s, r) => s + (r.kind === 'spend' || r.kind === 'refund' ? r.credits : 0),
    0,
  );
  const spend = rows.find((r) => r.kind === 'spend');
  if (!spend || net >= 0) return { refunded: false };
  await insertLedgerRow(tx, enterpriseId, {
    kind: 'refund',
    credits: -net,
    status: spend.status,
    reference,
  });
  return { refunded: true };
}
