import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const IMPORT_KINDS = ['clients', 'products-services'] as const;

/** One spreadsheet row's outcome: created, or rejected with the reasons in Spanish. */
export interface ImportReportRow {
  row: number;
  status: 'created' | 'rejected';
  /** The row's identifying text (client name and RFC, product description). */
  label: string;
  errors: string[];
}

/** The report of the last import of each kind (migration 0004). */
export const importReports = pgTable(
  'import_reports',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    file_name: text('file_name').notNull().default(''),
    created_count: integer('created_count').notNull(),
    rejected_count: integer('rejected_count').notNull(),
    rows: jsonb('rows').$type<ImportReportRow[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.kind] })],
);
