import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ImportReport } from '@repo/contracts/clients';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { Db } from '../../db/client.ts';
import { paginaBuscada } from '../../db/pagina-buscada.ts';
import { importReports, type ImportReportRow } from '../../db/schema/import-reports.ts';
import { productsServices } from '../../db/schema/products-services.ts';
import { rubrosImpuestos } from '../../db/schema/rubros-impuestos.ts';
import { likePattern, toImportReport } from '../clients/clients.queries.ts';

/** The values a product row is written from (service-checked). */
export type ProductServiceValues = Omit<
  typeof productsServices.$inferInsert,
  'enterprise_id' | 'id' | 'created_at' | 'updated_at'
>;

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

const columns = {
  id: p.id,
  product_service_key: p.product_service_key,
  product_service_name: p.product_service_name,
  product_service_similar_words: p.product_service_similar_words,
  unit_key: p.unit_key,
  unit_name: p.unit_name,
  unit_symbol: p.unit_symbol,
  unity_price: p.unity_price,
  internal_code: p.internal_code,
  description: p.description,
  rubro_impuesto_id: p.rubro_impuesto_id,
  cuentas_predial: p.cuentas_predial,
  taxes_group_name: rubrosImpuestos.name,
  objeto_impuesto_key: rubrosImpuestos.objeto_impuesto_key,
};
type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

/** numeric(24,6) text without the trailing zeros past the second decimal: 12.500000 → 12.50. */
export function formatPrice(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${int}.${trimmed.length >= 2 ? trimmed : trimmed.padEnd(2, '0')}`;
}

function toResponse(row: Row): ProductServiceResponse {
  return {
    id: row.id,
    productServiceObj: {
      clave: row.product_service_key,
      descripcion: row.product_service_name,
      palabras_similares: row.product_service_similar_words,
    },
    unitsObj: { clave: row.unit_key, nombre: row.unit_name, simbolo: row.unit_symbol },
    unity_price: formatPrice(row.unity_price),
    internal_code: row.internal_code,
    description: row.description,
    taxesGroup: row.rubro_impuesto_id,
    taxes_group_name: row.taxes_group_name,
    objeto_impuesto_key: row.objeto_impuesto_key,
    cuentaPredialNumber: row.cuentas_predial[0] ?? null,
    product_service_key: row.product_service_key,
    product_service_name: row.product_service_name,
    unit_key: row.unit_key,
    unit_name: row.unit_name,
    unit_symbol: row.unit_symbol,
  };
}

function selectProducts(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(p)
    .innerJoin(
      rubrosImpuestos,
      and(
        eq(rubrosImpuestos.enterprise_id, p.enterprise_id),
        eq(rubrosImpuestos.id, p.rubro_impuesto_id),
      ),
    )
    .where(where);
}

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

export async function findProductService(db: Db, enterpriseId: number, id: number) {
  const [row] = await selectProducts(db, and(eq(p.enterprise_id, enterpriseId), eq(p.id, id)));
  return row ? toResponse(row) : null;
}

export async function allProductsServices(db: Db, enterpriseId: number) {
  const rows = await selectProducts(db, eq(p.enterprise_id, enterpriseId)).orderBy(
    asc(ORDER_COLUMNS.description),
    asc(p.id),
  );
  return rows.map(toResponse);
}

/** Another product of the enterprise with this internal code, ignoring case. */
export async function findByInternalCode(
  db: Db,
  enterpriseId: number,
  internalCode: string,
  exceptId: number | null,
) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.enterprise_id, enterpriseId),
        sql`lower(${p.internal_code}) = lower(${internalCode})`,
        exceptId === null ? undefined : sql`${p.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Another product of the enterprise with this description, ignoring case. */
export async function findByDescription(
  db: Db,
  enterpriseId: number,
  description: string,
  exceptId: number | null,
) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.enterprise_id, enterpriseId),
        sql`lower(${p.description}) = lower(${description})`,
        exceptId === null ? undefined : sql`${p.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One of the enterprise's tax groups, by id. */
export async function findRubro(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select({ id: rubrosImpuestos.id })
    .from(rubrosImpuestos)
    .where(and(eq(rubrosImpuestos.enterprise_id, enterpriseId), eq(rubrosImpuestos.id, id)));
  return row ?? null;
}

/** One of the enterprise's tax groups, by name as the user types it (case and outer spaces ignored). */
export async function findRubroByName(db: Db, enterpriseId: number, name: string) {
  const [row] = await db
    .select({ id: rubrosImpuestos.id })
    .from(rubrosImpuestos)
    .where(
      and(
        eq(rubrosImpuestos.enterprise_id, enterpriseId),
        sql`lower(trim(${rubrosImpuestos.name})) = lower(trim(${name}))`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertProductService(
  db: Db,
  enterpriseId: number,
  values: ProductServiceValues,
) {
  const [row] = await db
    .insert(p)
    .values({ ...values, enterprise_id: enterpriseId })
    .returning({ id: p.id });
  if (!row) throw new Error('insertProductService returned no row');
  return row.id;
}

export async function updateProductService(
  db: Db,
  enterpriseId: number,
  id: number,
  values: ProductServiceValues,
): Promise<boolean> {
  const rows = await db
    .update(p)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(p.enterprise_id, enterpriseId), eq(p.id, id)))
    .returning({ id: p.id });
  return rows.length > 0;
}

export async function deleteProductService(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(p)
    .where(and(eq(p.enterprise_id, enterpriseId), eq(p.id, id)))
    .returning({ id: p.id });
  return rows.length > 0;
}

export async function countProductsServices(db: Db, enterpriseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(eq(p.enterprise_id, enterpriseId));
  return Number(row?.n ?? 0);
}

/** Replaces the enterprise's last products/services import report. */
export async function saveProductsImportReport(
  db: Db,
  enterpriseId: number,
  report: { file_name: string; created: number; rejected: number; rows: ImportReportRow[] },
): Promise<ImportReport> {
  const values = {
    file_name: report.file_name,
    created_count: report.created,
    rejected_count: report.rejected,
    rows: report.rows,
    created_at: new Date(),
  };
  const [row] = await db
    .insert(importReports)
    .values({ enterprise_id: enterpriseId, kind: 'products-services', ...values })
    .onConflictDoUpdate({ target: [importReports.enterprise_id, importReports.kind], set: values })
    .returning();
  if (!row) throw new Error('saveProductsImportReport returned no row');
  return toImportReport(row);
}

export async function findProductsImportReport(db: Db, enterpriseId: number) {
  const [row] = await db
    .select()
    .from(importReports)
    .where(
      and(
        eq(importReports.enterprise_id, enterpriseId),
        eq(importReports.kind, 'products-services'),
      ),
    );
  return row ? toImportReport(row) : null;
}
