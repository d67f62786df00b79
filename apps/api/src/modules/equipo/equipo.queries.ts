import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Rol, RolInvitado } from '@repo/contracts/equipo';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises } from '../../db/schema/enterprises.ts';
import { invitaciones } from '../../db/schema/invitaciones.ts';
import { users } from '../../db/schema/users.ts';

// The members of an enterprise and its invitations (issue 27): every query is scoped to one
// enterprise (apps/api/src/db/tenant-schema.test.ts).

export async function listMiembros(db: Db, enterpriseId: number) {
  return db
    .select({
      user_id: enterpriseUsers.user_id,
      nombre: users.name,
      email: users.email,
      rol: enterpriseUsers.role,
      desde: enterpriseUsers.created_at,
    })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.user_id))
    .where(eq(enterpriseUsers.enterprise_id, enterpriseId))
    .orderBy(asc(enterpriseUsers.created_at), asc(enterpriseUsers.user_id));
}

export async function findMiembro(db: Db, enterpriseId: number, userId: number) {
  const [row] = await db
    .select({ rol: enterpriseUsers.role })
    .from(enterpriseUsers)
    .where(
      and(eq(enterpriseUsers.enterprise_id, enterpriseId), eq(enterpriseUsers.user_id, userId)),
    )
    .limit(1);
  return row;
}

export async function insertMiembro(db: Db, enterpriseId: number, userId: number, rol: Rol) {
  const rows = await db
    .insert(enterpriseUsers)
    .values({ enterprise_id: enterpriseId, user_id: userId, role: rol })
    .onConflictDoNothing()
    .returning({ user_id: enterpriseUsers.user_id });
  return rows.length > 0;
}

export async function updateRolMiembro(db: Db, enterpriseId: number, userId: number, rol: Rol) {
  await db
    .update(enterpriseUsers)
    .set({ role: rol })
    .where(
      and(eq(enterpriseUsers.enterprise_id, enterpriseId), eq(enterpriseUsers.user_id, userId)),
    );
}

/** Removes the member: requireAuth finds no membership on their next request (session ended). */
export async function deleteMiembro(db: Db, enterpriseId: number, userId: number) {
  await db
    .delete(enterpriseUsers)
    .where(
      and(eq(enterpriseUsers.enterprise_id, enterpriseId), eq(enterpriseUsers.user_id, userId)),
    );
}

export async function insertInvitacion(
  db: Db,
  enterpriseId: number,
  values: {
    email: string;
    role: RolInvitado;
    token_hash: string;
    invited_by: number;
    created_at: Date;
    expires_at: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(invitaciones)
    .values({ enterprise_id: enterpriseId, ...values })
    .returning({ id: invitaciones.id });
  if (!row) throw new Error('insertInvitacion returned no row');
  return row.id;
}

/** Voids the pending invitations of an e-mail (a new one replaces them, or it was accepted). */
export async function revokeInvitacionesDe(db: Db, enterpriseId: number, email: string, now: Date) {
  await db
    .update(invitaciones)
    .set({ revoked_at: now })
    .where(
      and(
        eq(invitaciones.enterprise_id, enterpriseId),
        sql`lower(${invitaciones.email}) = lower(${email})`,
        isNull(invitaciones.accepted_at),
        isNull(invitaciones.revoked_at),
      ),
    );
}

export async function revokeInvitacion(db: Db, enterpriseId: number, id: number, now: Date) {
  const rows = await db
    .update(invitaciones)
    .set({ revoked_at: now })
    .where(
      and(
        eq(invitaciones.enterprise_id, enterpriseId),
        eq(invitaciones.id, id),
        isNull(invitaciones.accepted_at),
        isNull(invitaciones.revoked_at),
      ),
    )
    .returning({ id: invitaciones.id, email: invitaciones.email });
  return rows[0];
}

/** Invitations neither accepted nor revoked (expired ones too, marked by the service). */
export async function listInvitacionesPendientes(db: Db, enterpriseId: number) {
  return db
    .select({
      id: invitaciones.id,
      email: invitaciones.email,
      rol: invitaciones.role,
      enviada: invitaciones.created_at,
      vence: invitaciones.expires_at,
    })
    .from(invitaciones)
    .where(
      and(
        eq(invitaciones.enterprise_id, enterpriseId),
        isNull(invitaciones.accepted_at),
        isNull(invitaciones.revoked_at),
      ),
    )
    .orderBy(asc(invitaciones.created_at));
}

/** An unused invitation by its link's hash, with its enterprise's name and who invited. */
export async function findInvitacion(db: Db, enterpriseId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: invitaciones.id,
      email: invitaciones.email,
      rol: invitaciones.role,
      expires_at: invitaciones.expires_at,
      razon_social: enterprises.razon_social,
      nombre_comercial: enterprises.nombre_comercial,
      rfc: enterprises.rfc,
      invitada_por: users.name,
    })
    .from(invitaciones)
    .innerJoin(enterprises, eq(enterprises.id, invitaciones.enterprise_id))
    .innerJoin(users, eq(users.id, invitaciones.invited_by))
    .where(
      and(
        eq(invitaciones.enterprise_id, enterpriseId),
        eq(invitaciones.token_hash, tokenHash),
        isNull(invitaciones.accepted_at),
        isNull(invitaciones.revoked_at),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the invitation used, once: false when another acceptance won the race or it expired. */
export async function consumeInvitacion(
  db: Db,
  enterpriseId: number,
  id: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(invitaciones)
    .set({ accepted_at: now, accepted_by: userId })
    .where(
      and(
        eq(invitaciones.enterprise_id, enterpriseId),
        eq(invitaciones.id, id),
        isNull(invitaciones.accepted_at),
        isNull(invitaciones.revoked_at),
        gt(invitaciones.expires_at, now),
      ),
    )
    .returning({ id: invitaciones.id });
  return rows.length > 0;
}

/** The owner's switch: whether the enterprise's administrators may buy credits (migration 0049). */
export async function findAdministradoresCompran(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({ administradores_compran: enterprises.administradores_compran })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId))
    .limit(1);
  return row?.administradores_compran ?? true;
}

/** Sets the switch; true when it changed (one of two simultaneous equal changes wins). */
export async function updateAdministradoresCompran(db: Db, enterpriseId: number, valor: boolean) {
  const rows = await db
    .update(enterprises)
    .set({ administradores_compran: valor, updated_at: new Date() })
    .where(and(eq(enterprises.id, enterpriseId), ne(enterprises.administradores_compran, valor)))
    .returning({ id: enterprises.id });
  return rows.length > 0;
}
