import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  loginRateLimitMessage,
  type LoginRequest,
  type LoginResponse,
} from '@repo/contracts/users';
import type { UniqueCheckResponse } from '@repo/contracts/enterprises';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AuthContext } from '../../http/auth.ts';
import { SESSION_EXPIRED_MESSAGE } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { issueNewClientToken, sendRegistrationLink } from '../new-client/new-client-links.ts';
import { newDeviceId } from './known-device.ts';
import { claimLoginAttempt, clearLoginFailures, type LoginClient } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { getBalance } from '../credits/credits.service.ts';
import { openSession } from './session.ts';
import { findUserByEmail, listUserEnterprises, revokeToken } from './users.queries.ts';

/** What the services that send e-mail or open a session use. */
export type Deps = Pick<AppDeps, 'db' | 'tokens' | 'mailer' | 'config' | 'now'>;

// Compared against when the e-mail is unknown, so both failures take the same scrypt time.
let dummyHash: Promise<string> | null = null;

/**
 * Password login, throttled per account and per address, a known device by its own failures only
 * (see login-throttle.ts; counted in the database so every API process shares them). Answers the
 * session and the id of the device, for its known-device cookie (known-device.ts): the one it came
 * with, or a new one.
 */
export async function login(
  deps: Deps,
  input: LoginRequest,
  client: LoginClient,
): Promise<{ session: LoginResponse; device: string }> {
  const now = deps.now();
  // Counted as a failure before the password is checked (see claimLoginAttempt).
  const intento = await claimLoginAttempt(deps.db, input.email, client, now);
  if ('waitMs' in intento) {
    throw new AppError('TOO_MANY_REQUESTS', loginRateLimitMessage(intento.waitMs), {
      showToClient: true,
      retryAfterMs: intento.waitMs,
    });
  }
  const user = await findUserByEmail(deps.db, input.email);
  const valid = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await (dummyHash ??= hashPassword('dummy-password-1')));
  if (!user || !valid)
    throw new AppError('BAD_REQUEST', LOGIN_FAILED_MESSAGE, { showToClient: true });
  await clearLoginFailures(deps.db, input.email, client, intento.failureId);
  if (!user.email_verified_at) {
    await sendNewRegistrationLink(deps, user);
    throw new AppError('CONFLICT', EMAIL_NOT_VERIFIED_MESSAGE, { showToClient: true });
  }
  return { session: await openSession(deps, user.id), device: client.device ?? newDeviceId() };
}

/** Login of an unverified account: a new welcome link, since the first may be lost or expired. */
async function sendNewRegistrationLink(
  deps: Deps,
  user: { id: number; name: string; email: string },
) {
  const now = deps.now();
  const [enterprise] = await listUserEnterprises(deps.db, user.id);
  if (!enterprise) throw new AppError('FORBIDDEN', 'La cuenta no pertenece a ninguna empresa.');
  await withTransaction(deps.db, async (tx) => {
    const newClientToken = await issueNewClientToken(
      tx,
      { userId: user.id, enterpriseId: enterprise.id },
      now,
    );
    await sendRegistrationLink(
      deps,
      tx,
      { userId: user.id, name: user.name, email: user.email, newClientToken },
      now,
    );
  });
}

/** Ends the presented token before its expiry. */
export async function logout(db: Db, auth: AuthContext): Promise<void> {
  await revokeToken(db, auth.jti, new Date(auth.exp * 1000));
}

/**
 * Trades a valid or just-expired token for a new one; the old one is revoked (only once). The new
 * token keeps the session's sign-in time, so past SESSION_MAX_AGE from it the answer is 401.
 */
export async function refreshToken(deps: Pick<AppDeps, 'db' | 'tokens'>, auth: AuthContext) {
  if (!(await revokeToken(deps.db, auth.jti, new Date(auth.exp * 1000)))) {
    throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
  }
  const { token, expires_in } = await deps.tokens.sign({
    userId: auth.userId,
    enterpriseId: auth.enterpriseId,
    authTimeMs: auth.authTimeMs,
  });
  return { token, expires_in };
}

/** The registration form's check: HTTP 200 either way, `success` tells. */
export async function checkEmailUnique(db: Db, email: string): Promise<UniqueCheckResponse> {
  return (await findUserByEmail(db, email))
    ? { success: false, dataError: EMAIL_TAKEN_MESSAGE }
    : { success: true, data: { unique: true } };
}

/**
 * The credits left of the active enterprise: each enterprise has its own balance, which its stamps
 * spend (docs/decisions/013-credits-per-enterprise.md).
 */
export async function totalRemainingCredits(db: Db, enterpriseId: number) {
  return { user_total_remaining_credits: await getBalance(db, enterpriseId) };
}
