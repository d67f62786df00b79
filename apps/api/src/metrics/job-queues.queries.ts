import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/migrate.ts';

// What the background jobs have waiting, across every enterprise (an operator's view, for /metrics).

export interface RecuperacionPendiente {
  /** Sealed documents whose PAC answer never came: the recovery job resends them. */
  selladas: number;
  /** Those of them whose next resend is due now (a growing number means the job is behind). */
  vencidas: number;
}

/** The PAC recovery job's queue (modules/timbrado/recuperacion.ts), on its partial index. */
export async function recuperacionPendiente(db: Db, ahora: Date): Promise<RecuperacionPendiente> {
  const [row] = rowsOf<{ selladas: number | string; vencidas: number | string }>(
    await db.execute(sql`
      select count(*) as selladas,
             count(*) filter (where reenvio_siguiente <= ${ahora.toISOString()}::timestamptz) as vencidas
        from comprobantes
       where status = 'sellada'`),
  );
  return { selladas: Number(row?.selladas ?? 0), vencidas: Number(row?.vencidas ?? 0) };
}

/** ZIP exports waiting ('pendiente') and being prepared ('preparando'), of every enterprise. */
export async function exportacionesEnCola(
  db: Db,
): Promise<{ pendiente: number; preparando: number }> {
  const rows = rowsOf<{ estado: string; n: number | string }>(
    await db.execute(sql`
      select estado, count(*) as n
        from exportaciones_zip
       where estado in ('pendiente', 'preparando')
       group by estado`),
  );
  const n = (estado: string) => Number(rows.find((r) => r.estado === estado)?.n ?? 0);
  return { pendiente: n('pendiente'), preparando: n('preparando') };
}
