import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { loginFailures } from '../../db/schema/login-failures.ts';
import { loginThrottle } from '../../db/schema/login-throttle.ts';

// Sign-in throttling, in the database so every API process shares it (migration 0018).
//  - Per account and client address: the first LOGIN_FREE_FAILURES wrong passwords in a row cost
//    nothing; each later one makes that address wait before trying that account again, 1 minute
//    doubling up to LOGIN_MAX_DELAY_MS. The owner signing in from another address is not slowed.
//  - Per address, whatever the account: LOGIN_MAX_FAILURES_PER_IP failures in LOGIN_IP_WINDOW_MS.

export const LOGIN_FREE_FAILURES = 4;
export const LOGIN_FIRST_DELAY_MS = 60 * 1000;
export const LOGIN_MAX_DELAY_MS = 60 * 60 * 1000;
/** A run of failures older than this is forgotten (the next failure counts as the first). */
export const LOGIN_FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;
export const LOGIN_IP_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_IP = 20;

/** How long an address waits after its `failures`-th wrong password in a row for one account. */
export function loginDelayMs(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  return Math.min(
    LOGIN_FIRST_DELAY_MS * 2 ** (failures - LOGIN_FREE_FAILURES - 1),
    LOGIN_MAX_DELAY_MS,
  );
}

const ipKey = (address: string) => `ip:${address}`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Milliseconds this address must still wait before trying this account; 0 when it may try now. */
export async function loginWaitMs(
  db: Db,
  account: string,
  address: string,
  now: Date,
): Promise<number> {
  const [pair] = await db
    .select({ failures: loginThrottle.failures, last: loginThrottle.last_failed_at })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.account, account), eq(loginThrottle.address, address)));
  let until = 0;
  if (pair && now.getTime() - pair.last.getTime() < LOGIN_FAILURES_FORGOTTEN_AFTER_MS) {
    until = pair.last.getTime() + loginDelayMs(pair.failures);
  }
  const [ip] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | Date | null>`min(failed_at)` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, ipKey(address)),
        gte(loginFailures.failed_at, new Date(now.getTime() - LOGIN_IP_WINDOW_MS)),
      ),
    );
  if (ip && Number(ip.n) >= LOGIN_MAX_FAILURES_PER_IP && ip.oldest !== null) {
    until = Math.max(until, new Date(ip.oldest).getTime() + LOGIN_IP_WINDOW_MS);
  }
  return Math.max(0, until - now.getTime());
}

/**
 * One sign-in attempt of the account from the address, claimed before its password is checked: when
 * the address must wait, answers the milliseconds (nothing is counted); else the attempt is counted
 * as a failure at once and answered with the id of its per-address row, which `clearLoginFailures`
 * removes when the password is right. The claims of one address are taken one at a time (an
 * advisory lock on the address, in every API process), so simultaneous wrong passwords cannot all
 * pass the check before any of them is counted: at most LOGIN_FREE_FAILURES + 1 are checked at once.
 */
export function claimLoginAttempt(
  db: Db,
  account: string,
  address: string,
  now: Date,
): Promise<{ waitMs: number } | { failureId: number }> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ipKey(address)}))`);
    const waitMs = await loginWaitMs(tx, account, address, now);
    if (waitMs > 0) return { waitMs };
    return { failureId: await recordLoginFailure(tx, account, address, now) };
  });
}

/** Counts a wrong password for the account from the address (and for the address alone). */
async function recordLoginFailure(db: Db, account: string, address: string, now: Date) {
  const forgotten = new Date(now.getTime() - LOGIN_FAILURES_FORGOTTEN_AFTER_MS);
  await db
    .insert(loginThrottle)
    .values({ account, address, failures: 1, last_failed_at: now })
    .onConflictDoUpdate({
      target: [loginThrottle.account, loginThrottle.address],
      set: {
        failures: sql`case when ${loginThrottle.last_failed_at} < ${at(forgotten)} then 1 else ${loginThrottle.failures} + 1 end`,
        last_failed_at: now,
      },
    });
  const [row] = await db
    .insert(loginFailures)
    .values({ key: ipKey(address), failed_at: now })
    .returning({ id: loginFailures.id });
  // Both tables stay small: a day after the last look any rule takes at a row, it goes (a day,
  // not the 15 minutes of the per-address window, so processes with skewed clocks keep each
  // other's rows).
  await db.delete(loginFailures).where(lt(loginFailures.failed_at, forgotten));
  await db.delete(loginThrottle).where(lt(loginThrottle.last_failed_at, forgotten));
  if (!row) throw new Error('login_failures: insert returned no row');
  return row.id;
}

/**
 * A right password from the address ends its run of failures for the account, and its claimed
 * attempt (`claimLoginAttempt`) is not a failure of the address.
 */
export async function clearLoginFailures(
  db: Db,
  account: string,
  address: string,
  failureId: number,
) {
  await db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.account, account), eq(loginThrottle.address, address)));
  await db.delete(loginFailures).where(eq(loginFailures.id, failureId));
}

/** A password reset proves ownership: every address may try the account again at once. */
export async function clearAccountLoginFailures(db: Db, account: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.account, account));
}
