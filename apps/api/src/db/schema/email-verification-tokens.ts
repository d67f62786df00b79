import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const EMAIL_TOKEN_PURPOSES = ['registration', 'personal_email'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** Single-use tokens e-mailed to the address being verified (migration 0002). */
export const emailVerificationTokens = pgTable('email_verification_tokens', {
  token_hash: text('token_hash').primaryKey(),
  user_id: integer('user_id').notNull(),
  purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
  email: text('email').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
