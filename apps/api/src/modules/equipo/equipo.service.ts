import { createHash, randomBytes } from 'node:crypto';
import {
  INVITACION_DIAS,
  MIEMBRO_NO_EXISTE_MESSAGE,
  PROPIETARIO_INTOCABLE_MESSAGE,
  YA_ES_MIEMBRO_MESSAGE,
  type EquipoResponse,
  type InvitacionRequest,
  type Rol,
} from '@repo/contracts/equipo';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { invitacionEmail } from '../../email/templates/invitacion-email.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { findEnterpriseBasics } from '../enterprises/enterprises.queries.ts';
import { findUserByEmail, findUserById } from '../users/users.queries.ts';
import {
  deleteMiembro,
  findMiembro,
  insertInvitacion,
  listInvitacionesPendientes,
  listMiembros,
  revokeInvitacion,
  revokeInvitacionesDe,
  updateRolMiembro,
} from './equipo.queries.ts';

// The members of an enterprise (issue 27): who may do what is the route table's (http/permisos.ts,
// capability 'usuarios'); here, the rules about owners and the invitations' links.

export type EquipoDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'now'>;

/** "<enterprise id>-<64 hex>": 256 random bits; the prefix finds the tenant without a global index. */
export function nuevoTokenInvitacion(enterpriseId: number): string {
  return `${String(enterpriseId)}-${randomBytes(32).toString('hex')}`;
}

export function hashInvitacion(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function verEquipo(deps: EquipoDeps, auth: AuthContext): Promise<EquipoResponse> {
  const now = deps.now();
  const [miembros, invitaciones] = await Promise.all([
    listMiembros(deps.db, auth.enterpriseId),
    listInvitacionesPendientes(deps.db, auth.enterpriseId),
  ]);
  return {
    miembros: miembros.map((m) => ({
      ...m,
      desde: m.desde.toISOString(),
      es_usted: m.user_id === auth.userId,
    })),
    invitaciones: invitaciones.map((i) => ({
      ...i,
      enviada: i.enviada.toISOString(),
      vence: i.vence.toISOString(),
      vencida: i.vence.getTime() <= now.getTime(),
    })),
  };
}

/** Creates the invitation (replacing a pending one to the same address) and e-mails its link. */
export async function invitar(
  deps: EquipoDeps,
  auth: AuthContext,
  input: InvitacionRequest,
): Promise<{ id: number }> {
  if (input.rol === 'administrador' && auth.rol !== 'propietario') {
    throw fieldError('rol', 'Solo el propietario puede invitar a un administrador.');
  }
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && (await findMiembro(deps.db, auth.enterpriseId, existing.id))) {
    throw fieldError('email', YA_ES_MIEMBRO_MESSAGE);
  }
  const [empresa, quien] = await Promise.all([
    findEnterpriseBasics(deps.db, auth.enterpriseId),
    findUserById(deps.db, auth.userId),
  ]);
  if (!empresa || !quien) throw new AppError('NOT_FOUND', 'La empresa no existe.');
  const now = deps.now();
  const actor = quienActua();
  const token = nuevoTokenInvitacion(auth.enterpriseId);
  const link = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/invitacion/${token}`;
  return withTransaction(deps.db, async (tx) => {
    await revokeInvitacionesDe(tx, auth.enterpriseId, input.email, now);
    const id = await insertInvitacion(tx, auth.enterpriseId, {
      email: input.email,
      role: input.rol,
      token_hash: hashInvitacion(token),
      invited_by: auth.userId,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITACION_DIAS * 24 * 3600_000),
    });
    await registrarAuditoria(tx, auth.enterpriseId, actor, {
      accion: 'usuario_invitado',
      objeto: `invitacion:${String(id)}`,
      detalles: { email: input.email, rol: input.rol },
    });
    // Sent inside the transaction: an invitation that could not be e-mailed is not kept.
    await deps.mailer.send({
      to: input.email,
      ...invitacionEmail({
        invitadaPor: quien.name.trim() || quien.email,
        empresa: empresa.nombre_comercial.trim() || empresa.razon_social.trim() || empresa.rfc,
        rfc: empresa.rfc,
        rol: input.rol,
        link,
      }),
    });
    return { id };
  });
}

export async function cancelarInvitacion(deps: EquipoDeps, auth: AuthContext, id: number) {
  const quien = quienActua();
  return withTransaction(deps.db, async (tx) => {
    const row = await revokeInvitacion(tx, auth.enterpriseId, id, deps.now());
    if (!row) throw new AppError('NOT_FOUND', 'La invitación no existe o ya fue usada.');
    await registrarAuditoria(tx, auth.enterpriseId, quien, {
      accion: 'invitacion_cancelada',
      objeto: `invitacion:${String(id)}`,
    });
    return row;
  });
}

/**
 * Owners are changed or removed by an owner only, and nobody changes their own role or removes
 * themselves: the enterprise always keeps an owner (one who leaves names another first).
 */
async function assertPuedeTocar(
  deps: EquipoDeps,
  auth: AuthContext,
  userId: number,
  nuevoRol: Rol | null,
): Promise<Rol> {
  if (userId === auth.userId) {
    throw new AppError('CONFLICT', 'No puede cambiar su propio rol ni quitarse de la empresa.', {
      showToClient: true,
    });
  }
  const miembro = await findMiembro(deps.db, auth.enterpriseId, userId);
  if (!miembro) throw new AppError('NOT_FOUND', MIEMBRO_NO_EXISTE_MESSAGE);
  const tocaPropietario = miembro.rol === 'propietario' || nuevoRol === 'propietario';
  if (tocaPropietario && auth.rol !== 'propietario') {
    throw new AppError('FORBIDDEN', PROPIETARIO_INTOCABLE_MESSAGE, { showToClient: true });
  }
  return miembro.rol;
}

export async function cambiarRol(deps: EquipoDeps, auth: AuthContext, userId: number, rol: Rol) {
  const quien = quienActua();
  const anterior = await assertPuedeTocar(deps, auth, userId, rol);
  const miembro = await findUserById(deps.db, userId);
  await withTransaction(deps.db, async (tx) => {
    await updateRolMiembro(tx, auth.enterpriseId, userId, rol);
    if (rol !== anterior) {
      await registrarAuditoria(tx, auth.enterpriseId, quien, {
        accion: 'rol_cambiado',
        objeto: `usuario:${String(userId)}`,
        detalles: { email: miembro?.email ?? '', rol, rol_anterior: anterior },
      });
    }
  });
  return { anterior };
}

/** The member's sessions on this enterprise end at once: requireAuth finds no membership. */
export async function quitarMiembro(deps: EquipoDeps, auth: AuthContext, userId: number) {
  const quien = quienActua();
  const anterior = await assertPuedeTocar(deps, auth, userId, null);
  const miembro = await findUserById(deps.db, userId);
  await withTransaction(deps.db, async (tx) => {
    await deleteMiembro(tx, auth.enterpriseId, userId);
    await registrarAuditoria(tx, auth.enterpriseId, quien, {
      accion: 'usuario_quitado',
      objeto: `usuario:${String(userId)}`,
      detalles: { email: miembro?.email ?? '', rol_anterior: anterior },
    });
  });
  return { anterior };
}
