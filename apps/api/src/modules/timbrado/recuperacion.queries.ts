import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

export interface Reclamado {
  enterprise_id: number;
  id: number;
  /** Resends of the job so far, this one included. */
  reenvio_intentos: number;
}

/**
 * Claims the 'sellada' document whose resend is most overdue, of any enterprise: its next resend is
 * moved to `hasta` (a lease longer than any PAC call) in the same statement. FOR UPDATE SKIP LOCKED
 * skips a row another process is claiming, and a row claimed and committed no longer qualifies, so
 * two processes never resend the same document at once. Null when none is due.
 */
export async function reclamarPendiente(
  db: Db,
  ahora: Date,
  hasta: Date,
): Promise<Reclamado | null> {
  const rows = rowsOf<Reclamado>(
    await db.execute(sql`
      update comprobantes c
         set reenvio_siguiente = ${hasta.toISOString()}::timestamptz,
             reenvio_intentos = c.reenvio_intentos + 1
       where (c.enterprise_id, c.id) in (
               select enterprise_id, id from comprobantes
                where status = 'sellada' and reenvio_siguiente <= ${ahora.toISOString()}::timestamptz
                order by reenvio_siguiente, enterprise_id, id
                limit 1
                  for update skip locked)
      returning c.enterprise_id, c.id, c.reenvio_intentos`),
  );
  const row = rows[0];
  return row
    ? {
        enterprise_id: Number(row.enterprise_id),
        id: Number(row.id),
        reenvio_intentos: Number(row.reenvio_intentos),
      }
    : null;
}

/** The next resend of a document that is still 'sellada' after an attempt (backoff). */
export async function programarReenvio(db: Db, enterpriseId: number, id: number, en: Date) {
  await db.execute(sql`
    update comprobantes set reenvio_siguiente = ${en.toISOString()}::timestamptz
     where enterprise_id = ${enterpriseId} and id = ${id} and status = 'sellada'`);
}
