import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { FacturaStatus } from '@repo/contracts/facturas';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { facturasIngreso } from '../../db/schema/facturas.ts';
import { facturasReceptores } from '../../db/schema/facturas-receptores.ts';
import { likePattern } from '../clients/clients.queries.ts';
import { contarFacturas, statusesOf } from './facturas-conteo.queries.ts';
import { baseWhere, selectList, toListItem } from './facturas.queries.ts';

/** The invoice list and its filters: one page of the enterprise's. */

const c = comprobantes;
const f = facturasIngreso;

/** The invoice's draft row, then `where`. */
function joined<Q extends PgSelect>(q: Q, query: { where: SQL | undefined }) {
  q.innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)));
  return q.where(query.where);
}

export interface FacturaFilters {
  rfcName: string;
  fromDate: string | null;
  toDate: string | null;
  series: string[];
  status: FacturaStatus | null;
  metodoPago: 'PUE' | 'PPD' | null;
}

/** Every invoice of the list: no text, dates, series, status or método de pago. */
export const SIN_FILTROS: FacturaFilters = {
  rfcName: '',
  fromDate: null,
  toDate: null,
  series: [],
  status: null,
  metodoPago: null,
};

/** The invoice's row and comprobante where the search text is looked for. */
const fb = alias(facturasIngreso, 'fb');
const cb = alias(comprobantes, 'cb');
const r = facturasReceptores;

/**
 * The search text anywhere in the name or RFC as invoiced, or in the UUID: the ids of the invoices
 * matching either, instead of testing every invoice. The name and RFC are looked for in the
 * enterprise's distinct receivers (migration 0027), then the matching receivers' invoices are read
 * by client and kept when they hold that name and RFC: the same invoices as `name ilike or rfc
 * ilike` on the joined row. A UUID holds only hexadecimal digits and hyphens: a text with any other
 * character cannot be part of one, so only the name and RFC are searched then; otherwise the UUID
 * through its trigram index (migration 0025).
 */
function textoBuscado(enterpriseId: number, texto: string): SQL {
  const p = likePattern(texto);
  // One branch per column, so each is found through the trigram index: with both in one `or`, the
  // planner may test the text on every receiver of the enterprise instead (10 ms for 10,000).
  const receptor = (column: SQL) => sql`select ${r.client_id}, ${r.client_name}, ${r.client_rfc}
     from ${r} where ${r.enterprise_id} = ${enterpriseId} and ${column} ilike ${p}`;
  const porCliente = sql`select ${fb.comprobante_id}
     from (${receptor(sql`${r.client_name}`)} union all ${receptor(sql`${r.client_rfc}`)}) m
     join ${f} ${fb} on ${fb.enterprise_id} = ${enterpriseId} and ${fb.client_id} = m.client_id
       and ${fb.client_name} = m.client_name and ${fb.client_rfc} = m.client_rfc`;
  // `offset 0` keeps the matches' query apart: found first through the indexes, then joined.
  if (!/^[0-9a-f-]+$/i.test(texto)) return sql`${c.id} in (${porCliente} offset 0)`;
  return sql`${c.id} in (${porCliente} union all select ${cb.id} from ${c} ${cb}
     where ${cb.enterprise_id} = ${enterpriseId} and ${cb.serie_kind} = 'facturas-ingreso'
       and ${cb.uuid} ilike ${p} offset 0)`;
}

/** The list's filters as one condition (also the export's, so both show the same invoices). */
export function facturasWhere(enterpriseId: number, filters: FacturaFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [baseWhere(enterpriseId)];
  const statuses = statusesOf(filters.status);
  conditions.push(statuses.length === 1 ? eq(c.status, statuses[0]!) : inArray(c.status, statuses));
  if (filters.rfcName) conditions.push(textoBuscado(enterpriseId, filters.rfcName));
  if (filters.fromDate) conditions.push(sql`substr(${c.fecha}, 1, 10) >= ${filters.fromDate}`);
  if (filters.toDate) conditions.push(sql`substr(${c.fecha}, 1, 10) <= ${filters.toDate}`);
  if (filters.series.length) {
    conditions.push(
      inArray(
        sql`upper(${c.serie})`,
        filters.series.map((s) => s.toUpperCase()),
      ),
    );
  }
  if (filters.metodoPago) conditions.push(eq(f.metodo_pago, filters.metodoPago));
  return and(...conditions);
}

export async function listFacturas(
  db: Db,
  enterpriseId: number,
  filters: FacturaFilters = SIN_FILTROS,
  page: { number: number; size: number },
) {
  const query = {
    scope: baseWhere(enterpriseId),
    where: facturasWhere(enterpriseId, filters),
    order: [desc(c.id)],
  };
  // Without a search text the counts kept by the triggers give the total (migration 0023).
  const { rows, total } = filters.rfcName
    ? await searchedPage(db, query, page)
    : await countedPage(db, query, await contarFacturas(db, enterpriseId, filters), page);
  return { rows: rows.map(toListItem), total };
}

/**
 * A search text's page: its ids and the number of matches in one pass over the matches (a window
 * count), since the text is looked for in every match anyway; counted apart only for a page past
 * the last one.
 */
async function searchedPage(
  db: Db,
  query: { scope: SQL; where: SQL | undefined },
  page: { number: number; size: number },
) {
  const offset = (page.number - 1) * page.size;
  const hits = await joined(
    db
      .select({ id: c.id, total: sql<number>`(count(*) over ())::int` })
      .from(c)
      .$dynamic(),
    query,
  )
    .orderBy(desc(c.id))
    .limit(page.size)
    .offset(offset);
  let total = Number(hits[0]?.total ?? 0);
  if (hits.length === 0 && offset > 0) {
    const [count] = await joined(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .$dynamic(),
      query,
    );
    total = Number(count?.n ?? 0);
  }
  const ids = hits.map((h) => h.id);
  const rows = ids.length
    ? await selectList(db)
        .where(and(query.scope, inArray(c.id, ids)))
        .orderBy(desc(c.id))
    : [];
  return { rows, total };
}

/**
 * The page of `total` invoices (newest first) whose total is already known: its ids are read from
 * whichever end of the list is nearer, so the last pages read from the oldest invoice on instead of
 * skipping every newer one; then the page's columns.
 */
async function countedPage(
  db: Db,
  query: { scope: SQL; where: SQL | undefined },
  total: number,
  page: { number: number; size: number },
) {
  const offset = (page.number - 1) * page.size;
  const end = Math.min(total, offset + page.size);
  if (offset >= total) return { rows: [], total };
  const ids = (
    offset <= total - end
      ? await joined(db.select({ id: c.id }).from(c).$dynamic(), query)
          .orderBy(desc(c.id))
          .limit(page.size)
          .offset(offset)
      : (
          await joined(db.select({ id: c.id }).from(c).$dynamic(), query)
            .orderBy(asc(c.id))
            .limit(end - offset)
            .offset(total - end)
        ).reverse()
  ).map((h) => h.id);
  const rows = ids.length
    ? await selectList(db)
        .where(and(query.scope, inArray(c.id, ids)))
        .orderBy(desc(c.id))
    : [];
  return { rows, total };
}
