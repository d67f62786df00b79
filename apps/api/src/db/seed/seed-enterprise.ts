import type { Rol } from '@repo/contracts/equipo';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { hashPassword } from '../../modules/users/password.ts';
import { grantFreeCredits } from '../../modules/enterprises/enterprises.queries.ts';
import { enterpriseUsers, enterprises } from '../schema/enterprises.ts';
import { users } from '../schema/users.ts';

export interface SeedEnterpriseOptions {
  /** The user's name, shown in the greeting. */
  name?: string;
  email?: string;
  password?: string;
  rfc?: string;
  razon_social?: string;
  nombre_comercial?: string;
  regimen_fiscal?: string;
  codigo_postal?: string;
  credits?: number;
  setupCompleted?: boolean;
  /** The user's role in the enterprise (default propietario). */
  rol?: Rol;
}

export interface SeededEnterprise {
  userId: number;
  enterpriseId: number;
  email: string;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/**
 * A verified user with a set-up enterprise and a signed-in token: every API test seeds its own tenant
 * with this, so tests never share state. Also used by the demo seed.
 */
export async function seedEnterprise(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  options: SeedEnterpriseOptions = {},
): Promise<SeededEnterprise> {
  const email = options.email ?? `usuario-${randomUUID()}@example.com`;
  const password = options.password ?? 'Contrasena-Segura-1';
  const { db } = deps;
  const [user] = await db
    .insert(users)
    .values({
      email,
      password_hash: await hashPassword(password),
      name: options.name ?? 'Usuario de prueba',
      email_verified_at: new Date(),
    })
    .returning({ id: users.id });
  const [enterprise] = await db
    .insert(enterprises)
    .values({
      rfc: options.rfc ?? '',
      razon_social: options.razon_social ?? 'EMPRESA DE PRUEBA',
      nombre_comercial: options.nombre_comercial ?? '',
      regimen_fiscal: options.regimen_fiscal ?? '601',
      codigo_postal: options.codigo_postal ?? '42501',
      setup_completed: options.setupCompleted ?? true,
    })
    .returning({ id: enterprises.id });
  if (!user || !enterprise) throw new Error('seedEnterprise: insert returned no row');
  await db
    .insert(enterpriseUsers)
    .values({ enterprise_id: enterprise.id, user_id: user.id, role: options.rol ?? 'propietario' });
  if (options.credits) {
    await grantFreeCredits(db, enterprise.id, {
      kind: 'welcome',
      credits: options.credits,
      reference: 'Créditos de bienvenida',
    });
  }
  const { token } = await deps.tokens.sign({ userId: user.id, enterpriseId: enterprise.id });
  return {
    userId: user.id,
    enterpriseId: enterprise.id,
    email,
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** Another verified user, member of `enterpriseId` with `rol`, signed in on it (issue 27). */
export async function seedMember(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  enterpriseId: number,
  rol: Rol,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<SeededEnterprise> {
  const email = options.email ?? `miembro-${randomUUID()}@example.com`;
  const password = options.password ?? 'Contrasena-Segura-1';
  const [user] = await deps.db
    .insert(users)
    .values({
      email,
      password_hash: await hashPassword(password),
      name: options.name ?? `Usuario ${rol}`,
      email_verified_at: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('seedMember: insert returned no row');
  await deps.db
    .insert(enterpriseUsers)
    .values({ enterprise_id: enterpriseId, user_id: user.id, role: rol });
  const { token } = await deps.tokens.sign({ userId: user.id, enterpriseId });
  return {
    userId: user.id,
    enterpriseId,
    email,
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
