import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import { EN_GLOBAL_VIGENTE } from './recibos-en-global.ts';

/** SQL: nobody is invoicing the receipt `r` on the portal (a claim over 10 minutes old is dead). */
const SIN_RECLAMO_VIGENTE = `(r.portal_reclamo_at is null
  or r.portal_reclamo_at < now() - interval '10 minutes')`;

/**
 * Claims the receipt for one customer's invoice (migration 0051): true for exactly one of several
 * customers at once. The row lock is taken first, so a global invoice stamping it in a transaction
 * not yet committed is waited for; the claim's statement then sees that global (a new statement
 * sees what committed before it began) and refuses. Call inside a transaction.
 */
export async function reclamarParaPortal(db: Db, enterpriseId: number, id: number) {
  await consulta(db, 'select 1 from recibos where enterprise_id = $1 and id = $2 for update', [
    enterpriseId,
    id,
  ]);
  const rows = await consulta<{ id: number }>(
    db,
    `update recibos r set portal_reclamo_at = now()
      where r.enterprise_id = $1 and r.id = $2 and r.estado = 'abierto'
        and not ${EN_GLOBAL_VIGENTE} and ${SIN_RECLAMO_VIGENTE}
      returning r.id`,
    [enterpriseId, id],
  );
  return rows.length > 0;
}

/** The customer's stamp failed: the receipt is free again for them or for the global. */
export async function soltarReclamo(db: Db, enterpriseId: number, id: number) {
  await consulta(
    db,
    `update recibos set portal_reclamo_at = null
      where enterprise_id = $1 and id = $2 and estado = 'abierto'`,
    [enterpriseId, id],
  );
}
