import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed logins keyed 'email:<address>' or 'ip:<address>', for rate limiting (migration 0002). */
export const loginFailures = pgTable('login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull(),
  failed_at: timestamp('failed_at', { withTimezone: true }).notNull(),
});
