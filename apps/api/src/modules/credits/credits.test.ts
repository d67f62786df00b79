import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findLedgerRowsByReference } from './credits.queries.ts';
import {
  CREDITOS_INSUFICIENTES,
  addCredits,
  getBalance,
  refundCredit,
  reserveCredit,
} from './credits.service.ts';

describe('credits ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the welcome credits of the seed and adds purchases', async () => {
    const e = await seedEnterprise(t.deps, { credits: 3 });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(3);
    const r = await addCredits(t.deps.db, e.enterpriseId, {
      kind: 'purchase',
      credits: 50,
      status: 'paid',
      reference: 'orden-1',
    });
    expect(r.balance).toBe(53);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(53);
  });

  it('spends free credits first, then paid ones, and refuses at zero with the Spanish message', async () => {
    const e = await seedEnterprise(t.deps, { credits: 1 });
    await addCredits(t.deps.db, e.enterpriseId, { kind: 'purchase', credits: 1, status: 'paid' });
    const first = await withTransaction(t.deps.db, (tx) =>
      reserveCredit(tx, e.enterpriseId, 'comprobante:1'),
    );
    const second = await withTransaction(t.deps.db, (tx) =>
      reserveCredit(tx, e.enterpriseId, 'comprobante:2'),
    );
    expect([first.status, second.status]).toEqual(['free', 'paid']);
    expect(second.balance).toBe(0);
    const refusal = await withTransaction(t.deps.db, (tx) =>
      reserveCredit(tx, e.enterpriseId, 'comprobante:3'),
    ).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(402);
    expect((refusal as AppError).dataError).toBe(CREDITOS_INSUFICIENTES);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('a rolled-back reservation leaves the balance untouched', async () => {
    const e = await seedEnterprise(t.deps, { credits: 2 });
    await expect(
      withTransaction(t.deps.db, async (tx) => {
        await reserveCredit(tx, e.enterpriseId, 'comprobante:9');
        throw new Error('the stamp failed before commit');
      }),
    ).rejects.toThrow('the stamp failed before commit');
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
  });

  it('refunds a reservation once, with the status of the spent credit, and appends rows only', async () => {
    const e = await seedEnterprise(t.deps, { credits: 1 });
    await withTransaction(t.deps.db, (tx) => reserveCredit(tx, e.enterpriseId, 'comprobante:7'));
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    const once = await withTransaction(t.deps.db, (tx) =>
      refundCredit(tx, e.enterpriseId, 'comprobante:7'),
    );
    const twice = await withTransaction(t.deps.db, (tx) =>
      refundCredit(tx, e.enterpriseId, 'comprobante:7'),
    );
    const never = await withTransaction(t.deps.db, (tx) =>
      refundCredit(tx, e.enterpriseId, 'comprobante:8'),
    );
    expect([once.refunded, twice.refunded, never.refunded]).toEqual([true, false, false]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    const rows = await findLedgerRowsByReference(t.deps.db, e.enterpriseId, 'comprobante:7');
    expect(rows.map((r) => [r.kind, r.credits, r.status])).toEqual([
      ['spend', -1, 'free'],
      ['refund', 1, 'free'],
    ]);
  });

  it('refuses an adjustment that would take the balance below zero', async () => {
    const e = await seedEnterprise(t.deps, { credits: 2 });
    const err = await addCredits(t.deps.db, e.enterpriseId, {
      kind: 'adjustment',
      credits: -3,
      status: 'paid',
    }).catch((x: unknown) => x);
    expect((err as AppError).status).toBe(409);
    await addCredits(t.deps.db, e.enterpriseId, {
      kind: 'adjustment',
      credits: -2,
      status: 'paid',
    });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
  });

  it('keeps the running balance equal to the ledger, whoever appends a row', async () => {
    const e = await seedEnterprise(t.deps, { credits: 2 });
    await t.deps.db.insert(creditLedger).values({
      enterprise_id: e.enterpriseId,
      kind: 'purchase',
      credits: 5,
      status: 'paid',
      reference: 'directo',
    });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(7);
    const [suma] = await t.deps.db
      .select({ total: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.enterprise_id, e.enterpriseId));
    expect(Number(suma?.total)).toBe(7);
    // a row that would take it below zero is refused by the database itself
    await expect(
      t.deps.db.insert(creditLedger).values({
        enterprise_id: e.enterpriseId,
        kind: 'adjustment',
        credits: -8,
        status: 'paid',
      }),
    ).rejects.toThrow();
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(7);
  });
});
