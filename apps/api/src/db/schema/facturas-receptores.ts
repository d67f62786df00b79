import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The distinct receivers (client, name and RFC as invoiced) of an enterprise's income invoices and
 * pre-invoices, with how many invoice rows hold each, kept by triggers (migration
 * 0027_facturas_receptores): the invoice list's search by name or RFC looks here first.
 */
export const facturasReceptores = pgTable(
  'facturas_receptores',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    client_id: integer('client_id').notNull(),
    client_name: text('client_name').notNull(),
    client_rfc: text('client_rfc').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.client_id, t.client_name, t.client_rfc] })],
);
