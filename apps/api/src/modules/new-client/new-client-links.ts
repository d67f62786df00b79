import { WELCOME_LINK_QUERY } from '@repo/contracts/new-client';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { registrationVerificationEmail } from '../../email/templates/registration-verification-email.ts';
import { createLinkToken } from '../users/one-time-token.ts';
import { insertEmailToken, voidEmailTokens } from '../users/users.queries.ts';
import { insertNewClientToken } from './new-client.queries.ts';

/** A new-client token lives until setup is complete, at most this long. */
export const NEW_CLIENT_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** A registration verification link lives this long. */
export const REGISTRATION_LINK_TTL_MS = 48 * 3600 * 1000;

/** A fresh token for the initial configuration of the user's enterprise; answered in clear once. */
export async function issueNewClientToken(
  db: Db,
  holder: { userId: number; enterpriseId: number },
  now: Date,
): Promise<string> {
  const { token, hash } = createLinkToken();
  await insertNewClientToken(db, {
    token_hash: hash,
    user_id: holder.userId,
    enterprise_id: holder.enterpriseId,
    expires_at: new Date(now.getTime() + NEW_CLIENT_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Voids earlier registration links and e-mails a new one to `email`, leading to
 * /bienvenido/{newClientToken}?email_verification_token=… . Call inside the caller's transaction so
 * a failed send leaves nothing behind.
 */
export async function sendRegistrationLink(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  db: Db,
  input: { userId: number; name: string; email: string; newClientToken: string },
  now: Date,
): Promise<void> {
  await voidEmailTokens(db, input.userId, 'registration', now);
  const { token, hash } = createLinkToken();
  await insertEmailToken(db, {
    token_hash: hash,
    user_id: input.userId,
    purpose: 'registration',
    email: input.email,
    expires_at: new Date(now.getTime() + REGISTRATION_LINK_TTL_MS),
  });
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/bienvenido/${encodeURIComponent(input.newClientToken)}?${WELCOME_LINK_QUERY}=${encodeURIComponent(token)}`;
  const mail = registrationVerificationEmail({ name: input.name, link });
  await deps.mailer.send({ to: input.email, ...mail });
}
