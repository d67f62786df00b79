import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  password_hash: text('password_hash'),
  name: text('name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
  first_steps_completed: boolean('first_steps_completed').notNull().default(false),
  // Access tokens issued before this instant stop working, but for sessions_kept_jti (0011).
  sessions_valid_after: timestamp('sessions_valid_after', { withTimezone: true }),
  sessions_kept_jti: text('sessions_kept_jti'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
