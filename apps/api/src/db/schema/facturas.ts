import {
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { FacturaDraft } from '@repo/contracts/facturas';
import { clients } from './clients.ts';
import { comprobantes } from './comprobantes.ts';

/** The draft behind each income invoice or pre-invoice (migration 0011_facturas). */
export const facturasIngreso = pgTable(
  'facturas_ingreso',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    comprobante_id: integer('comprobante_id').notNull(),
    client_id: integer('client_id').notNull(),
    client_name: text('client_name').notNull().default(''),
    client_rfc: text('client_rfc').notNull().default(''),
    metodo_pago: text('metodo_pago', { enum: ['PUE', 'PPD'] }).notNull(),
    moneda: text('moneda').notNull().default('MXN'),
    tipo_cambio: numeric('tipo_cambio', { precision: 24, scale: 6 }),
    product_service_ids: integer('product_service_ids').array().notNull().default([]),
    draft: jsonb('draft').$type<FacturaDraft>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.comprobante_id] }),
    foreignKey({
      columns: [t.enterprise_id, t.comprobante_id],
      foreignColumns: [comprobantes.enterprise_id, comprobantes.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.enterprise_id, t.client_id],
      foreignColumns: [clients.enterprise_id, clients.id],
    }),
  ],
);
