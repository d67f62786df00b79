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
import type { ComplementoPagoRequest } from '@repo/contracts/complementos-pago';
import { comprobantes } from './comprobantes.ts';

/** The form's data behind each payment comprobante (migration 0015_complementos_pago). */
export const complementosPago = pgTable(
  'complementos_pago',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    comprobante_id: integer('comprobante_id').notNull(),
    client_id: integer('client_id').notNull(),
    client_name: text('client_name').notNull().default(''),
    client_rfc: text('client_rfc').notNull().default(''),
    fecha_pago: text('fecha_pago').notNull(),
    forma_pago: text('forma_pago').notNull(),
    moneda_p: text('moneda_p').notNull(),
    tipo_cambio_p: text('tipo_cambio_p').notNull().default('1'),
    monto: numeric('monto', { precision: 24, scale: 6 }).notNull(),
    num_operacion: text('num_operacion').notNull().default(''),
    draft: jsonb('draft').$type<ComplementoPagoRequest>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.comprobante_id] }),
    foreignKey({
      columns: [t.enterprise_id, t.comprobante_id],
      foreignColumns: [comprobantes.enterprise_id, comprobantes.id],
    }).onDelete('cascade'),
  ],
);

/** What each payment applied to each invoice: its DoctoRelacionado (migration 0015). */
export const pagosDocumentos = pgTable(
  'pagos_documentos',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    comprobante_id: integer('comprobante_id').notNull(),
    factura_id: integer('factura_id').notNull(),
    num_parcialidad: integer('num_parcialidad').notNull(),
    moneda_dr: text('moneda_dr').notNull(),
    equivalencia_dr: text('equivalencia_dr').notNull().default('1'),
    imp_saldo_ant: numeric('imp_saldo_ant', { precision: 24, scale: 6 }).notNull(),
    imp_pagado: numeric('imp_pagado', { precision: 24, scale: 6 }).notNull(),
    imp_saldo_insoluto: numeric('imp_saldo_insoluto', { precision: 24, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.comprobante_id, t.factura_id] })],
);
