import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { CLAVES_COMPROBANTE } from '@repo/contracts/tipos-comprobante/registro';

/** Every e-mail sending of a comprobante (migration 0012). */
export const comprobanteEnviosEmail = pgTable(
  'comprobante_envios_email',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    comprobante_id: integer('comprobante_id').notNull(),
    emails: text('emails').array().notNull(),
    comprobante_type: text('comprobante_type', {
      enum: CLAVES_COMPROBANTE,
    }).notNull(),
    sent_by_user_id: integer('sent_by_user_id'),
    outcome: text('outcome', { enum: ['enviado', 'fallido'] }).notNull(),
    error_message: text('error_message').notNull().default(''),
    message_id: text('message_id').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);

/** Public links to one comprobante; only the token's SHA-256 is kept (migration 0012). */
export const comprobanteShareLinks = pgTable(
  'comprobante_share_links',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    comprobante_id: integer('comprobante_id').notNull(),
    token_hash: text('token_hash').notNull(),
    share_method: text('share_method', { enum: ['link', 'whatsapp', 'email'] }).notNull(),
    shared_by_user_id: integer('shared_by_user_id'),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    last_viewed_at: timestamp('last_viewed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the user revokes the link (migration 0016); a revoked link opens nothing. */
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
