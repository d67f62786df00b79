import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Access tokens ended by logout or refresh before their expiry. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
