import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// PGlite answers bytea as Uint8Array, node-postgres as Buffer: always hand out a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Digital seals (migration 0003): the newest row is current; key and password are AES-256-GCM. */
export const sellosFiscales = pgTable(
  'sellos_fiscales',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    cer_der: bytea('cer_der').notNull(),
    key_encrypted: bytea('key_encrypted').notNull(),
    password_encrypted: bytea('password_encrypted').notNull(),
    certificated_number: text('certificated_number').notNull(),
    rfc: text('rfc').notNull(),
    initial_date: timestamp('initial_date', { withTimezone: true }).notNull(),
    expiration_date: timestamp('expiration_date', { withTimezone: true }).notNull(),
    original_cer_file_name: text('original_cer_file_name').notNull(),
    original_key_file_name: text('original_key_file_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);
