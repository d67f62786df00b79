import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed sign-ins per account (lower-cased e-mail) and client address (migration 0018). */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    last_failed_at: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);
