import { integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { RolInvitado } from '@repo/contracts/equipo';

/** Invitations to an enterprise (issue 27; migration 0040). */
export const invitaciones = pgTable(
  'invitaciones',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    role: text('role').$type<RolInvitado>().notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    accepted_by: integer('accepted_by'),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.enterprise_id, t.id] }),
    unique('invitaciones_enterprise_id_token_hash_key').on(t.enterprise_id, t.token_hash),
  ],
);
