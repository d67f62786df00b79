import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only credits ledger: the balance is the sum of `credits`. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: ['welcome', 'purchase', 'spend', 'refund', 'adjustment'],
    }).notNull(),
    credits: integer('credits').notNull(),
    status: text('status', { enum: ['free', 'paid'] })
      .notNull()
      .default('paid'),
    reference: text('reference').notNull().default(''),
    /** Who appended the row when it was not the app itself (an operator), and why (migration 0014). */
    actor: text('actor').notNull().default(''),
    reason: text('reason').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
