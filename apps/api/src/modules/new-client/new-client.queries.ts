import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { newClientTokens } from '../../db/schema/new-client-tokens.ts';
import { users } from '../../db/schema/users.ts';

export async function insertNewClientToken(
  db: Db,
  values: { token_hash: string; enterprise_id: number; user_id: number; expires_at: Date },
): Promise<void> {
  await db.insert(newClientTokens).values(values);
}

/** The holder of a live token whose enterprise has not completed its initial configuration. */
export async function findNewClientByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: newClientTokens.user_id,
      enterpriseId: newClientTokens.enterprise_id,
      email: users.email,
      name: users.name,
      emailVerified: users.email_verified_at,
    })
    .from(newClientTokens)
    .innerJoin(enterprises, eq(enterprises.id, newClientTokens.enterprise_id))
    .innerJoin(users, eq(users.id, newClientTokens.user_id))
    .where(
      and(
        eq(newClientTokens.token_hash, tokenHash),
        gt(newClientTokens.expires_at, now),
        eq(enterprises.setup_completed, false),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteNewClientTokens(db: Db, enterpriseId: number): Promise<void> {
  await db.delete(newClientTokens).where(eq(newClientTokens.enterprise_id, enterpriseId));
}
