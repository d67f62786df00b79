import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { rowsOf } from './migrate.ts';

/**
 * The ids of one page of a search's matches in `orderBy`, and how many match in all, in one pass:
 * the matches are collected first, unordered, so the planner finds them through the search's
 * trigram index (migration 0025) rather than walking the enterprise's rows in the order of an index
 * and testing each one; then a window count and the page. (`offset 0` keeps the inner query apart;
 * the derived table takes the table's name, so `orderBy`'s columns name its rows.) A page past the
 * last one has no row to carry the count: it is counted apart.
 */
export async function paginaBuscada(
  db: Db,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
  orderBy: SQL[],
  page: { number: number; size: number },
): Promise<{ ids: number[]; total: number }> {
  const offset = (page.number - 1) * page.size;
  const hits = rowsOf<{ id: number; total: number }>(
    await db.execute(
      sql`select ${table.id} as id, (count(*) over ())::int as total
            from (select * from ${table} where ${where} offset 0) ${table}
           order by ${sql.join(orderBy, sql`, `)} limit ${page.size} offset ${offset}`,
    ),
  );
  let total = Number(hits[0]?.total ?? 0);
  if (hits.length === 0 && offset > 0) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${table} where ${where}`),
    );
    total = Number(row?.n ?? 0);
  }
  return { ids: hits.map((h) => Number(h.id)), total };
}
