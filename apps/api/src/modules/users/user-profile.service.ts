import {
  EMAIL_CODE_INVALID_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  NO_PENDING_EMAIL_MESSAGE,
  SAME_EMAIL_MESSAGE,
  type PersonalInformationRequest,
  type UserResponse,
  type ValidatePersonalEmailRequest,
} from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { personalEmailCodeEmail } from '../../email/templates/personal-email-code-email.ts';
import { fieldError } from '../../http/errors.ts';
import { createEmailCode, hashToken } from './one-time-token.ts';
import { buildUserResponse, requireUser } from './session.ts';
import { isUniqueViolation } from './unique-violation.ts';
import {
  consumeEmailToken,
  findUserByEmail,
  hasPendingEmailToken,
  insertEmailToken,
  updateUser,
  voidEmailTokens,
} from './users.queries.ts';
import type { Deps } from './users.service.ts';

export const PERSONAL_EMAIL_CODE_TTL_MS = 30 * 60 * 1000;

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
  /** The session's enterprise, listed first in the answer (spec section 3). */
  activeEnterpriseId?: number,
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
  return buildUserResponse(deps.db, userId, activeEnterpriseId);
}

export async function changePersonalInformation(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  input: PersonalInformationRequest,
  /** The session's enterprise, listed first in the answer (spec section 3). */
  activeEnterpriseId?: number,
): Promise<UserResponse> {
  await requireUser(deps.db, userId);
  await updateUser(deps.db, userId, { name: input.name, phone: input.phone }, deps.now());
  return buildUserResponse(deps.db, userId, activeEnterpriseId);
}
