import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { Db } from '../../db/client.ts';
import { productsServices } from '../../db/schema/products-services.ts';
import { rubrosImpuestos } from '../../db/schema/rubros-impuestos.ts';

/** The values a product row is written from (service-checked). */
export type ProductServiceValues = Omit<
  typeof productsServices.$inferInsert,
  'enterprise_id' | 'id' | 'created_at' | 'updated_at'
>;

const p = productsServices;

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

export function toResponse(row: Row): ProductServiceResponse {
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

export function selectProducts(db: Db, where: SQL | undefined) {
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

export async function findProductService(db: Db, enterpriseId: number, id: number) {
  const [row] = await selectProducts(db, and(eq(p.enterprise_id, enterpriseId), eq(p.id, id)));
  return row ? toResponse(row) : null;
}

/** The enterprise's products of these ids (those that exist), in one statement. */
export async function findProductServices(db: Db, enterpriseId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db, and(eq(p.enterprise_id, enterpriseId), inArray(p.id, ids)));
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
