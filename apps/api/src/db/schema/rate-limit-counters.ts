import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Hits of a rate-limited route (bucket) by one client (key) in the current window (migration 0018). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
