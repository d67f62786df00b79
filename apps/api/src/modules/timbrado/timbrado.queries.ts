import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import {
  comprobantePacCalls,
  comprobantes,
  type ComprobanteStatus,
} from '../../db/schema/comprobantes.ts';
import type { SerieKind } from '../../db/schema/series.ts';
import { sellosFiscales } from '../../db/schema/sellos-fiscales.ts';
import type { CreditStatus } from '../credits/credits.queries.ts';

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
};

export type ComprobanteRow = Awaited<ReturnType<typeof findComprobante>> & object;

/** The columns of a ComprobanteRow (their keys are the column names) but the sealed XML and key. */
const COLUMNAS_LEIDAS_AL_SELLAR = Object.keys(comprobanteColumns)
  .filter((c) => c !== 'xml_sellado' && c !== 'idempotency_key')
  .join(', ');

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

export async function insertComprobanteSellado(
  db: Db,
  enterpriseId: number,
  values: {
    tipo: 'I' | 'E' | 'P' | 'T' | 'N';
    serie_kind: SerieKind;
    serie_id: number;
    serie: string;
    folio: number;
    fecha: string;
    rfc_emisor: string;
    rfc_receptor: string;
    total: string;
    xml_sellado: string;
    idempotency_key: string;
    /** When the recovery job may first resend it, if its PAC answer never comes. */
    reenvio_siguiente: Date;
  },
) {
  // Straight to the driver (drizzle's insert builder cost more CPU than the statement), and the
  // sealed XML and the key are not read back: they are the bytes just sent.
  const [row] = await consulta<Omit<ComprobanteRow, 'xml_sellado' | 'idempotency_key'>>(
    db,
    `insert into comprobantes (enterprise_id, status, tipo, serie_kind, serie_id, serie, folio, fecha,
       rfc_emisor, rfc_receptor, total, xml_sellado, idempotency_key, reenvio_siguiente)
     values ($1, 'sellada', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     returning ${COLUMNAS_LEIDAS_AL_SELLAR}`,
    [
      enterpriseId,
      values.tipo,
      values.serie_kind,
      values.serie_id,
      values.serie,
      values.folio,
      values.fecha,
      values.rfc_emisor,
      values.rfc_receptor,
      values.total,
      values.xml_sellado,
      values.idempotency_key,
      values.reenvio_siguiente,
    ],
    'timbrado_sellado',
  );
  if (!row) throw new Error('insertComprobanteSellado returned no row');
  return { ...row, xml_sellado: values.xml_sellado, idempotency_key: values.idempotency_key };
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
 * One credit and the serie's next folio in ONE statement (one round trip inside the stamping
 * transaction): the enterprise's balance row is locked and, when it holds at least one credit, a
 * 'spend' row is appended (free credits first; the ledger trigger of migration 0013 moves the
 * balance); only then the serie's next folio is taken (its row stays locked until commit). The same
 * rules as reserveCredit (credits.service.ts) and reserveNextFolio (series.queries.ts).
 * `spent` false: no credit (nothing written); `folio` null: no such serie (the caller rolls back).
 */
export async function reserveCreditAndFolio(
  tx: Db,
  enterpriseId: number,
  serieId: number,
  reference: string,
): Promise<{
  spent: boolean;
  creditStatus: CreditStatus | null;
  folio: { serie: string; folio: number; kind: SerieKind } | null;
}> {
  const rows = await consulta<{
    status: CreditStatus | null;
    serie: string | null;
    folio: number | null;
    kind: SerieKind | null;
  }>(
    tx,
    `with b as (
        select enterprise_id, free from credit_balances
         where enterprise_id = $1 and total >= 1
           for update
      ), spend as (
        insert into credit_ledger (enterprise_id, kind, credits, status, reference)
        select enterprise_id, 'spend', -1, case when free > 0 then 'free' else 'paid' end, $3
          from b
        returning status
      ), f as (
        update series set next_folio = next_folio + 1, updated_at = now()
         where enterprise_id = $1 and id = $2 and exists (select 1 from spend)
        returning serie, next_folio - 1 as folio, kind
      )
      select (select status from spend) as status, f.serie, f.folio, f.kind
        from (select 1) as one left join f on true`,
    [enterpriseId, serieId, reference],
    'timbrado_reserva',
  );
  const row = rows[0];
  const status = row?.status ?? null;
  return {
    spent: status !== null,
    creditStatus: status,
    folio:
      row && row.serie !== null && row.folio !== null && row.kind !== null
        ? { serie: row.serie, folio: Number(row.folio), kind: row.kind }
        : null,
  };
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
 * What a stamp reads before its transaction, in one statement: the id of the enterprise's current
 * seal (the key of the decrypted-CSD cache) and the serie with its next folio as it stands.
 */
export async function readStampContext(
  db: Db,
  enterpriseId: number,
  serieId: number,
): Promise<{
  sellosId: number | null;
  serie: { serie: string; folio: number; kind: SerieKind } | null;
}> {
  const rows = await consulta<{
    sellos_id: number | null;
    serie: string | null;
    folio: number | null;
    kind: SerieKind | null;
  }>(
    db,
    `select (select id from sellos_fiscales where enterprise_id = $1
               order by id desc limit 1) as sellos_id,
             s.serie, s.next_folio as folio, s.kind
        from (select 1) as one
        left join series s on s.enterprise_id = $1 and s.id = $2`,
    [enterpriseId, serieId],
    'timbrado_contexto',
  );
  const row = rows[0];
  return {
    sellosId: row?.sellos_id == null ? null : Number(row.sellos_id),
    serie:
      row && row.serie !== null && row.folio !== null && row.kind !== null
        ? { serie: row.serie, folio: Number(row.folio), kind: row.kind }
        : null,
  };
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
