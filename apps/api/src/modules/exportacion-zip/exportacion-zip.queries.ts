import { sql } from 'drizzle-orm';
import type { ExportacionZipEstado } from '@repo/contracts/exportacion-zip';
import { KINDS_DE_SERIE } from '@repo/contracts/tipos-comprobante/registro';
import type { Db } from '../../db/client.ts';
import { listaDeLiterales } from '../../db/literales.ts';
import { rowsOf } from '../../db/migrate.ts';

/** A row of exportaciones_zip (migration 0020). */
export interface ExportacionRow {
  enterprise_id: number;
  id: number;
  desde: string;
  hasta: string;
  estado: ExportacionZipEstado;
  total: number;
  hechos: number;
  bytes: number | null;
  error: string | null;
}

const COLUMNAS = sql.raw('enterprise_id, id, desde, hasta, estado, total, hechos, bytes, error');

function exportacionDe(row: Record<string, unknown>): ExportacionRow {
  return {
    enterprise_id: Number(row.enterprise_id),
    id: Number(row.id),
    desde: String(row.desde),
    hasta: String(row.hasta),
    estado: row.estado as ExportacionZipEstado,
    total: Number(row.total),
    hechos: Number(row.hechos),
    bytes: row.bytes === null || row.bytes === undefined ? null : Number(row.bytes),
    error: typeof row.error === 'string' ? row.error : null,
  };
}

function primera(result: unknown): ExportacionRow | null {
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? exportacionDe(row) : null;
}

/**
 * The ids of the enterprise's stamped or cancelled documents dated within the period (the CFDI's
 * Fecha, day part), in date order: every registered type's (income invoices, payment complements,
 * global invoices).
 * At most `limite` (the caller asks for one more than it takes, to tell "too many").
 */
export async function documentosDelPeriodo(
  db: Db,
  enterpriseId: number,
  periodo: { desde: string; hasta: string },
  limite: number,
): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from comprobantes
       where enterprise_id = ${enterpriseId}
         and status in ('timbrada', 'cancelada')
         and xml_timbrado is not null and uuid is not null
         and serie_kind in ${listaDeLiterales(KINDS_DE_SERIE)}
         and substr(fecha, 1, 10) between ${periodo.desde} and ${periodo.hasta}
       order by fecha, id
       limit ${limite}`),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * A new export of the enterprise, pending; null when one is already pending or being prepared
 * (unique index exportaciones_zip_una_activa). The enterprise's finished exports are deleted first:
 * each holds a whole ZIP, only the newest is kept.
 */
export async function insertarExportacion(
  db: Db,
  enterpriseId: number,
  datos: { userId: number; desde: string; hasta: string; total: number },
): Promise<ExportacionRow | null> {
  await db.execute(sql`
    delete from exportaciones_zip
     where enterprise_id = ${enterpriseId} and estado in ('lista', 'error')`);
  return primera(
    await db.execute(sql`
      insert into exportaciones_zip (enterprise_id, user_id, desde, hasta, total)
      values (${enterpriseId}, ${datos.userId}, ${datos.desde}, ${datos.hasta}, ${datos.total})
      on conflict do nothing
      returning ${COLUMNAS}`),
  );
}

/** The enterprise's export being prepared (or waiting to be), if any. */
export async function exportacionActiva(db: Db, enterpriseId: number) {
  return primera(
    await db.execute(sql`
      select ${COLUMNAS} from exportaciones_zip
       where enterprise_id = ${enterpriseId} and estado in ('pendiente', 'preparando')`),
  );
}

/** One export of the enterprise; null when absent (also for another enterprise's id). */
export async function buscarExportacion(db: Db, enterpriseId: number, id: number) {
  return primera(
    await db.execute(sql`
      select ${COLUMNAS} from exportaciones_zip where enterprise_id = ${enterpriseId} and id = ${id}`),
  );
}

/** `ms` from the database's clock, as SQL: leases use the one clock every process shares. */
function dentroDe(ms: number) {
  return sql`now() + make_interval(secs => ${ms / 1000})`;
}

/**
 * Claims the export waiting longest whose lease ran out (a new one, or one whose process died), of
 * any enterprise, under FOR UPDATE SKIP LOCKED: its lease moves `leaseMs` ahead under the claim
 * `reclamo` and it starts over (progress 0, its parts deleted). Null when none is waiting.
 */
export async function reclamarExportacion(
  db: Db,
  leaseMs: number,
  reclamo: string,
): Promise<ExportacionRow | null> {
  const job = primera(
    await db.execute(sql`
      update exportaciones_zip x
         set estado = 'preparando', reclamo = ${reclamo}, hechos = 0, bytes = null,
             reclamada_hasta = ${dentroDe(leaseMs)}, updated_at = now()
       where (x.enterprise_id, x.id) in (
               select enterprise_id, id from exportaciones_zip
                where estado in ('pendiente', 'preparando') and reclamada_hasta <= now()
                order by reclamada_hasta, enterprise_id, id
                limit 1
                  for update skip locked)
      returning ${COLUMNAS}`),
  );
  if (job) {
    await db.execute(sql`
      delete from exportaciones_zip_partes
       where enterprise_id = ${job.enterprise_id} and exportacion_id = ${job.id}`);
  }
  return job;
}

/**
 * Records progress (and the total) and renews the lease `leaseMs` ahead; false when the claim is no
 * longer this process's (its lease ran out and another process took the export over): it must stop.
 */
export async function avanzarExportacion(
  db: Db,
  job: { enterprise_id: number; id: number },
  reclamo: string,
  avance: { total: number; hechos: number; leaseMs: number },
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update exportaciones_zip
         set total = ${avance.total}, hechos = ${avance.hechos},
             reclamada_hasta = ${dentroDe(avance.leaseMs)}, updated_at = now()
       where enterprise_id = ${job.enterprise_id} and id = ${job.id}
         and reclamo = ${reclamo} and estado = 'preparando'
      returning id`),
  );
  return rows.length > 0;
}

/** Part n of the ZIP's bytes. */
export async function guardarParte(
  db: Db,
  job: { enterprise_id: number; id: number },
  n: number,
  datos: Buffer,
) {
  await db.execute(sql`
    insert into exportaciones_zip_partes (enterprise_id, exportacion_id, n, datos)
    values (${job.enterprise_id}, ${job.id}, ${n}, ${datos})`);
}

/** Part n of the ZIP's bytes, or null past the last one. */
export async function leerParte(
  db: Db,
  job: { enterprise_id: number; id: number },
  n: number,
): Promise<Buffer | null> {
  const [row] = rowsOf<{ datos: Uint8Array }>(
    await db.execute(sql`
      select datos from exportaciones_zip_partes
       where enterprise_id = ${job.enterprise_id} and exportacion_id = ${job.id} and n = ${n}`),
  );
  // PGlite answers bytea as Uint8Array, node-postgres as Buffer.
  return row ? Buffer.from(row.datos) : null;
}

/** Ends the claimed export: ready with its size, or failed with a Spanish reason. */
export async function terminarExportacion(
  db: Db,
  job: { enterprise_id: number; id: number },
  reclamo: string,
  fin: { estado: 'lista'; bytes: number } | { estado: 'error'; error: string },
): Promise<void> {
  const bytes = fin.estado === 'lista' ? fin.bytes : null;
  const error = fin.estado === 'error' ? fin.error : null;
  await db.execute(sql`
    update exportaciones_zip
       set estado = ${fin.estado}, bytes = ${bytes}, error = ${error}, reclamo = null,
           updated_at = now()
     where enterprise_id = ${job.enterprise_id} and id = ${job.id} and reclamo = ${reclamo}`);
  if (fin.estado === 'error') {
    await db.execute(sql`
      delete from exportaciones_zip_partes
       where enterprise_id = ${job.enterprise_id} and exportacion_id = ${job.id}`);
  }
}

/**
 * Deletes every export (with its ZIP) older than `vidaMs`, by the database's clock (the one that
 * wrote created_at); answers how many.
 */
export async function borrarExportacionesAntiguas(db: Db, vidaMs: number): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      delete from exportaciones_zip
       where created_at < now() - make_interval(secs => ${vidaMs / 1000})
      returning id`),
  );
  return rows.length;
}
