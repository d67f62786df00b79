import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { impuestos, type ImpuestoTipo } from '../../db/schema/impuestos.ts';
import type { StandardImpuesto } from './standard-impuestos.ts';

export const impuestoColumns = {
  id: impuestos.id,
  value: impuestos.value,
  tax_type: impuestos.tax_type,
  tipo_factor: impuestos.tipo_factor,
  additional_description: impuestos.additional_description,
  status: impuestos.status,
};

/** Spec section 9: IEPS, then IVA, then ISR; within a tax Tasa, Cuota, Exento, highest rate first. */
export const impuestoOrder = [
  sql`array_position(array['IEPS','IVA','ISR'], ${impuestos.tax_type})`,
  sql`array_position(array['Tasa','Cuota','Exento'], ${impuestos.tipo_factor})`,
  desc(impuestos.value),
  asc(impuestos.id),
];

export function listImpuestos(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  options: { activeOnly?: boolean } = {},
) {
  return db
    .select(impuestoColumns)
    .from(impuestos)
    .where(
      and(
        eq(impuestos.enterprise_id, enterpriseId),
        eq(impuestos.tipo, tipo),
        options.activeOnly ? eq(impuestos.status, true) : undefined,
      ),
    )
    .orderBy(...impuestoOrder);
}

export async function countImpuestos(db: Db, enterpriseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(impuestos)
    .where(eq(impuestos.enterprise_id, enterpriseId));
  return row?.n ?? 0;
}

/** Inserts the rows the enterprise lacks; the unique index makes concurrent calls harmless. */
export async function insertImpuestos(
  db: Db,
  enterpriseId: number,
  rows: readonly StandardImpuesto[],
): Promise<void> {
  await db
    .insert(impuestos)
    .values(rows.map((r) => ({ ...r, enterprise_id: enterpriseId })))
    .onConflictDoNothing();
}

export async function toggleImpuestoStatus(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  id: number,
) {
  const [row] = await db
    .update(impuestos)
    .set({ status: sql`not ${impuestos.status}` })
    .where(
      and(
        eq(impuestos.enterprise_id, enterpriseId),
        eq(impuestos.tipo, tipo),
        eq(impuestos.id, id),
      ),
    )
    .returning(impuestoColumns);
  return row ?? null;
}

/** One rate added by the enterprise; answers it as the lists do. */
export async function insertImpuesto(db: Db, enterpriseId: number, row: StandardImpuesto) {
  const [created] = await db
    .insert(impuestos)
    .values({ ...row, enterprise_id: enterpriseId })
    .returning(impuestoColumns);
  if (!created) throw new Error('insert impuesto returned nothing');
  return created;
}
