import type { LoginResponse, UserResponse } from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { findUserById, listUserEnterprises } from './users.queries.ts';

export const USER_NOT_FOUND_MESSAGE = 'La cuenta no existe.';

/** The user's row, or a 404 with USER_NOT_FOUND_MESSAGE. */
export async function requireUser(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  return user;
}

/**
 * The user as the session carries it, with the enterprises it belongs to: the active one first
 * (spec section 3: "the first becomes the active enterprise"), then the others oldest first.
 */
export async function buildUserResponse(
  db: Db,
  userId: number,
  activeEnterpriseId?: number,
): Promise<UserResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  const enterprises = activeFirst(await listUserEnterprises(db, userId), activeEnterpriseId);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    first_steps_completed: user.first_steps_completed,
    enterprises: enterprises.map(({ setup_completed: _s, ...e }) => e),
  };
}

function activeFirst<T extends { id: number }>(list: T[], activeId: number | undefined): T[] {
  const active = list.find((e) => e.id === activeId);
  return active ? [active, ...list.filter((e) => e !== active)] : list;
}

/**
 * Signs the user in on `enterpriseId` when given and a member of it (an accepted invitation, a
 * switch), else on their oldest enterprise whose initial configuration is done, else their oldest.
 * While the active enterprise's configuration is incomplete, answers a new-client token instead so
 * the SPA opens the wizard.
 */
export async function openSession(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'now'>,
  userId: number,
  enterpriseId?: number,
): Promise<LoginResponse> {
  const enterprises = await listUserEnterprises(deps.db, userId);
  const active =
    enterprises.find((e) => e.id === enterpriseId) ??
    enterprises.find((e) => e.setup_completed) ??
    enterprises[0];
  if (!active) throw new AppError('FORBIDDEN', 'La cuenta no pertenece a ninguna empresa.');
  if (!active.setup_completed) {
    const token = await issueNewClientToken(
      deps.db,
      { userId, enterpriseId: active.id },
      deps.now(),
    );
    return { new_client_token: token };
  }
  const { token, expires_in } = await deps.tokens.sign({ userId, enterpriseId: active.id });
  return { user: await buildUserResponse(deps.db, userId, active.id), token, expires_in };
}
