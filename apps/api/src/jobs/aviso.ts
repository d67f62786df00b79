import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The channel on which an API process without jobs (JOBS=off) tells the workers that work waits. */
export const JOBS_CHANNEL = 'cfdi_trabajos';

/** Wakes the worker processes (NOTIFY; each one LISTENs: worker.ts); their timers are the fallback. */
export async function avisarTrabajadores(db: Db, que: 'exportacion-zip'): Promise<void> {
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${que})`);
}
