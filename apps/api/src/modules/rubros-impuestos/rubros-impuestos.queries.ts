import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { impuestos, type ImpuestoTipo } from '../../db/schema/impuestos.ts';
import {
  rubrosImpuestos,
  rubrosImpuestosImpuestos,
  rubrosImpuestosLocales,
} from '../../db/schema/rubros-impuestos.ts';
import { impuestoColumns, impuestoOrder } from '../impuestos/impuestos.queries.ts';

const rubroColumns = {
  id: rubrosImpuestos.id,
  name: rubrosImpuestos.name,
  objeto_impuesto_key: rubrosImpuestos.objeto_impuesto_key,
  enterprise_id: rubrosImpuestos.enterprise_id,
};

export function listRubros(db: Db, enterpriseId: number) {
  return db
    .select(rubroColumns)
    .from(rubrosImpuestos)
    .where(eq(rubrosImpuestos.enterprise_id, enterpriseId))
    .orderBy(sql`lower(${rubrosImpuestos.name})`, asc(rubrosImpuestos.id));
}

export async function findRubro(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select(rubroColumns)
    .from(rubrosImpuestos)
    .where(and(eq(rubrosImpuestos.enterprise_id, enterpriseId), eq(rubrosImpuestos.id, id)));
  return row ?? null;
}

/** The group (other than exceptId) whose name matches, ignoring case and outer spaces. */
export async function findRubroByName(
  db: Db,
  enterpriseId: number,
  name: string,
  exceptId: number | null,
) {
  const [row] = await db
    .select({ id: rubrosImpuestos.id })
    .from(rubrosImpuestos)
    .where(
      and(
        eq(rubrosImpuestos.enterprise_id, enterpriseId),
        sql`lower(trim(${rubrosImpuestos.name})) = lower(trim(${name}))`,
        exceptId === null ? undefined : sql`${rubrosImpuestos.id} <> ${exceptId}`,
      ),
    );
  return row ?? null;
}

/** Federal taxes selected in the given groups, with the group id, in display order. */
export function listSelectedImpuestos(db: Db, enterpriseId: number, rubroIds: number[]) {
  if (rubroIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...impuestoColumns,
      tipo: impuestos.tipo,
      rubro_impuesto_id: rubrosImpuestosImpuestos.rubro_impuesto_id,
    })
    .from(rubrosImpuestosImpuestos)
    .innerJoin(
      impuestos,
      and(
        eq(impuestos.enterprise_id, rubrosImpuestosImpuestos.enterprise_id),
        eq(impuestos.id, rubrosImpuestosImpuestos.impuesto_id),
      ),
    )
    .where(
      and(
        eq(rubrosImpuestosImpuestos.enterprise_id, enterpriseId),
        inArray(rubrosImpuestosImpuestos.rubro_impuesto_id, rubroIds),
      ),
    )
    .orderBy(...impuestoOrder);
}

export function listSelectedLocales(db: Db, enterpriseId: number, rubroIds: number[]) {
  if (rubroIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      rubro_impuesto_id: rubrosImpuestosLocales.rubro_impuesto_id,
      tipo: rubrosImpuestosLocales.tipo,
      id: rubrosImpuestosLocales.local_tax_id,
      estado_key: rubrosImpuestosLocales.estado_key,
      impuesto: rubrosImpuestosLocales.impuesto,
      tasa: rubrosImpuestosLocales.tasa,
    })
    .from(rubrosImpuestosLocales)
    .where(
      and(
        eq(rubrosImpuestosLocales.enterprise_id, enterpriseId),
        inArray(rubrosImpuestosLocales.rubro_impuesto_id, rubroIds),
      ),
    )
    .orderBy(asc(rubrosImpuestosLocales.estado_key), asc(rubrosImpuestosLocales.impuesto));
}

/** The enterprise's taxes with the given ids (any status), to check a selection. */
export function findImpuestosByIds(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  ids: number[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...impuestoColumns })
    .from(impuestos)
    .where(
      and(
        eq(impuestos.enterprise_id, enterpriseId),
        eq(impuestos.tipo, tipo),
        inArray(impuestos.id, ids),
      ),
    );
}

export async function insertRubro(
  db: Db,
  enterpriseId: number,
  values: { name: string; objeto_impuesto_key: '01' | '02' },
) {
  const [row] = await db
    .insert(rubrosImpuestos)
    .values({ enterprise_id: enterpriseId, ...values })
    .returning(rubroColumns);
  if (!row) throw new Error('insertRubro returned no row');
  return row;
}

export async function updateRubro(
  db: Db,
  enterpriseId: number,
  id: number,
  values: { name: string; objeto_impuesto_key: '01' | '02' },
) {
  const [row] = await db
    .update(rubrosImpuestos)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(rubrosImpuestos.enterprise_id, enterpriseId), eq(rubrosImpuestos.id, id)))
    .returning(rubroColumns);
  return row ?? null;
}

/** Replaces the group's federal and local tax selection. */
export async function replaceRubroTaxes(
  db: Db,
  enterpriseId: number,
  rubroId: number,
  federal: number[],
  locales: {
    tipo: ImpuestoTipo;
    local_tax_id: string;
    estado_key: string;
    impuesto: string;
    tasa: string;
  }[],
): Promise<void> {
  await db
    .delete(rubrosImpuestosImpuestos)
    .where(
      and(
        eq(rubrosImpuestosImpuestos.enterprise_id, enterpriseId),
        eq(rubrosImpuestosImpuestos.rubro_impuesto_id, rubroId),
      ),
    );
  await db
    .delete(rubrosImpuestosLocales)
    .where(
      and(
        eq(rubrosImpuestosLocales.enterprise_id, enterpriseId),
        eq(rubrosImpuestosLocales.rubro_impuesto_id, rubroId),
      ),
    );
  if (federal.length > 0) {
    await db.insert(rubrosImpuestosImpuestos).values(
      federal.map((impuesto_id) => ({
        enterprise_id: enterpriseId,
        rubro_impuesto_id: rubroId,
        impuesto_id,
      })),
    );
  }
  if (locales.length > 0) {
    await db
      .insert(rubrosImpuestosLocales)
      .values(
        locales.map((l) => ({ ...l, enterprise_id: enterpriseId, rubro_impuesto_id: rubroId })),
      );
  }
}

export async function deleteRubro(db: Db, enterpriseId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(rubrosImpuestos)
    .where(and(eq(rubrosImpuestos.enterprise_id, enterpriseId), eq(rubrosImpuestos.id, id)))
    .returning({ id: rubrosImpuestos.id });
  return rows.length > 0;
}

/** How many of the enterprise's products and services use the group (products_services, 0004). */
export async function countProductsUsingRubro(db: Db, enterpriseId: number, id: number) {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from products_services where enterprise_id = ${enterpriseId} and rubro_impuesto_id = ${id}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
