import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Questions sent through the help-center form (migration 0002). */
export const helpCenterQuestions = pgTable(
  'help_center_questions',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull(),
    question: text('question').notNull(),
    question_details: text('question_details').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
