import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { EnterpriseSummary } from '@repo/contracts/enterprises';
import type { Db } from '../../db/client.ts';
import {
  emailVerificationTokens,
  type EmailTokenPurpose,
} from '../../db/schema/email-verification-tokens.ts';
import { enterpriseUsers, enterprises } from '../../db/schema/enterprises.ts';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens.ts';
import { revokedTokens } from '../../db/schema/revoked-tokens.ts';
import { users } from '../../db/schema/users.ts';

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  password_hash: users.password_hash,
  email_verified_at: users.email_verified_at,
  first_steps_completed: users.first_steps_completed,
};
export type UserRow = {
  id: number;
  email: string;
  name: string;
  phone: string;
  password_hash: string | null;
  email_verified_at: Date | null;
  first_steps_completed: boolean;
};

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** E-mails are unique case-insensitively (index users_email_unique on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { email: string; password_hash: string; name: string; phone: string },
): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insertUser returned no row');
  return row.id;
}

/**
 * Ends every session of the user opened before `now` (requireAuth refuses their tokens), except the
 * one with `keptJti`: the session that changed the password keeps working.
 */
export async function endSessionsBefore(
  db: Db,
  userId: number,
  now: Date,
  keptJti: string | null,
): Promise<void> {
  await db
    .update(users)
    .set({ sessions_valid_after: now, sessions_kept_jti: keptJti, updated_at: now })
    .where(eq(users.id, userId));
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<{
    email: string;
    name: string;
    phone: string;
    password_hash: string;
    email_verified_at: Date;
  }>,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updated_at: now })
    .where(eq(users.id, id));
}

/** The user's enterprises, oldest membership first: the first is the active one. */
export async function listUserEnterprises(
  db: Db,
  userId: number,
): Promise<(EnterpriseSummary & { setup_completed: boolean })[]> {
  const rows = await db
    .select({
      id: enterprises.id,
      rfc: enterprises.rfc,
      razon_social: enterprises.razon_social,
      nombre_comercial: enterprises.nombre_comercial,
      has_ppd_invoices: enterprises.has_ppd_invoices,
      setup_completed: enterprises.setup_completed,
      rol: enterpriseUsers.role,
      administradores_compran: enterprises.administradores_compran,
    })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterprise_id))
    .where(eq(enterpriseUsers.user_id, userId))
    .orderBy(asc(enterpriseUsers.created_at), asc(enterpriseUsers.enterprise_id));
  return rows.map(({ has_ppd_invoices, ...e }) => ({
    ...e,
    settings_v40: { has_ppd_invoices },
  }));
}

/** Revokes a token; false when it already was (a second refresh of the same token loses). */
export async function revokeToken(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(revokedTokens)
    .values({ jti, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return rows.length > 0;
}

// Password reset tokens

export async function insertPasswordResetToken(
  db: Db,
  values: { token_hash: string; user_id: number; expires_at: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findUsablePasswordResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ user_id: passwordResetTokens.user_id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.token_hash, tokenHash),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the token used in one statement, so two concurrent uses cannot both succeed. */
export async function consumePasswordResetToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(passwordResetTokens.token_hash, tokenHash),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, now),
      ),
    )
    .returning({ user_id: passwordResetTokens.user_id });
  return row?.user_id;
}

export async function voidPasswordResetTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used_at: now })
    .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
}

// E-mail verification tokens (registration links and personal e-mail codes)

export async function insertEmailToken(
  db: Db,
  values: {
    token_hash: string;
    user_id: number;
    purpose: EmailTokenPurpose;
    email: string;
    expires_at: Date;
  },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

/** Ends every pending token of that purpose: only the newest e-mailed one works. */
export async function voidEmailTokens(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailVerificationTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(emailVerificationTokens.user_id, userId),
        eq(emailVerificationTokens.purpose, purpose),
        isNull(emailVerificationTokens.used_at),
      ),
    );
}

/** Whether a token of that purpose was sent to `email` and is still unused (expired or not). */
export async function hasPendingEmailToken(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.user_id, userId),
        eq(emailVerificationTokens.purpose, purpose),
        eq(emailVerificationTokens.email, email),
        isNull(emailVerificationTokens.used_at),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Uses the token in one statement when it matches user, purpose and address and is still valid. */
export async function consumeEmailToken(
  db: Db,
  input: { tokenHash: string; userId: number; purpose: EmailTokenPurpose; email: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailVerificationTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(emailVerificationTokens.token_hash, input.tokenHash),
        eq(emailVerificationTokens.user_id, input.userId),
        eq(emailVerificationTokens.purpose, input.purpose),
        eq(emailVerificationTokens.email, input.email),
        isNull(emailVerificationTokens.used_at),
        gt(emailVerificationTokens.expires_at, now),
      ),
    )
    .returning({ token_hash: emailVerificationTokens.token_hash });
  return rows.length > 0;
}
