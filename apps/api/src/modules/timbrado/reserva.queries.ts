import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import type { SerieKind } from '../../db/schema/series.ts';
import type { CreditStatus } from '../credits/credits.queries.ts';
import { comprobanteColumns, type ComprobanteRow } from './timbrado.queries.ts';

/**
 * The statements of the sealing step of a stamp (timbrado.service.ts, sellado.ts): the credit and
 * folio reservation, and the sealed document's insert, alone
 * (a reservation, then the seal, then the insert, in one transaction) or in ONE statement with the
 * reservation (the seal made beforehand for the folio the serie is expected to give).
 */

/** The sealed document's values, as the stamping service stores them. */
export interface ValoresSellado {
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
  /** Made with a test API key (docs/decisions/014). */
  pruebas: boolean;
}

/** $7 to $14 of both inserts of a sealed document: the same columns in the same order. */
function parametrosDelDocumento(values: Omit<ValoresSellado, 'serie_kind'>): unknown[] {
  return [
    values.fecha,
    values.rfc_emisor,
    values.rfc_receptor,
    values.total,
    values.xml_sellado,
    values.idempotency_key,
    values.reenvio_siguiente,
    values.pruebas,
  ];
}

/** The columns of a ComprobanteRow (their keys are the column names) but the sealed XML and key. */
export const COLUMNAS_LEIDAS_AL_SELLAR = Object.keys(comprobanteColumns)
  .filter((c) => c !== 'xml_sellado' && c !== 'idempotency_key')
  .join(', ');

export async function insertComprobanteSellado(
  db: Db,
  enterpriseId: number,
  values: ValoresSellado,
) {
  // Straight to the driver (drizzle's insert builder cost more CPU than the statement), and the
  // sealed XML and the key are not read back: they are the bytes just sent.
  const [row] = await consulta<Omit<ComprobanteRow, 'xml_sellado' | 'idempotency_key'>>(
    db,
    `insert into comprobantes (enterprise_id, status, tipo, serie_kind, serie_id, serie, folio, fecha,
       rfc_emisor, rfc_receptor, total, xml_sellado, idempotency_key, reenvio_siguiente, pruebas)
     values ($1, 'sellada', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     returning ${COLUMNAS_LEIDAS_AL_SELLAR}`,
    [
      enterpriseId,
      values.tipo,
      values.serie_kind,
      values.serie_id,
      values.serie,
      values.folio,
      ...parametrosDelDocumento(values),
    ],
    'timbrado_sellado',
  );
  if (!row) throw new Error('insertComprobanteSellado returned no row');
  return { ...row, xml_sellado: values.xml_sellado, idempotency_key: values.idempotency_key };
}

/**
 * One credit and the serie's next folio in ONE statement (one round trip inside the stamping
 * transaction, before the seal): the enterprise's balance row is locked and, when it holds at least one credit, a
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

/** What the one-statement reservation answers. */
export type ReservaYSellado =
  | { resultado: 'sellado'; row: ComprobanteRow }
  | { resultado: 'sin-credito' }
  /** The serie gives another folio (or has other letters, or no longer exists): nothing written. */
  | { resultado: 'otro-folio'; siguiente: { serie: string; folio: number } | null };

/**
 * One credit, the serie's next folio and the sealed document in ONE statement, for a document
 * sealed beforehand with the folio the serie was expected to give (`values.serie` / `values.folio`):
 * the enterprise's balance row is locked and must hold a credit; the serie's next folio is taken
 * only when it is that folio (and the serie still has those letters); only then the 'spend' row is
 * appended (free credits first; the ledger trigger of migration 0013 moves the balance) and the
 * sealed document inserted. Either all of it happens or none: no credit, another folio or an error
 * (a folio or key already used) writes nothing. The sealed XML and the key are not read back.
 */
export async function reservarYGuardarSellado(
  db: Db,
  enterpriseId: number,
  values: Omit<ValoresSellado, 'serie_kind'>,
  reference: string,
): Promise<ReservaYSellado> {
  const rows = await consulta<
    Omit<ComprobanteRow, 'xml_sellado' | 'idempotency_key'> & {
      credito: boolean;
      serie_actual: string | null;
      siguiente: number | null;
    }
  >(
    db,
    `with b as (
        select enterprise_id, free from credit_balances
         where enterprise_id = $1 and total >= 1
           for update
      ), f as (
        update series set next_folio = next_folio + 1, updated_at = now()
         where enterprise_id = $1 and id = $2 and next_folio = $3 and serie = $4
           and exists (select 1 from b)
        returning serie, next_folio - 1 as folio, kind
      ), spend as (
        insert into credit_ledger (enterprise_id, kind, credits, status, reference)
        select b.enterprise_id, 'spend', -1, case when b.free > 0 then 'free' else 'paid' end, $5
          from b, f
        returning status
      ), c as (
        insert into comprobantes (enterprise_id, status, tipo, serie_kind, serie_id, serie, folio,
           fecha, rfc_emisor, rfc_receptor, total, xml_sellado, idempotency_key, reenvio_siguiente,
           pruebas)
        select $1, 'sellada', $6, f.kind, $2, f.serie, f.folio, $7, $8, $9, $10, $11, $12, $13,
               $14
          from f, spend
        returning ${COLUMNAS_LEIDAS_AL_SELLAR}
      )
      select exists (select 1 from b) as credito, s.serie as serie_actual,
             s.next_folio as siguiente, c.*
        from (select 1) as one
        left join c on true
        left join series s on s.enterprise_id = $1 and s.id = $2`,
    [
      enterpriseId,
      values.serie_id,
      values.folio,
      values.serie,
      reference,
      values.tipo,
      ...parametrosDelDocumento(values),
    ],
    'timbrado_reserva_sellado',
  );
  const r = rows[0];
  if (!r?.credito) return { resultado: 'sin-credito' };
  if (r.id === null || r.id === undefined) {
    return {
      resultado: 'otro-folio',
      siguiente:
        r.serie_actual !== null && r.siguiente !== null
          ? { serie: r.serie_actual, folio: Number(r.siguiente) }
          : null,
    };
  }
  const { credito: _c, serie_actual: _s, siguiente: _n, ...row } = r;
  return {
    resultado: 'sellado',
    row: { ...row, xml_sellado: values.xml_sellado, idempotency_key: values.idempotency_key },
  };
}
