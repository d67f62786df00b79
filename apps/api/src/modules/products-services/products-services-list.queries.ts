import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paginaBuscada } from '../../db/pagina-buscada.ts';
import { productsServices } from '../../db/schema/products-services.ts';
import { likePattern } from '../clients/clients.queries.ts';
import { selectProducts, toResponse } from './products-services.queries.ts';

export type ProductOrderColumn =
  | 'description'
  | 'internal_code'
  | 'product_service_key'
  | 'product_service_name'
  | 'unit_name'
  | 'unity_price'
  | 'created_at';

const p = productsServices;
const ORDER_COLUMNS: Record<ProductOrderColumn, SQL> = {
  description: sql`lower(${p.description})`,
  internal_code: sql`lower(${p.internal_code})`,
  product_service_key: sql`${p.product_service_key}`,
  product_service_name: sql`lower(${p.product_service_name})`,
  unit_name: sql`lower(${p.unit_name})`,
  unity_price: sql`${p.unity_price}`,
  created_at: sql`${p.created_at}`,
};

function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  return sql`(${p.description} ilike ${pattern} or ${p.internal_code} ilike ${pattern} or ${p.product_service_key} ilike ${pattern} or ${p.product_service_name} ilike ${pattern})`;
}

export interface ProductListOptions {
  search: string;
  orderBy: ProductOrderColumn;
  direction: 'asc' | 'desc';
  /** null: every match. */
  page: { number: number; size: number } | null;
}

export async function listProductsServices(
  db: Db,
  enterpriseId: number,
  options: ProductListOptions,
) {
  const where = and(eq(p.enterprise_id, enterpriseId), searchCondition(options.search));
  const order = options.direction === 'asc' ? asc : desc;
  // Nulls (no internal code) go last whichever the direction.
  const orderBy = [sql`${order(ORDER_COLUMNS[options.orderBy])} nulls last`, order(p.id)];
  if (options.search && options.page) {
    return searchedPage(db, enterpriseId, where, orderBy, options.page);
  }
  const query = selectProducts(db, where).orderBy(...orderBy);
  const rows = options.page
    ? await query.limit(options.page.size).offset((options.page.number - 1) * options.page.size)
    : await query;
  return { rows: rows.map(toResponse), total: await countOf(db, where) };
}

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(where);
  return Number(count?.n ?? 0);
}

/**
 * A search's page: its ids and number of matches in one pass on the products alone, then its rows
 * with their tax group (every product has one: the join keeps them all, in the same order).
 */
async function searchedPage(
  db: Db,
  enterpriseId: number,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { number: number; size: number },
) {
  const { ids, total } = await paginaBuscada(db, p, where, orderBy, page);
  const rows = ids.length
    ? await selectProducts(db, and(eq(p.enterprise_id, enterpriseId), inArray(p.id, ids))).orderBy(
        ...orderBy,
      )
    : [];
  return { rows: rows.map(toResponse), total };
}

export async function allProductsServices(db: Db, enterpriseId: number) {
  const rows = await selectProducts(db, eq(p.enterprise_id, enterpriseId)).orderBy(
    asc(ORDER_COLUMNS.description),
    asc(p.id),
  );
  return rows.map(toResponse);
}
