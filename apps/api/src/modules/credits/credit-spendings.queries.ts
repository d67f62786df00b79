import { sql, type SQL } from 'drizzle-orm';
import type { CreditSpending } from '@repo/contracts/credits';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

export interface SpendingFilters {
  from?: string | undefined;
  to?: string | undefined;
  type?: 'spend' | 'refund' | undefined;
  documentType?: string | undefined;
}

interface Row {
  id: number;
  created_at: Date | string;
  kind: 'spend' | 'refund';
  credits: number;
  balance_after: number;
  doc_id: number | null;
  tipo: string | null;
  serie_kind: string | null;
  serie: string | null;
  folio: number | null;
  uuid: string | null;
  doc_status: string | null;
}

/** The ledger row's document: a stamp's credit is referenced `timbrado:<idempotency key>`. */
const DOCUMENT_JOIN = (enterpriseId: number) =>
  sql`left join comprobantes c
        on c.enterprise_id = ${enterpriseId}
       and left(l.reference, 9) = 'timbrado:' and c.idempotency_key = substr(l.reference, 10)`;

/**
 * One page of the enterprise's credit spends (a stamp took a credit) and refunds (the PAC refused,
 * the credit came back), newest first, each with the balance right after it (a running sum over the
 * whole ledger, purchases included) and the document it was for. Dates are Mexico City days.
 *
 * The balance after a row is the enterprise's running balance (credit_balances, kept equal to the
 * ledger's sum by its trigger) minus what the rows after it added, so only the rows from the page's
 * oldest on are read, not the whole ledger; the document is found by its idempotency key's index.
 */
/**
 * How many rows match: without a period or a document type, the spends and refunds counted as the
 * ledger was written (credit_balances, kept by the ledger's trigger: migration 0026) instead of a
 * count over the whole ledger.
 */
async function countSpendings(
  db: Db,
  enterpriseId: number,
  filters: SpendingFilters,
  matching: SQL,
) {
  if (!filters.from && !filters.to && !filters.documentType) {
    const kept =
      filters.type === 'spend'
        ? sql`spends`
        : filters.type === 'refund'
          ? sql`refunds`
          : sql`spends + refunds`;
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select ${kept} as n from credit_balances where enterprise_id = ${enterpriseId}`,
      ),
    );
    return Number(row?.n ?? 0);
  }
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n ${matching}`),
  );
  return Number(count?.n ?? 0);
}

export async function listSpendings(
  db: Db,
  enterpriseId: number,
  filters: SpendingFilters,
  page: { number: number; size: number },
): Promise<{ rows: CreditSpending[]; total: number }> {
  const day = sql`(l.created_at at time zone 'America/Mexico_City')::date`;
  const where: SQL[] = [sql`l.enterprise_id = ${enterpriseId}`, sql`l.kind in ('spend', 'refund')`];
  if (filters.from) where.push(sql`${day} >= ${filters.from}::date`);
  if (filters.to) where.push(sql`${day} <= ${filters.to}::date`);
  if (filters.type) where.push(sql`l.kind = ${filters.type}`);
  // A global invoice is a CFDI of type I from a serie of globals: G asks for those, I for the rest.
  if (filters.documentType === 'G')
    where.push(sql`c.tipo = 'I' and c.serie_kind = 'facturas-globales'`);
  else if (filters.documentType === 'I')
    where.push(sql`c.tipo = 'I' and c.serie_kind is distinct from 'facturas-globales'`);
  else if (filters.documentType) where.push(sql`c.tipo = ${filters.documentType}`);
  // The document is joined to filter by its type only: each ledger row has at most one.
  const matching = sql`from credit_ledger l
       ${filters.documentType ? DOCUMENT_JOIN(enterpriseId) : sql``}
       where ${sql.join(where, sql` and `)}`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with page as (
        select l.id, l.created_at, l.kind, l.credits, l.reference ${matching}
         order by l.id desc
         limit ${page.size} offset ${(page.number - 1) * page.size}
      ),
      later as (
        select id, sum(credits) over (order by id desc) - credits as later
          from credit_ledger
         where enterprise_id = ${enterpriseId} and id >= (select min(id) from page)
      )
      select l.id, l.created_at, l.kind, l.credits,
             (b.total - later.later)::int as balance_after,
             c.id as doc_id, c.tipo, c.serie_kind, c.serie, c.folio, c.uuid, c.status as doc_status
        from page l
        join later on later.id = l.id
        join credit_balances b on b.enterprise_id = ${enterpriseId}
        ${DOCUMENT_JOIN(enterpriseId)}
       order by l.id desc`),
  );
  const total = await countSpendings(db, enterpriseId, filters, matching);
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      date: new Date(r.created_at).toISOString(),
      type: r.kind,
      credits: Number(r.credits),
      balance_after: Number(r.balance_after),
      document:
        r.doc_id === null
          ? null
          : {
              id: Number(r.doc_id),
              tipo: r.tipo ?? '',
              global: r.serie_kind === 'facturas-globales',
              serie: r.serie ?? '',
              folio: r.folio === null ? null : Number(r.folio),
              uuid: r.uuid,
              status: r.doc_status ?? '',
            },
    })),
  };
}
