import type { Rol } from '@repo/contracts/equipo';
import {
  boolean,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const enterprises = pgTable('enterprises', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  rfc: text('rfc').notNull().default(''),
  razon_social: text('razon_social').notNull().default(''),
  nombre_comercial: text('nombre_comercial').notNull().default(''),
  regimen_fiscal: text('regimen_fiscal').notNull().default(''),
  codigo_postal: text('codigo_postal').notNull().default(''),
  estado: text('estado').notNull().default(''),
  ciudad: text('ciudad').notNull().default(''),
  municipio: text('municipio').notNull().default(''),
  colonia: text('colonia').notNull().default(''),
  calle: text('calle').notNull().default(''),
  numero_exterior: text('numero_exterior').notNull().default(''),
  numero_interior: text('numero_interior').notNull().default(''),
  logo: bytea('logo'),
  logo_mime: text('logo_mime'),
  has_ppd_invoices: boolean('has_ppd_invoices').notNull().default(false),
  setup_completed: boolean('setup_completed').notNull().default(false),
  /** Whether administrators may buy credits: the owner's switch (issue 27; migration 0049). */
  administradores_compran: boolean('administradores_compran').notNull().default(true),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const enterpriseUsers = pgTable(
  'enterprise_users',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    user_id: integer('user_id').notNull(),
    /** The member's role (issue 27; migration 0039): no default, every insert names it. */
    role: text('role').$type<Rol>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.user_id] })],
);
