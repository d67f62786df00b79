import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

/** How many of an enterprise's own keys lead a catalog search. */
export const OWN_KEYS_LIMIT = 50;

/**
 * The SAT keys an enterprise uses, most used first: by how many of its products and services carry
 * the key, then by the latest change among them. A signed-in catalog search lists these first when
 * they are among its results (issue 15: an enterprise's own recent and frequent keys come first).
 */
export async function ownKeys(
  db: Db,
  enterpriseId: number,
  kind: 'productoServicio' | 'unidad',
): Promise<string[]> {
  const column = kind === 'unidad' ? sql.raw('unit_key') : sql.raw('product_service_key');
  const result = await db.execute(sql`
    select ${column} as clave
    from products_services
    where enterprise_id = ${enterpriseId}
    group by ${column}
    order by count(*) desc, max(updated_at) desc, ${column}
    limit ${OWN_KEYS_LIMIT}`);
  return rowsOf<{ clave: string }>(result).map((r) => r.clave);
}
