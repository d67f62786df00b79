import {
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { IMPUESTO_TIPOS, impuestos } from './impuestos.ts';

/** Tax groups (migration 0003); products reference (enterprise_id, id). */
export const rubrosImpuestos = pgTable(
  'rubros_impuestos',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    objeto_impuesto_key: text('objeto_impuesto_key', { enum: ['01', '02'] }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);

/** The federal taxes selected in a group. */
export const rubrosImpuestosImpuestos = pgTable(
  'rubros_impuestos_impuestos',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    rubro_impuesto_id: integer('rubro_impuesto_id').notNull(),
    impuesto_id: integer('impuesto_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.rubro_impuesto_id, t.impuesto_id] }),
    foreignKey({
      columns: [t.enterprise_id, t.rubro_impuesto_id],
      foreignColumns: [rubrosImpuestos.enterprise_id, rubrosImpuestos.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.enterprise_id, t.impuesto_id],
      foreignColumns: [impuestos.enterprise_id, impuestos.id],
    }).onDelete('cascade'),
  ],
);

/** The local (state) taxes selected in a group, with the name and rate as selected. */
export const rubrosImpuestosLocales = pgTable(
  'rubros_impuestos_locales',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    rubro_impuesto_id: integer('rubro_impuesto_id').notNull(),
    tipo: text('tipo', { enum: IMPUESTO_TIPOS }).notNull(),
    local_tax_id: text('local_tax_id').notNull(),
    estado_key: text('estado_key').notNull(),
    impuesto: text('impuesto').notNull(),
    tasa: numeric('tasa', { precision: 7, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.rubro_impuesto_id, t.tipo, t.local_tax_id] }),
    foreignKey({
      columns: [t.enterprise_id, t.rubro_impuesto_id],
      foreignColumns: [rubrosImpuestos.enterprise_id, rubrosImpuestos.id],
    }).onDelete('cascade'),
  ],
);
