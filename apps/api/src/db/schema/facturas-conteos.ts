import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many income invoices and pre-invoices an enterprise has by day of the CFDI Fecha, status,
 * método de pago and serie (upper case), kept by triggers (migration 0023_facturas_conteos): the
 * invoice list's exact totals without counting every invoice.
 */
export const facturasConteos = pgTable(
  'facturas_conteos',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    dia: text('dia').notNull(),
    status: text('status').notNull(),
    metodo_pago: text('metodo_pago').notNull(),
    serie: text('serie').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.dia, t.status, t.metodo_pago, t.serie] })],
);
