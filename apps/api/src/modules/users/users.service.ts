import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  EMAIL_CODE_INVALID_MESSAGE,
  EMAIL_NOT_VERIFIED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  loginRateLimitMessage,
  NO_PENDING_EMAIL_MESSAGE,
  RESET_PASSWORD_REQUESTED_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
  SAME_EMAIL_MESSAGE,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type PersonalInformationRequest,
  type ResetPasswordSetRequest,
  type UserResponse,
  type ValidatePersonalEmailRequest,
} from '@repo/contracts/users';
import type { UniqueCheckResponse } from '@repo/contracts/enterprises';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { personalEmailCodeEmail } from '../../email/templates/personal-email-code-email.ts';
import { passwordResetEmail } from '../../email/templates/password-reset-email.ts';
import type { AuthContext } from '../../http/auth.ts';
import { SESSION_EXPIRED_MESSAGE } from '../../http/auth.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { issueNewClientToken, sendRegistrationLink } from '../new-client/new-client-links.ts';
import { assertPasswordNotCommon } from './common-passwords.ts';
import {
  claimLoginAttempt,
  clearAccountLoginFailures,
  clearLoginFailures,
} from './login-throttle.ts';
import { createEmailCode, createLinkToken, hashToken } from './one-time-token.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { buildUserResponse, openSession, USER_NOT_FOUND_MESSAGE } from './session.ts';
import { isUniqueViolation } from './unique-violation.ts';
import {
  consumeEmailToken,
  consumePasswordResetToken,
  endSessionsBefore,
  findUsablePasswordResetToken,
  findUserByEmail,
  findUserById,
  hasPendingEmailToken,
  insertEmailToken,
  insertPasswordResetToken,
  listUserEnterprises,
  revokeToken,
  sumUserCredits,
  updateUser,
  voidEmailTokens,
  voidPasswordResetTokens,
} from './users.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'tokens' | 'mailer' | 'config' | 'now'>;

export const PASSWORD_RESET_TTL_MS = 3600 * 1000;
export const PERSONAL_EMAIL_CODE_TTL_MS = 30 * 60 * 1000;

// Compared against when the e-mail is unknown, so both failures take the same scrypt time.
let dummyHash: Promise<string> | null = null;

/**
 * Password login, throttled per account and address with growing delays, and per address (see
 * login-throttle.ts; counted in the database so every API process shares them).
 */
export async function login(deps: Deps, input: LoginRequest, ip: string): Promise<LoginResponse> {
  const now = deps.now();
  // Counted as a failure before the password is checked (see claimLoginAttempt).
  const intento = await claimLoginAttempt(deps.db, input.email, ip, now);
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
  await clearLoginFailures(deps.db, input.email, ip, intento.failureId);
  if (!user.email_verified_at) {
    await sendNewRegistrationLink(deps, user);
    throw new AppError('CONFLICT', EMAIL_NOT_VERIFIED_MESSAGE, { showToClient: true });
  }
  return openSession(deps, user.id);
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

/** E-mails a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const now = deps.now();
    await withTransaction(deps.db, async (tx) => {
      const { token, hash } = createLinkToken();
      await insertPasswordResetToken(tx, {
        token_hash: hash,
        user_id: user.id,
        expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      });
      const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/reset-password/${encodeURIComponent(token)}`;
      await deps.mailer.send({ to: user.email, ...passwordResetEmail({ name: user.name, link }) });
    });
  }
  return { message: RESET_PASSWORD_REQUESTED_MESSAGE };
}

export async function assertPasswordResetToken(deps: Pick<AppDeps, 'db' | 'now'>, token: string) {
  if (!(await findUsablePasswordResetToken(deps.db, hashToken(token), deps.now()))) {
    throw new AppError('NOT_FOUND', RESET_TOKEN_INVALID_MESSAGE);
  }
  return { exists: true as const };
}

/**
 * Sets the new password with a single-use token, voids the user's other reset links, and signs the
 * user in. Following the link proves the address, so an unverified e-mail becomes verified.
 */
export async function setPasswordWithResetToken(
  deps: Deps,
  input: ResetPasswordSetRequest,
): Promise<LoginResponse> {
  const now = deps.now();
  assertPasswordNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = await withTransaction(deps.db, async (tx) => {
    const id = await consumePasswordResetToken(tx, hashToken(input.token), now);
    if (id === undefined) throw new AppError('NOT_FOUND', RESET_TOKEN_INVALID_MESSAGE);
    const user = await findUserById(tx, id);
    if (!user) throw new AppError('NOT_FOUND', RESET_TOKEN_INVALID_MESSAGE);
    await updateUser(
      tx,
      id,
      { password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now },
      now,
    );
    await voidPasswordResetTokens(tx, id, now);
    // Whoever knew the old password is signed out everywhere.
    await endSessionsBefore(tx, id, now, null);
    await clearAccountLoginFailures(tx, user.email.toLowerCase());
    return id;
  });
  return openSession(deps, userId);
}

async function requireUser(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  return user;
}

/** Sets a new password and ends every other session of the user; the current one keeps working. */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'now'>,
  auth: AuthContext,
  input: ChangePasswordRequest,
): Promise<void> {
  const user = await requireUser(deps.db, auth.userId);
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw fieldError('current_password', CURRENT_PASSWORD_WRONG_MESSAGE);
  }
  assertPasswordNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await withTransaction(deps.db, async (tx) => {
    await updateUser(tx, auth.userId, { password_hash: passwordHash }, now);
    await endSessionsBefore(tx, auth.userId, now, auth.jti);
  });
}

async function assertEmailFree(db: Db, email: string, userId: number) {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== userId) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
}

async function sendPersonalEmailCode(
  deps: Deps,
  tx: Db,
  user: { id: number; name: string },
  email: string,
  now: Date,
) {
  await voidEmailTokens(tx, user.id, 'personal_email', now);
  const { token, hash } = createEmailCode();
  await insertEmailToken(tx, {
    token_hash: hash,
    user_id: user.id,
    purpose: 'personal_email',
    email,
    expires_at: new Date(now.getTime() + PERSONAL_EMAIL_CODE_TTL_MS),
  });
  await deps.mailer.send({
    to: email,
    ...personalEmailCodeEmail({ name: user.name, code: token }),
  });
}

/** Starts a change of the account's e-mail: a code goes to the new address. */
export async function changePersonalEmail(deps: Deps, userId: number, email: string) {
  const user = await requireUser(deps.db, userId);
  if (user.email.toLowerCase() === email) throw fieldError('email', SAME_EMAIL_MESSAGE);
  await assertEmailFree(deps.db, email, userId);
  const now = deps.now();
  await withTransaction(deps.db, (tx) => sendPersonalEmailCode(deps, tx, user, email, now));
  return { email };
}

export async function resendPersonalEmailCode(deps: Deps, userId: number, email: string) {
  const user = await requireUser(deps.db, userId);
  if (!(await hasPendingEmailToken(deps.db, userId, 'personal_email', email))) {
    throw fieldError('email', NO_PENDING_EMAIL_MESSAGE);
  }
  await assertEmailFree(deps.db, email, userId);
  const now = deps.now();
  await withTransaction(deps.db, (tx) => sendPersonalEmailCode(deps, tx, user, email, now));
  return { email };
}

/** Applies the e-mail change once the code sent to the new address comes back. */
export async function validatePersonalEmail(
  deps: Deps,
  userId: number,
  input: ValidatePersonalEmailRequest,
): Promise<UserResponse> {
  const now = deps.now();
  try {
    await withTransaction(deps.db, async (tx) => {
      const used = await consumeEmailToken(
        tx,
        {
          tokenHash: hashToken(input.email_verification_token),
          userId,
          purpose: 'personal_email',
          email: input.email,
        },
        now,
      );
      if (!used) throw fieldError('email_verification_token', EMAIL_CODE_INVALID_MESSAGE);
      await assertEmailFree(tx, input.email, userId);
      await updateUser(tx, userId, { email: input.email, email_verified_at: now }, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
    throw err;
  }
  return buildUserResponse(deps.db, userId);
}

export async function changePersonalInformation(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  input: PersonalInformationRequest,
): Promise<UserResponse> {
  await requireUser(deps.db, userId);
  await updateUser(deps.db, userId, { name: input.name, phone: input.phone }, deps.now());
  return buildUserResponse(deps.db, userId);
}

/** The registration form's check: HTTP 200 either way, `success` tells. */
export async function checkEmailUnique(db: Db, email: string): Promise<UniqueCheckResponse> {
  return (await findUserByEmail(db, email))
    ? { success: false, dataError: EMAIL_TAKEN_MESSAGE }
    : { success: true, data: { unique: true } };
}

export async function totalRemainingCredits(db: Db, userId: number) {
  return { user_total_remaining_credits: await sumUserCredits(db, userId) };
}
