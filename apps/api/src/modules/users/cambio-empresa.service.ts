import { EMPRESA_AJENA_MESSAGE } from '@repo/contracts/equipo';
import type { SessionResponse } from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { buildUserResponse } from './session.ts';
import { listUserEnterprises, revokeToken } from './users.queries.ts';

/**
 * Several enterprises per login (issue 27): a session on another of the user's enterprises without
 * signing out. The token carries the active enterprise (spec section 6: paths use its id), so the
 * presented token is revoked and a new one signed for the chosen enterprise, keeping the sign-in
 * time (SESSION_MAX_AGE still counts from it). The user comes back with that enterprise first.
 */
export async function cambiarEmpresa(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  auth: AuthContext,
  enterpriseId: number,
): Promise<SessionResponse> {
  const target = (await listUserEnterprises(deps.db, auth.userId)).find(
    (e) => e.id === enterpriseId,
  );
  if (!target) throw new AppError('NOT_FOUND', EMPRESA_AJENA_MESSAGE, { showToClient: true });
  if (!target.setup_completed) {
    throw new AppError('CONFLICT', 'La configuración inicial de esa empresa no está terminada.', {
      showToClient: true,
    });
  }
  await revokeToken(deps.db, auth.jti, new Date(auth.exp * 1000));
  const { token, expires_in } = await deps.tokens.sign({
    userId: auth.userId,
    enterpriseId,
    authTimeMs: auth.authTimeMs,
  });
  return { user: await buildUserResponse(deps.db, auth.userId, enterpriseId), token, expires_in };
}
