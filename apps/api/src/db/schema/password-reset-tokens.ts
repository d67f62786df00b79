import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Single-use password reset links (migration 0002). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  token_hash: text('token_hash').primaryKey(),
  user_id: integer('user_id').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
