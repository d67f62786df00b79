import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import { COLUMNAS_LEIDAS_AL_SELLAR, type ValoresSellado } from './reserva.queries.ts';
import type { ComprobanteRow } from './timbrado.queries.ts';

/**
 * Several stamps of one serie stored in ONE statement (sellado.ts, a batch of the serie's queue):
 * what `reservarYGuardarSellado` does for one document, for documents sealed beforehand with the
 * consecutive folios `primero`, `primero + 1`… — one statement, one commit and one lock of the
 * balance and the serie for all of them, instead of one each.
 */

/** One document of the batch: its sealed values and the reference of its credit spend. */
export type DocumentoDelLote = Omit<ValoresSellado, 'serie_kind'> & { referencia: string };

/**
 * The balance row is locked and must hold a credit for every document; the serie's next folio must
 * be `primero.folio` (with the letters `primero.serie`) and moves past the last one; one 'spend' row
 * per document is appended (free credits first, as one stamp after another would spend them) and
 * every document is inserted with its folio. All of it or nothing: too few credits, another folio
 * or an error (a folio or key already used) writes nothing. Answers the stored rows in the order
 * of `documentos`, or null when nothing was written.
 */
export async function reservarYGuardarLote(
  db: Db,
  enterpriseId: number,
  serieId: number,
  primero: { serie: string; folio: number },
  documentos: DocumentoDelLote[],
): Promise<ComprobanteRow[] | null> {
  const columna = <K extends keyof DocumentoDelLote>(k: K) => documentos.map((d) => d[k]);
  const rows = await consulta<Omit<ComprobanteRow, 'xml_sellado' | 'idempotency_key'>>(
    db,
    `with b as (
        select enterprise_id, free from credit_balances
         where enterprise_id = $1 and total >= $5::int
           for update
      ), f as (
        update series set next_folio = next_folio + $5::int, updated_at = now()
         where enterprise_id = $1 and id = $2 and next_folio = $3 and serie = $4
           and exists (select 1 from b)
        returning serie, next_folio - $5::int as primero, kind
      ), d as (
        select * from unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                             $11::text[], $12::text[], $13::text[], $14::timestamptz[],
                             $15::boolean[])
          with ordinality as d(referencia, tipo, fecha, rfc_emisor, rfc_receptor, total,
                               xml_sellado, idempotency_key, reenvio_siguiente, pruebas, n)
      ), spend as (
        insert into credit_ledger (enterprise_id, kind, credits, status, reference)
        select b.enterprise_id, 'spend', -1, case when d.n <= b.free then 'free' else 'paid' end,
               d.referencia
          from b, f, d
         order by d.n
        returning status
      ), c as (
        insert into comprobantes (enterprise_id, status, tipo, serie_kind, serie_id, serie, folio,
           fecha, rfc_emisor, rfc_receptor, total, xml_sellado, idempotency_key, reenvio_siguiente,
           pruebas)
        select $1, 'sellada', d.tipo, f.kind, $2, f.serie, f.primero + d.n - 1, d.fecha,
               d.rfc_emisor, d.rfc_receptor, d.total, d.xml_sellado, d.idempotency_key,
               d.reenvio_siguiente, d.pruebas
          from f, d
         where (select count(*) from spend) = $5::int
         order by d.n
        returning ${COLUMNAS_LEIDAS_AL_SELLAR}
      )
      select * from c order by folio`,
    [
      enterpriseId,
      serieId,
      primero.folio,
      primero.serie,
      documentos.length,
      columna('referencia'),
      columna('tipo'),
      columna('fecha'),
      columna('rfc_emisor'),
      columna('rfc_receptor'),
      columna('total'),
      columna('xml_sellado'),
      columna('idempotency_key'),
      documentos.map((d) => d.reenvio_siguiente.toISOString()),
      columna('pruebas'),
    ],
    'timbrado_reserva_lote',
  );
  if (rows.length !== documentos.length) {
    if (rows.length === 0) return null;
    throw new Error(`reservarYGuardarLote stored ${rows.length} of ${documentos.length} documents`);
  }
  return rows.map((row, i) => {
    const d = documentos[i] as DocumentoDelLote;
    if (row.folio !== primero.folio + i)
      throw new Error('reservarYGuardarLote: folio out of order');
    return { ...row, xml_sellado: d.xml_sellado, idempotency_key: d.idempotency_key };
  });
}
