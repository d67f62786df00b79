import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The token leading a registered user to the initial configuration (migration 0002). */
export const newClientTokens = pgTable('new_client_tokens', {
  token_hash: text('token_hash').primaryKey(),
  enterprise_id: integer('enterprise_id').notNull(),
  user_id: integer('user_id').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
