import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { sellosFiscales } from '../../db/schema/sellos-fiscales.ts';

/** The current seal's public data: no key, no password. */
export async function findCurrentSellos(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({
      certificated_number: sellosFiscales.certificated_number,
      rfc: sellosFiscales.rfc,
      initial_date: sellosFiscales.initial_date,
      expiration_date: sellosFiscales.expiration_date,
      original_cer_file_name: sellosFiscales.original_cer_file_name,
      original_key_file_name: sellosFiscales.original_key_file_name,
    })
    .from(sellosFiscales)
    .where(eq(sellosFiscales.enterprise_id, enterpriseId))
    .orderBy(desc(sellosFiscales.id))
    .limit(1);
  return row ?? null;
}

/** The current seal with its encrypted key and password, for signing only. */
export async function findCurrentSellosSecret(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({
      cer_der: sellosFiscales.cer_der,
      key_encrypted: sellosFiscales.key_encrypted,
      password_encrypted: sellosFiscales.password_encrypted,
    })
    .from(sellosFiscales)
    .where(eq(sellosFiscales.enterprise_id, enterpriseId))
    .orderBy(desc(sellosFiscales.id))
    .limit(1);
  return row ?? null;
}

export async function insertSellos(
  db: Db,
  enterpriseId: number,
  values: Omit<typeof sellosFiscales.$inferInsert, 'enterprise_id' | 'id' | 'created_at'>,
): Promise<void> {
  await db.insert(sellosFiscales).values({ ...values, enterprise_id: enterpriseId });
}

export async function findEnterpriseRfc(db: Db, enterpriseId: number): Promise<string | null> {
  const [row] = await db
    .select({ rfc: enterprises.rfc })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row?.rfc ?? null;
}
