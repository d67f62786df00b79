import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  comprobantePacCalls,
  comprobantes,
  type ComprobanteStatus,
} from '../../db/schema/comprobantes.ts';
import type { SerieKind } from '../../db/schema/series.ts';

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
  },
) {
  const [row] = await db
    .insert(comprobantes)
    .values({ enterprise_id: enterpriseId, status: 'sellada', ...values })
    .returning(comprobanteColumns);
  if (!row) throw new Error('insertComprobanteSellado returned no row');
  return row;
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
