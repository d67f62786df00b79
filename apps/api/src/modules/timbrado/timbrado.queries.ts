import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import {
  comprobantePacCalls,
  comprobantes,
  type ComprobanteStatus,
} from '../../db/schema/comprobantes.ts';
import { sellosFiscales } from '../../db/schema/sellos-fiscales.ts';

export const comprobanteColumns = {
  enterprise_id: comprobantes.enterprise_id,
  id: comprobantes.id,
  tipo: comprobantes.tipo,
  serie_kind: comprobantes.serie_kind,
  serie_id: comprobantes.serie_id,
  serie: comprobantes.serie,
  folio: comprobantes.folio,
  status: comprobantes.status,
  estatus_cancelacion: comprobantes.estatus_cancelacion,
  fecha: comprobantes.fecha,
  rfc_emisor: comprobantes.rfc_emisor,
  rfc_receptor: comprobantes.rfc_receptor,
  total: comprobantes.total,
  xml_sellado: comprobantes.xml_sellado,
  idempotency_key: comprobantes.idempotency_key,
  xml_timbrado: comprobantes.xml_timbrado,
  uuid: comprobantes.uuid,
  fecha_timbrado: comprobantes.fecha_timbrado,
  rechazo_codigo: comprobantes.rechazo_codigo,
  rechazo_mensaje: comprobantes.rechazo_mensaje,
  motivo_cancelacion: comprobantes.motivo_cancelacion,
  folio_sustitucion: comprobantes.folio_sustitucion,
  pruebas: comprobantes.pruebas,
};

export type ComprobanteRow = Awaited<ReturnType<typeof findComprobante>> & object;

export async function findComprobante(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select(comprobanteColumns)
    .from(comprobantes)
    .where(and(eq(comprobantes.enterprise_id, enterpriseId), eq(comprobantes.id, id)));
  return row ?? null;
}

export async function findComprobanteByIdempotencyKey(db: Db, enterpriseId: number, key: string) {
  const [row] = await db
    .select(comprobanteColumns)
    .from(comprobantes)
    .where(
      and(eq(comprobantes.enterprise_id, enterpriseId), eq(comprobantes.idempotency_key, key)),
    );
  return row ?? null;
}

/** Moves a comprobante from `from` to its new state; null when it was no longer in `from`. */
export async function updateComprobanteFrom(
  db: Db,
  enterpriseId: number,
  id: number,
  from: ComprobanteStatus[],
  values: Partial<{
    status: ComprobanteStatus;
    xml_timbrado: string;
    uuid: string;
    fecha_timbrado: string;
    rechazo_codigo: string;
    rechazo_mensaje: string;
    estatus_cancelacion: string;
    motivo_cancelacion: string;
    folio_sustitucion: string;
  }>,
) {
  const [row] = await db
    .update(comprobantes)
    .set({ ...values, updated_at: new Date() })
    .where(
      and(
        eq(comprobantes.enterprise_id, enterpriseId),
        eq(comprobantes.id, id),
        inArray(comprobantes.status, from),
      ),
    )
    .returning(comprobanteColumns);
  return row ?? null;
}

export async function insertPacCall(
  db: Db,
  enterpriseId: number,
  values: {
    comprobante_id: number;
    operation: 'timbrar' | 'cancelar' | 'consultar';
    outcome: string;
    code: string;
    message: string;
    raw: string;
    duration_ms: number;
  },
) {
  await db.insert(comprobantePacCalls).values({ enterprise_id: enterpriseId, ...values });
}

export function listPacCalls(db: Db, enterpriseId: number, comprobanteId: number) {
  return db
    .select({
      id: comprobantePacCalls.id,
      operation: comprobantePacCalls.operation,
      outcome: comprobantePacCalls.outcome,
      code: comprobantePacCalls.code,
      message: comprobantePacCalls.message,
      raw: comprobantePacCalls.raw,
    })
    .from(comprobantePacCalls)
    .where(
      and(
        eq(comprobantePacCalls.enterprise_id, enterpriseId),
        eq(comprobantePacCalls.comprobante_id, comprobanteId),
      ),
    )
    .orderBy(comprobantePacCalls.id);
}

/** Id of the enterprise's current seal (the newest row), the key of the decrypted-CSD cache. */
export async function findCurrentSellosId(db: Db, enterpriseId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: sellosFiscales.id })
    .from(sellosFiscales)
    .where(eq(sellosFiscales.enterprise_id, enterpriseId))
    .orderBy(desc(sellosFiscales.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The PAC's stamp stored in ONE statement (atomic without an explicit transaction): the call and its
 * raw answer appended, the comprobante moved from 'sellada' to 'timbrada' with the stamped XML
 * verbatim. False when it was no longer 'sellada' (a concurrent resend stored the answer first);
 * the call is recorded either way.
 */
export async function storeTimbrado(
  db: Db,
  enterpriseId: number,
  id: number,
  call: { code: string; message: string; raw: string; duration_ms: number },
  timbre: { xml: string; uuid: string; fecha_timbrado: string },
): Promise<boolean> {
  const rows = await consulta<{ n: number }>(
    db,
    `with call as (
        insert into comprobante_pac_calls
          (enterprise_id, comprobante_id, operation, outcome, code, message, raw, duration_ms)
        values ($1, $2, 'timbrar', 'ok', $3, $4, $5, $6)
      ), u as (
        update comprobantes
           set status = 'timbrada', xml_timbrado = $7, uuid = $8, fecha_timbrado = $9,
               updated_at = now()
         where enterprise_id = $1 and id = $2 and status = 'sellada'
        returning id
      )
      select count(*)::int as n from u`,
    [
      enterpriseId,
      id,
      call.code,
      call.message,
      call.raw,
      call.duration_ms,
      timbre.xml,
      timbre.uuid,
      timbre.fecha_timbrado,
    ],
    'timbrado_timbre',
  );
  return Number(rows[0]?.n ?? 0) === 1;
}

/**
 * How many stamping attempts under a key prefix the PAC rejected: the number of the next attempt.
 * Keys are `<prefix><n>`, so concurrent requests share one key (one stamp), a lost answer is resent
 * under the same key, and only a rejection opens a new attempt.
 */
export async function countRechazadasConPrefijo(db: Db, enterpriseId: number, keyPrefix: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comprobantes)
    .where(
      and(
        eq(comprobantes.enterprise_id, enterpriseId),
        eq(comprobantes.status, 'rechazada'),
        like(comprobantes.idempotency_key, `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`),
      ),
    );
  return row?.n ?? 0;
}

/** A comprobante of the enterprise by UUID, with its stamped XML (motivo 01 checks). */
export async function findTimbradaByUuid(db: Db, enterpriseId: number, uuid: string) {
  const [row] = await db
    .select({
      id: comprobantes.id,
      status: comprobantes.status,
      xml_timbrado: comprobantes.xml_timbrado,
    })
    .from(comprobantes)
    .where(and(eq(comprobantes.enterprise_id, enterpriseId), eq(comprobantes.uuid, uuid)));
  return row ?? null;
}
