import { sql } from 'drizzle-orm';
import type { NotaCreditoRequest, NotasCreditoQuery } from '@repo/contracts/notas-credito';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

const lista = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Whether any of `ids` is one of the enterprise's global invoices (serie kind of the globals). */
export async function sonGlobales(db: Db, enterpriseId: number, ids: readonly number[]) {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from comprobantes
       where enterprise_id = ${enterpriseId} and id in (${lista(ids)})
         and serie_kind = 'facturas-globales'`),
  );
  return (rows[0]?.n ?? 0) > 0;
}

export interface NotaCreditoFila {
  client_id: number;
  client_name: string;
  client_rfc: string;
  /** 07: the egreso that applies an advance (modules/anticipos). */
  tipo_relacion: '01' | '03' | '07';
  motivo: string;
  moneda: string;
  /** MXN per unit of `moneda` (null in MXN): Inicio's figures take the note in pesos. */
  tipo_cambio: string | null;
  subtotal: string;
  total: string;
  /** The request behind it (an advance's application stores its own, modules/anticipos). */
  draft: Omit<NotaCreditoRequest, 'idempotency_key'> | Record<string, unknown>;
}

/** The note's draft and its share of each invoice, in the sealing transaction. */
export async function insertNotaCredito(
  tx: Db,
  enterpriseId: number,
  comprobanteId: number,
  fila: NotaCreditoFila,
  facturas: readonly { factura_id: number; importe: string }[],
) {
  await tx.execute(sql`
    insert into notas_credito (enterprise_id, comprobante_id, client_id, client_name, client_rfc,
                               tipo_relacion, motivo, moneda, tipo_cambio, subtotal, total, draft)
    values (${enterpriseId}, ${comprobanteId}, ${fila.client_id}, ${fila.client_name},
            ${fila.client_rfc}, ${fila.tipo_relacion}, ${fila.motivo}, ${fila.moneda},
            ${fila.tipo_cambio}, ${fila.subtotal}, ${fila.total}, ${JSON.stringify(fila.draft)}::jsonb)`);
  for (const f of facturas)
    await tx.execute(sql`
      insert into notas_credito_facturas (enterprise_id, comprobante_id, factura_id, importe)
      values (${enterpriseId}, ${comprobanteId}, ${f.factura_id}, ${f.importe})`);
}

export interface NotaCreditoRow {
  id: number;
  serie: string;
  folio: number | null;
  uuid: string | null;
  status: string;
  fecha: string;
  client_id: number;
  client_name: string;
  client_rfc: string;
  tipo_relacion: '01' | '03' | '07';
  motivo: string;
  moneda: string;
  subtotal: string;
  total: string;
  facturas: { factura_id: number; serie_folio: string; uuid: string; importe: string }[];
}

const SELECT_NOTA = sql`
  select c.id, c.serie, c.folio, c.uuid, c.status, c.fecha, n.client_id, n.client_name,
         n.client_rfc, n.tipo_relacion, n.motivo, n.moneda, n.subtotal::text as subtotal,
         n.total::text as total,
         coalesce((select json_agg(json_build_object(
                     'factura_id', nf.factura_id,
                     'serie_folio', f.serie || '-' || coalesce(f.folio::text, ''),
                     'uuid', coalesce(f.uuid, ''),
                     'importe', nf.importe::text) order by nf.factura_id)
                     from notas_credito_facturas nf
                     join comprobantes f on f.enterprise_id = nf.enterprise_id and f.id = nf.factura_id
                    where nf.enterprise_id = n.enterprise_id and nf.comprobante_id = n.comprobante_id),
                  '[]'::json) as facturas
    from notas_credito n
    join comprobantes c on c.enterprise_id = n.enterprise_id and c.id = n.comprobante_id`;

export async function findNotaCredito(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<NotaCreditoRow | null> {
  const [row] = rowsOf<NotaCreditoRow>(
    await db.execute(
      sql`${SELECT_NOTA} where n.enterprise_id = ${enterpriseId} and n.comprobante_id = ${id}`,
    ),
  );
  return row ?? null;
}

/** The enterprise's notes, newest first, with the list's filters. */
export async function listNotasCredito(
  db: Db,
  enterpriseId: number,
  q: NotasCreditoQuery,
): Promise<{ rows: NotaCreditoRow[]; total: number }> {
  const filtros = [sql`n.enterprise_id = ${enterpriseId}`];
  if (q.status) filtros.push(sql`c.status = ${q.status}`);
  if (q.client_id) filtros.push(sql`n.client_id = ${q.client_id}`);
  if (q.desde) filtros.push(sql`substr(c.fecha, 1, 10) >= ${q.desde}`);
  if (q.hasta) filtros.push(sql`substr(c.fecha, 1, 10) <= ${q.hasta}`);
  if (q.factura_id)
    filtros.push(sql`exists (select 1 from notas_credito_facturas x
      where x.enterprise_id = n.enterprise_id and x.comprobante_id = n.comprobante_id
        and x.factura_id = ${q.factura_id})`);
  const where = sql.join(filtros, sql` and `);
  const rows = rowsOf<NotaCreditoRow>(
    await db.execute(sql`${SELECT_NOTA} where ${where} order by n.comprobante_id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const [cuenta] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from notas_credito n
      join comprobantes c on c.enterprise_id = n.enterprise_id and c.id = n.comprobante_id
      where ${where}`),
  );
  return { rows, total: cuenta?.n ?? 0 };
}
