import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { loginFailures } from '../../db/schema/login-failures.ts';
import { loginThrottle } from '../../db/schema/login-throttle.ts';

// Sign-in throttling, in the database so every API process shares it (migration 0018), as OWASP
// ASVS 2.2.1 asks: guessing is slowed per account and per address, yet a right password from a
// device the account signed in from before still signs in (known-device.ts).
//  - Per account, from any client that is not one of its known devices: the first
//    LOGIN_FREE_FAILURES wrong passwords in a row cost nothing; each later one makes every such
//    client wait before trying the account again, 1 minute doubling up to LOGIN_MAX_DELAY_MS (at
//    most about 10 guesses an hour, however many addresses the guesser has).
//  - Per known device of an account: the same, counted for that device alone; failures elsewhere
//    never slow it down.
//  - Per address, whatever the account, for clients that are not a known device of the account they
//    try: LOGIN_MAX_FAILURES_PER_IP failures (config.ts, 100 unless told) in LOGIN_IP_WINDOW_MS,
//    high enough for an office behind one address (NAT) where people mistype their passwords.

export const LOGIN_FREE_FAILURES = 4;
export const LOGIN_FIRST_DELAY_MS = 60 * 1000;
export const LOGIN_MAX_DELAY_MS = 60 * 60 * 1000;
/** A run of failures older than this is forgotten (the next failure counts as the first). */
export const LOGIN_FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;
export const LOGIN_IP_WINDOW_MS = 15 * 60 * 1000;
/** The default of LOGIN_MAX_FAILURES_PER_IP (config.ts), which each attempt is given. */
export const LOGIN_MAX_FAILURES_PER_IP = 100;

/**
 * Who signs in: its network address, the id of its known-device cookie for the account, and how
 * many failures its address may make in LOGIN_IP_WINDOW_MS.
 */
export interface LoginClient {
  address: string;
  device: string | null;
  maxFailuresPerIp?: number;
}

/** Every client that is not a known device of the account, from any address. */
const ANY_UNKNOWN_CLIENT = '*';
/** The row of login_throttle (its `address`) that counts a client's failures for an account. */
const counterOf = (client: LoginClient) =>
  client.device ? `device:${client.device}` : ANY_UNKNOWN_CLIENT;

/** How long a client waits after its `failures`-th wrong password in a row for one account. */
export function loginDelayMs(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  return Math.min(
    LOGIN_FIRST_DELAY_MS * 2 ** (failures - LOGIN_FREE_FAILURES - 1),
    LOGIN_MAX_DELAY_MS,
  );
}

const ipKey = (address: string) => `ip:${address}`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Milliseconds this client must still wait before trying this account; 0 when it may try now. */
export async function loginWaitMs(
  db: Db,
  account: string,
  client: LoginClient,
  now: Date,
): Promise<number> {
  const [pair] = await db
    .select({ failures: loginThrottle.failures, last: loginThrottle.last_failed_at })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.account, account), eq(loginThrottle.address, counterOf(client))));
  let until = 0;
  if (pair && now.getTime() - pair.last.getTime() < LOGIN_FAILURES_FORGOTTEN_AFTER_MS) {
    until = pair.last.getTime() + loginDelayMs(pair.failures);
  }
  if (!client.device) {
    const max = client.maxFailuresPerIp ?? LOGIN_MAX_FAILURES_PER_IP;
    until = Math.max(until, await addressBlockedUntil(db, client.address, max, now));
  }
  return Math.max(0, until - now.getTime());
}

/** Until when (ms) the address is stopped for having failed too often; 0 when it is not. */
async function addressBlockedUntil(
  db: Db,
  address: string,
  maxFailures: number,
  now: Date,
): Promise<number> {
  const [ip] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | Date | null>`min(failed_at)` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, ipKey(address)),
        gte(loginFailures.failed_at, new Date(now.getTime() - LOGIN_IP_WINDOW_MS)),
      ),
    );
  if (!ip || Number(ip.n) < maxFailures || ip.oldest === null) return 0;
  return new Date(ip.oldest).getTime() + LOGIN_IP_WINDOW_MS;
}

/**
 * One sign-in attempt of the account by the client, claimed before its password is checked: when
 * the client must wait, answers the milliseconds (nothing is counted); else the attempt is counted
 * as a failure at once and answered with the id of its per-address row (null for a known device),
 * which `clearLoginFailures` removes when the password is right. The claims of one account, and of
 * one address, are taken one at a time (advisory locks, in every API process), so simultaneous
 * wrong passwords cannot all pass the check before any of them is counted: at most
 * LOGIN_FREE_FAILURES + 1 are checked at once.
 */
export function claimLoginAttempt(
  db: Db,
  account: string,
  client: LoginClient,
  now: Date,
): Promise<{ waitMs: number } | { failureId: number | null }> {
  return withTransaction(db, async (tx) => {
    // Always the account first, then the address: two claims never wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${account}))`);
    if (!client.device) {
      await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${client.address}))`);
    }
    const waitMs = await loginWaitMs(tx, account, client, now);
    if (waitMs > 0) return { waitMs };
    return { failureId: await recordLoginFailure(tx, account, client, now) };
  });
}

/** Counts a wrong password of the client for the account (and for its address, unless known). */
async function recordLoginFailure(db: Db, account: string, client: LoginClient, now: Date) {
  const forgotten = new Date(now.getTime() - LOGIN_FAILURES_FORGOTTEN_AFTER_MS);
  await db
    .insert(loginThrottle)
    .values({ account, address: counterOf(client), failures: 1, last_failed_at: now })
    .onConflictDoUpdate({
      target: [loginThrottle.account, loginThrottle.address],
      set: {
        failures: sql`case when ${loginThrottle.last_failed_at} < ${at(forgotten)} then 1 else ${loginThrottle.failures} + 1 end`,
        last_failed_at: now,
      },
    });
  let id: number | null = null;
  if (!client.device) {
    const [row] = await db
      .insert(loginFailures)
      .values({ key: ipKey(client.address), failed_at: now })
      .returning({ id: loginFailures.id });
    if (!row) throw new Error('login_failures: insert returned no row');
    id = row.id;
  }
  // Both tables stay small: a day after the last look any rule takes at a row, it goes (a day,
  // not the 15 minutes of the per-address window, so processes with skewed clocks keep each
  // other's rows).
  await db.delete(loginFailures).where(lt(loginFailures.failed_at, forgotten));
  await db.delete(loginThrottle).where(lt(loginThrottle.last_failed_at, forgotten));
  return id;
}

/**
 * A right password ends the client's run of failures for the account (a known device's own run,
 * or that of every unknown client), and its claimed attempt (`claimLoginAttempt`) is not a failure
 * of its address.
 */
export async function clearLoginFailures(
  db: Db,
  account: string,
  client: LoginClient,
  failureId: number | null,
) {
  await db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.account, account), eq(loginThrottle.address, counterOf(client))));
  if (failureId !== null) await db.delete(loginFailures).where(eq(loginFailures.id, failureId));
}

/** A password reset proves ownership: every client may try the account again at once. */
export async function clearAccountLoginFailures(db: Db, account: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.account, account));
}
