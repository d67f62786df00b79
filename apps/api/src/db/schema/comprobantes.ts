import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SERIE_KINDS } from './series.ts';

export const COMPROBANTE_STATUSES = [
  'pre_factura',
  'sellada',
  'timbrada',
  'rechazada',
  'cancelada',
] as const;
export type ComprobanteStatus = (typeof COMPROBANTE_STATUSES)[number];

/** Every sealed or stamped document, of any type (migration 0010). */
export const comprobantes = pgTable(
  'comprobantes',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    tipo: text('tipo', { enum: ['I', 'E', 'P', 'T', 'N'] }).notNull(),
    serie_kind: text('serie_kind', { enum: SERIE_KINDS }),
    serie_id: integer('serie_id'),
    serie: text('serie').notNull().default(''),
    folio: integer('folio'),
    status: text('status', { enum: COMPROBANTE_STATUSES }).notNull(),
    estatus_cancelacion: text('estatus_cancelacion').notNull().default(''),
    fecha: text('fecha').notNull().default(''),
    rfc_emisor: text('rfc_emisor').notNull().default(''),
    rfc_receptor: text('rfc_receptor').notNull().default(''),
    total: text('total').notNull().default(''),
    xml_sellado: text('xml_sellado'),
    idempotency_key: text('idempotency_key'),
    xml_timbrado: text('xml_timbrado'),
    uuid: text('uuid'),
    fecha_timbrado: text('fecha_timbrado'),
    rechazo_codigo: text('rechazo_codigo').notNull().default(''),
    rechazo_mensaje: text('rechazo_mensaje').notNull().default(''),
    motivo_cancelacion: text('motivo_cancelacion').notNull().default(''),
    folio_sustitucion: text('folio_sustitucion').notNull().default(''),
    /** Resends by the recovery job (migration 0019). */
    reenvio_intentos: integer('reenvio_intentos').notNull().default(0),
    /** When the recovery job may resend this 'sellada' document next. */
    reenvio_siguiente: timestamp('reenvio_siguiente', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Stamped through the sandbox PAC because a test API key asked (migration 0050). */
    pruebas: boolean('pruebas').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);

/** The raw answer of every PAC call for a comprobante (migration 0010). */
export const comprobantePacCalls = pgTable(
  'comprobante_pac_calls',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    comprobante_id: integer('comprobante_id').notNull(),
    operation: text('operation', { enum: ['timbrar', 'cancelar', 'consultar'] }).notNull(),
    outcome: text('outcome').notNull(),
    code: text('code').notNull().default(''),
    message: text('message').notNull().default(''),
    raw: text('raw').notNull().default(''),
    duration_ms: integer('duration_ms').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);

/** The sandbox PAC's stamps when it runs inside the API (migration 0010). */
export const sandboxPacTimbres = pgTable('sandbox_pac_timbres', {
  hash: text('hash').primaryKey(),
  uuid: text('uuid').notNull().unique(),
  bloquea: text('bloquea').array().notNull().default([]),
  idempotency_keys: text('idempotency_keys').array().notNull().default([]),
  data: jsonb('data').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
