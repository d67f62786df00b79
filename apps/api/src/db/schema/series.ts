import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { KINDS_DE_SERIE } from '@repo/contracts/tipos-comprobante/registro';

/** One kind per registered document type (decision 012). */
export const SERIE_KINDS = KINDS_DE_SERIE;
export type SerieKind = (typeof SERIE_KINDS)[number];

/** Series and folios (migration 0003). */
export const series = pgTable(
  'series',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: SERIE_KINDS }).notNull(),
    serie: text('serie').notNull(),
    folio_inicial: integer('folio_inicial').notNull(),
    next_folio: integer('next_folio').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
