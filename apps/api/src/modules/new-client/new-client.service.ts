import { RFC_TAKEN_MESSAGE } from '@repo/contracts/enterprises';
import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFICATION_INVALID_MESSAGE,
  NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE,
  NEW_CLIENT_TOKEN_INVALID_MESSAGE,
  DATOS_FISCALES_PENDING_MESSAGE,
  type NewClientLoginResponse,
  type PreRegisterRequest,
} from '@repo/contracts/new-client';
import { EMAIL_TAKEN_MESSAGE } from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import {
  grantFreeCredits,
  insertEnterpriseForUser,
  isRfcTaken,
  setSetupCompleted,
} from '../enterprises/enterprises.queries.ts';
import { ensureDefaultConfiguration } from '../enterprises/default-configuration.ts';
import { hashToken } from '../users/one-time-token.ts';
import { assertPasswordNotCommon } from '../users/common-passwords.ts';
import { hashPassword } from '../users/password.ts';
import { buildUserResponse } from '../users/session.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import {
  consumeEmailToken,
  findUserByEmail,
  insertUser,
  updateUser,
} from '../users/users.queries.ts';
import { issueNewClientToken, sendRegistrationLink } from './new-client-links.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { deleteNewClientTokens, findNewClientByTokenHash } from './new-client.queries.ts';

/** Free credits every new enterprise starts with, so the first invoices can be stamped. */
export const WELCOME_CREDITS = 10;

type Deps = Pick<AppDeps, 'db' | 'tokens' | 'mailer' | 'config' | 'now'>;

export interface NewClient {
  userId: number;
  enterpriseId: number;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The holder of a new-client token, or 404 when it is unknown, expired or setup is complete. */
export async function resolveNewClient(db: Db, newClientToken: string, now: Date) {
  const row = await findNewClientByTokenHash(db, hashToken(newClientToken), now);
  if (!row) throw new AppError('NOT_FOUND', NEW_CLIENT_TOKEN_INVALID_MESSAGE);
  return {
    userId: row.userId,
    enterpriseId: row.enterpriseId,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified !== null,
  } satisfies NewClient;
}

async function assertEmailFree(db: Db, email: string, exceptUserId: number | null) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptUserId) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
}

/**
 * Registers the user and an enterprise still to be configured with its default series and tax
 * groups, grants the welcome credits and e-mails the verification link, all or nothing. Answers the new-client token.
 */
export async function preRegister(deps: Deps, input: PreRegisterRequest): Promise<string> {
  assertPasswordNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  try {
    return await withTransaction(deps.db, async (tx) => {
      await assertEmailFree(tx, input.email, null);
      if (input.rfc !== '' && (await isRfcTaken(tx, input.rfc))) {
        throw fieldError('rfc', RFC_TAKEN_MESSAGE);
      }
      const userId = await insertUser(tx, {
        email: input.email,
        password_hash: passwordHash,
        name: input.name,
        phone: input.phone,
      });
      const enterpriseId = await insertEnterpriseForUser(tx, userId, { rfc: input.rfc });
      await ensureDefaultConfiguration(tx, enterpriseId, input.rfc);
      await grantFreeCredits(tx, enterpriseId, {
        kind: 'welcome',
        credits: WELCOME_CREDITS,
        reference: 'Créditos de bienvenida',
      });
      const newClientToken = await issueNewClientToken(tx, { userId, enterpriseId }, now);
      await sendRegistrationLink(
        deps,
        tx,
        { userId, name: input.name, email: input.email, newClientToken },
        now,
      );
      return newClientToken;
    });
  } catch (err) {
    // Two registrations racing past the checks: the unique indexes decide.
    if (isUniqueViolation(err)) {
      const emailTaken = await findUserByEmail(deps.db, input.email);
      throw emailTaken
        ? fieldError('email', EMAIL_TAKEN_MESSAGE)
        : fieldError('rfc', RFC_TAKEN_MESSAGE);
    }
    throw err;
  }
}

/** Verifies the e-mail with the token of the link; validating again once verified is not an error. */
export async function validateNewClientToken(
  deps: Deps,
  input: { new_client_token: string; email_verification_token: string },
) {
  const now = deps.now();
  return withTransaction(deps.db, async (tx) => {
    const client = await resolveNewClient(tx, input.new_client_token, now);
    if (client.emailVerified) return { email: client.email, already_verified: true };
    const used = await consumeEmailToken(
      tx,
      {
        tokenHash: hashToken(input.email_verification_token),
        userId: client.userId,
        purpose: 'registration',
        email: client.email,
      },
      now,
    );
    if (!used) throw new AppError('BAD_REQUEST', EMAIL_VERIFICATION_INVALID_MESSAGE);
    await updateUser(tx, client.userId, { email_verified_at: now }, now);
    return { email: client.email, already_verified: false };
  });
}

export async function resendPreRegisterEmail(deps: Deps, newClientToken: string) {
  const now = deps.now();
  return withTransaction(deps.db, async (tx) => {
    const client = await resolveNewClient(tx, newClientToken, now);
    if (client.emailVerified) throw new AppError('CONFLICT', EMAIL_ALREADY_VERIFIED_MESSAGE);
    await sendRegistrationLink(
      deps,
      tx,
      { userId: client.userId, name: client.name, email: client.email, newClientToken },
      now,
    );
    return { email: client.email };
  });
}

/** Corrects a mistyped address before verification: the new address gets a new link. */
export async function changeNewClientEmail(
  deps: Deps,
  input: { new_client_token: string; email: string },
) {
  const now = deps.now();
  try {
    return await withTransaction(deps.db, async (tx) => {
      const client = await resolveNewClient(tx, input.new_client_token, now);
      if (client.emailVerified) throw new AppError('CONFLICT', EMAIL_ALREADY_VERIFIED_MESSAGE);
      await assertEmailFree(tx, input.email, client.userId);
      await updateUser(tx, client.userId, { email: input.email }, now);
      await sendRegistrationLink(
        deps,
        tx,
        {
          userId: client.userId,
          name: client.name,
          email: input.email,
          newClientToken: input.new_client_token,
        },
        now,
      );
      return { email: input.email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
    throw err;
  }
}

/** A session for the initial configuration wizard, once the e-mail is verified. */
export async function newClientLogin(
  deps: Deps,
  newClientToken: string,
): Promise<NewClientLoginResponse> {
  const client = await resolveNewClient(deps.db, newClientToken, deps.now());
  if (!client.emailVerified) throw new AppError('CONFLICT', NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE);
  const user = await buildUserResponse(deps.db, client.userId, client.enterpriseId);
  const enterprise = user.enterprises.find((e) => e.id === client.enterpriseId);
  if (!enterprise) throw new AppError('NOT_FOUND', NEW_CLIENT_TOKEN_INVALID_MESSAGE);
  const { token, expires_in } = await deps.tokens.sign({
    userId: client.userId,
    enterpriseId: client.enterpriseId,
  });
  return { user, token, expires_in, enterprise };
}

/**
 * The last step of the wizard: marks the enterprise set up and ends its new-client tokens, so login
 * answers a session from now on.
 */
export async function completeInitialConfiguration(
  db: Db,
  enterpriseId: number,
  now: Date = new Date(),
): Promise<void> {
  await withTransaction(db, async (tx) => {
    if (!(await setSetupCompleted(tx, enterpriseId, now))) {
      throw new AppError('NOT_FOUND', 'La empresa no existe.');
    }
    await deleteNewClientTokens(tx, enterpriseId);
  });
}

/**
 * The wizard's finishing call: once the tax data are captured, the configuration is completed and
 * the user gets a normal session (the enterprise now shows its razón social).
 */
export async function finishInitialConfiguration(
  deps: Deps,
  newClientToken: string,
): Promise<NewClientLoginResponse> {
  const client = await resolveNewClient(deps.db, newClientToken, deps.now());
  if (!client.emailVerified) throw new AppError('CONFLICT', NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE);
  const datos = await findDatosFiscales(deps.db, client.enterpriseId);
  if (!datos?.razon_social || !datos.regimen_fiscal || !datos.codigo_postal) {
    throw new AppError('VALIDATION', DATOS_FISCALES_PENDING_MESSAGE);
  }
  await completeInitialConfiguration(deps.db, client.enterpriseId, deps.now());
  const user = await buildUserResponse(deps.db, client.userId, client.enterpriseId);
  const enterprise = user.enterprises.find((e) => e.id === client.enterpriseId);
  if (!enterprise) throw new AppError('NOT_FOUND', NEW_CLIENT_TOKEN_INVALID_MESSAGE);
  const { token, expires_in } = await deps.tokens.sign({
    userId: client.userId,
    enterpriseId: client.enterpriseId,
  });
  return { user, token, expires_in, enterprise };
}
