import type { ComprasAdministradores } from '@repo/contracts/equipo';
import { withTransaction } from '../../db/transaction.ts';
import type { AuthContext } from '../../http/auth.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { findAdministradoresCompran, updateAdministradoresCompran } from './equipo.queries.ts';
import type { EquipoDeps } from './equipo.service.ts';

// The owner's switch (issue 27): whether the enterprise's administrators may buy credits. The route
// is the owner's alone (capability 'propiedad'); requireAuth reads the switch with the member's role
// on every request, so turning it off refuses an administrator's next purchase.

export async function verComprasAdministradores(
  deps: Pick<EquipoDeps, 'db'>,
  auth: AuthContext,
): Promise<ComprasAdministradores> {
  return {
    administradores_compran: await findAdministradoresCompran(deps.db, auth.enterpriseId),
  };
}

/** Sets the switch; a change (not a repeat of the same value) is recorded in the audit log. */
export async function cambiarComprasAdministradores(
  deps: Pick<EquipoDeps, 'db'>,
  auth: AuthContext,
  valor: boolean,
): Promise<ComprasAdministradores> {
  const quien = quienActua();
  await withTransaction(deps.db, async (tx) => {
    if (!(await updateAdministradoresCompran(tx, auth.enterpriseId, valor))) return;
    await registrarAuditoria(tx, auth.enterpriseId, quien, {
      accion: 'compras_administradores',
      objeto: `empresa:${String(auth.enterpriseId)}`,
      detalles: { administradores_compran: valor },
    });
  });
  return { administradores_compran: valor };
}
