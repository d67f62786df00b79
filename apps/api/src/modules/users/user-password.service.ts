import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  RESET_PASSWORD_REQUESTED_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
  type ChangePasswordRequest,
  type LoginResponse,
  type ResetPasswordSetRequest,
} from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { passwordResetEmail } from '../../email/templates/password-reset-email.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { assertPasswordNotCommon } from './common-passwords.ts';
import { clearAccountLoginFailures } from './login-throttle.ts';
import { createLinkToken, hashToken } from './one-time-token.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { openSession, requireUser } from './session.ts';
import {
  consumePasswordResetToken,
  endSessionsBefore,
  findUsablePasswordResetToken,
  findUserByEmail,
  findUserById,
  insertPasswordResetToken,
  updateUser,
  voidPasswordResetTokens,
} from './users.queries.ts';
import type { Deps } from './users.service.ts';

export const PASSWORD_RESET_TTL_MS = 3600 * 1000;

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
