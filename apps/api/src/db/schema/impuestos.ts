import {
  boolean,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const IMPUESTO_TIPOS = ['trasladado', 'retenido'] as const;
export type ImpuestoTipo = (typeof IMPUESTO_TIPOS)[number];
export const TAX_TYPES = ['IVA', 'IEPS', 'ISR'] as const;
export const TIPOS_FACTOR = ['Tasa', 'Cuota', 'Exento'] as const;

/** The enterprise's federal taxes (migration 0003); value is the SAT TasaOCuota, null for Exento. */
export const impuestos = pgTable(
  'impuestos',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    tipo: text('tipo', { enum: IMPUESTO_TIPOS }).notNull(),
    tax_type: text('tax_type', { enum: TAX_TYPES }).notNull(),
    tipo_factor: text('tipo_factor', { enum: TIPOS_FACTOR }).notNull(),
    value: numeric('value', { precision: 12, scale: 6 }),
    additional_description: text('additional_description').notNull().default(''),
    status: boolean('status').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
