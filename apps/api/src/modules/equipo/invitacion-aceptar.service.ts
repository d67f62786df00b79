import {
  INVITACION_NO_EXISTE_MESSAGE,
  INVITACION_VENCIDA_MESSAGE,
  type AceptarInvitacionRequest,
  type InvitacionInfo,
} from '@repo/contracts/equipo';
import {
  LOGIN_FAILED_MESSAGE,
  Password,
  PersonName,
  type LoginResponse,
} from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { assertPasswordNotCommon } from '../users/common-passwords.ts';
import { hashPassword, verifyPassword } from '../users/password.ts';
import { openSession } from '../users/session.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/users.queries.ts';
import { consumeInvitacion, findInvitacion, insertMiembro } from './equipo.queries.ts';
import { hashInvitacion } from './equipo.service.ts';

// Accepting an invitation (issue 27): the link proves the e-mail; a new account is created with it
// (name and password chosen here), an existing one proves itself with its password. Either way the
// enterprise is added to the user with the invited role and a session opens on it.

type Deps = Pick<AppDeps, 'db' | 'tokens' | 'now'>;

/** The enterprise id the link carries before its random part; null for a malformed link. */
function empresaDelToken(token: string): number | null {
  const match = /^(\d{1,9})-[0-9a-f]{64}$/.exec(token);
  return match ? Number(match[1]) : null;
}

async function invitacionVigente(deps: Deps, token: string) {
  const enterpriseId = empresaDelToken(token);
  const row = enterpriseId && (await findInvitacion(deps.db, enterpriseId, hashInvitacion(token)));
  if (!enterpriseId || !row) throw new AppError('NOT_FOUND', INVITACION_NO_EXISTE_MESSAGE);
  if (row.expires_at.getTime() <= deps.now().getTime()) {
    throw new AppError('NOT_FOUND', INVITACION_VENCIDA_MESSAGE);
  }
  return { enterpriseId, row };
}

export async function verInvitacion(deps: Deps, token: string): Promise<InvitacionInfo> {
  const { row } = await invitacionVigente(deps, token);
  const cuenta = await findUserByEmail(deps.db, row.email);
  return {
    email: row.email,
    rol: row.rol,
    empresa: {
      nombre: row.nombre_comercial.trim() || row.razon_social.trim() || row.rfc,
      rfc: row.rfc,
    },
    invitada_por: row.invitada_por,
    cuenta_existente: cuenta !== undefined,
  };
}

/** The user who accepts: the existing account (its password checked) or a new one. */
async function usuarioQueAcepta(
  deps: Deps,
  tx: Deps['db'],
  email: string,
  input: AceptarInvitacionRequest,
): Promise<number> {
  const cuenta = await findUserByEmail(tx, email);
  if (cuenta) {
    if (!(await verifyPassword(input.password, cuenta.password_hash))) {
      throw fieldError('password', LOGIN_FAILED_MESSAGE);
    }
    return cuenta.id;
  }
  const name = PersonName.safeParse(input.name ?? '');
  if (!name.success) throw fieldError('name', name.error.issues[0]!.message);
  const password = Password.safeParse(input.password);
  if (!password.success) throw fieldError('password', password.error.issues[0]!.message);
  assertPasswordNotCommon(input.password);
  const id = await insertUser(tx, {
    email,
    password_hash: await hashPassword(input.password),
    name: name.data,
    phone: '',
  });
  // The invitation's link reached this address: it is verified.
  await updateUser(tx, id, { email_verified_at: deps.now() }, deps.now());
  return id;
}

export async function aceptarInvitacion(
  deps: Deps,
  token: string,
  input: AceptarInvitacionRequest,
): Promise<LoginResponse> {
  const { enterpriseId, row } = await invitacionVigente(deps, token);
  const now = deps.now();
  const userId = await withTransaction(deps.db, async (tx) => {
    const id = await usuarioQueAcepta(deps, tx, row.email, input);
    if (!(await consumeInvitacion(tx, enterpriseId, row.id, id, now))) {
      throw new AppError('NOT_FOUND', INVITACION_NO_EXISTE_MESSAGE);
    }
    await insertMiembro(tx, enterpriseId, id, row.rol);
    return id;
  });
  return openSession(deps, userId, enterpriseId);
}
