import {
  date,
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { FacturaGlobalDraft } from '@repo/contracts/facturas-globales';
import { comprobantes } from './comprobantes.ts';

/** The draft behind each global invoice, saved or stamped (migration 0017_facturas_globales). */
export const facturasGlobales = pgTable(
  'facturas_globales',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    comprobante_id: integer('comprobante_id').notNull(),
    anio: integer('anio').notNull(),
    mes: integer('mes').notNull(),
    periodicidad: text('periodicidad', { enum: ['01', '02', '03', '04', '05'] }).notNull(),
    meses: text('meses').notNull(),
    mes_inicio: integer('mes_inicio').notNull(),
    mes_fin: integer('mes_fin').notNull(),
    /** First and last day of the period (migration 0036): a day, week, fortnight, month or bimester. */
    fecha_inicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fecha_fin: date('fecha_fin', { mode: 'string' }).notNull(),
    forma_pago: text('forma_pago').notNull(),
    serie_id: integer('serie_id').notNull(),
    ventas: integer('ventas').notNull(),
    subtotal: numeric('subtotal', { precision: 24, scale: 2 }).notNull(),
    descuento: numeric('descuento', { precision: 24, scale: 2 }).notNull().default('0'),
    impuestos: numeric('impuestos', { precision: 24, scale: 2 }).notNull(),
    total: numeric('total', { precision: 24, scale: 2 }).notNull(),
    /** Kept by triggers from the comprobante's status: guardada, emitida, inactiva. */
    estado: text('estado', { enum: ['guardada', 'emitida', 'inactiva'] })
      .notNull()
      .default('guardada'),
    draft: jsonb('draft').$type<FacturaGlobalDraft>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.comprobante_id] }),
    foreignKey({
      columns: [t.enterprise_id, t.comprobante_id],
      foreignColumns: [comprobantes.enterprise_id, comprobantes.id],
    }).onDelete('cascade'),
  ],
);
