import {
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rubrosImpuestos } from './rubros-impuestos.ts';

/** The enterprise's products and services, the conceptos of its invoices (migration 0004). */
export const productsServices = pgTable(
  'products_services',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    product_service_key: text('product_service_key').notNull(),
    product_service_name: text('product_service_name').notNull(),
    product_service_similar_words: text('product_service_similar_words').notNull().default(''),
    unit_key: text('unit_key').notNull(),
    unit_name: text('unit_name').notNull(),
    unit_symbol: text('unit_symbol').notNull().default(''),
    /** Decimal string with up to 6 decimals (numeric, never a float). */
    unity_price: numeric('unity_price', { precision: 24, scale: 6 }).notNull(),
    internal_code: text('internal_code'),
    description: text('description').notNull(),
    rubro_impuesto_id: integer('rubro_impuesto_id').notNull(),
    cuentas_predial: text('cuentas_predial').array().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.id] }),
    foreignKey({
      columns: [t.enterprise_id, t.rubro_impuesto_id],
      foreignColumns: [rubrosImpuestos.enterprise_id, rubrosImpuestos.id],
    }).onDelete('restrict'),
  ],
);
