import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The enterprise's clients, the receptores of its invoices (migration 0004). */
export const clients = pgTable(
  'clients',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    name_razon_social: text('name_razon_social').notNull(),
    rfc: text('rfc').notNull(),
    uso_cfdi: text('uso_cfdi').notNull(),
    regimen_fiscal: text('regimen_fiscal').notNull(),
    metodo_pago: text('metodo_pago', { enum: ['PUE', 'PPD'] }),
    forma_pago: text('forma_pago'),
    emails: text('emails').array().notNull().default([]),
    codigo_postal: text('codigo_postal').notNull().default(''),
    calle: text('calle').notNull().default(''),
    numero_exterior: text('numero_exterior').notNull().default(''),
    numero_interior: text('numero_interior').notNull().default(''),
    colonia: text('colonia').notNull().default(''),
    localidad: text('localidad').notNull().default(''),
    municipio: text('municipio').notNull().default(''),
    estado: text('estado').notNull().default(''),
    num_registro_identidad_fiscal: text('num_registro_identidad_fiscal'),
    pais: text('pais'),
    description: text('description').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
