import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

/** A substitution (migration 0037): the substitute stamped with relation 04, the original to cancel. */
export interface SustitucionRow {
  enterprise_id: number;
  sustituto_id: number;
  original_id: number;
  estado: 'pendiente' | 'solicitada' | 'abandonada';
  intentos: number;
  ultimo_error: string;
}

function fila(r: Record<string, unknown>): SustitucionRow {
  return {
    enterprise_id: Number(r.enterprise_id),
    sustituto_id: Number(r.sustituto_id),
    original_id: Number(r.original_id),
    estado: r.estado as SustitucionRow['estado'],
    intentos: Number(r.intentos),
    ultimo_error: typeof r.ultimo_error === 'string' ? r.ultimo_error : '',
  };
}

const COLUMNAS = sql`enterprise_id, sustituto_id, original_id, estado, intentos, ultimo_error`;

/**
 * Written in the transaction that seals the substitute (once per run of that transaction). Its
 * first attempt belongs to the request that stamps it until `siguiente`; then the recovery job.
 */
export async function insertSustitucion(
  tx: Db,
  enterpriseId: number,
  sustitutoId: number,
  originalId: number,
  siguiente: Date,
) {
  await tx.execute(sql`
    insert into sustituciones (enterprise_id, sustituto_id, original_id, siguiente)
    values (${enterpriseId}, ${sustitutoId}, ${originalId}, ${siguiente.toISOString()}::timestamptz)
    on conflict do nothing`);
}

/** The substitution of a comprobante: as its substitute, else its newest as the original. */
export async function findSustitucionDe(
  db: Db,
  enterpriseId: number,
  comprobanteId: number,
): Promise<SustitucionRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${COLUMNAS} from sustituciones
       where enterprise_id = ${enterpriseId}
         and (sustituto_id = ${comprobanteId} or original_id = ${comprobanteId})
       order by (sustituto_id = ${comprobanteId}) desc, (estado = 'abandonada'), created_at desc
       limit 1`),
  );
  return rows[0] ? fila(rows[0]) : null;
}

/** A substitution of this original still waiting for its cancellation. */
export async function findPendienteDeOriginal(db: Db, enterpriseId: number, originalId: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${COLUMNAS} from sustituciones
       where enterprise_id = ${enterpriseId} and original_id = ${originalId}
         and estado = 'pendiente'`),
  );
  return rows[0] ? fila(rows[0]) : null;
}

/**
 * Claims a pending substitution for one attempt: its next attempt moves to `hasta` (a lease longer
 * than any PAC call). `sustitutoId` claims that one whatever its due time (the screen's retry);
 * without it, the most overdue one whose substitute has the PAC's answer (the recovery job; a
 * substitute still 'sellada' is resent by the job first). FOR UPDATE SKIP LOCKED: one process each.
 */
export async function reclamarSustitucion(
  db: Db,
  ahora: Date,
  hasta: Date,
  uno?: { enterpriseId: number; sustitutoId: number },
): Promise<SustitucionRow | null> {
  const filtro = uno
    ? sql`s.enterprise_id = ${uno.enterpriseId} and s.sustituto_id = ${uno.sustitutoId}`
    : sql`s.siguiente <= ${ahora.toISOString()}::timestamptz`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      update sustituciones x
         set siguiente = ${hasta.toISOString()}::timestamptz, intentos = x.intentos + 1,
             updated_at = now()
       where (x.enterprise_id, x.sustituto_id) in (
               select s.enterprise_id, s.sustituto_id
                 from sustituciones s
                 join comprobantes c on c.enterprise_id = s.enterprise_id and c.id = s.sustituto_id
                where s.estado = 'pendiente' and c.status in ('timbrada', 'rechazada', 'cancelada')
                  and ${filtro}
                order by s.siguiente, s.enterprise_id, s.sustituto_id
                limit 1
                  for update of s skip locked)
      returning x.enterprise_id, x.sustituto_id, x.original_id, x.estado, x.intentos,
                x.ultimo_error`),
  );
  return rows[0] ? fila(rows[0]) : null;
}

/** The outcome of an attempt: done, abandoned, or still pending with its error and next time. */
export async function marcarSustitucion(
  db: Db,
  s: { enterprise_id: number; sustituto_id: number },
  valores: { estado: SustitucionRow['estado']; ultimo_error?: string; siguiente?: Date },
) {
  await db.execute(sql`
    update sustituciones
       set estado = ${valores.estado},
           ultimo_error = ${valores.ultimo_error ?? ''},
           siguiente = coalesce(${valores.siguiente?.toISOString() ?? null}::timestamptz, siguiente),
           updated_at = now()
     where enterprise_id = ${s.enterprise_id} and sustituto_id = ${s.sustituto_id}`);
}

/**
 * An abandoned substitution gives the original back what it gave up to its substitute in the
 * sealing transaction: a global invoice its period (facturas_globales.estado, derived from the
 * comprobante's status as migration 0017's trigger derives it). Other types gave up nothing.
 */
export async function devolverPeriodo(db: Db, s: { enterprise_id: number; original_id: number }) {
  await db.execute(sql`
    update facturas_globales g
       set estado = facturas_globales_estado_de(c.status), updated_at = now()
      from comprobantes c
     where g.enterprise_id = ${s.enterprise_id} and g.comprobante_id = ${s.original_id}
       and c.enterprise_id = g.enterprise_id and c.id = g.comprobante_id
       and g.estado <> facturas_globales_estado_de(c.status)`);
}
