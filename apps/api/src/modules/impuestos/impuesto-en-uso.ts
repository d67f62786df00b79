import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { impuestos, type ImpuestoTipo } from '../../db/schema/impuestos.ts';
import { impuestoColumns } from './impuestos.queries.ts';

/** Where a rate is used: the first tax group holding it, or whether an invoice's line carries it. */
export type UsoImpuesto = { grupo: string } | { documento: true } | null;

export async function usoDeImpuesto(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  id: number,
): Promise<UsoImpuesto> {
  const [grupo] = rowsOf<{ name: string }>(
    await db.execute(sql`
      select r.name from rubros_impuestos_impuestos ri
      join rubros_impuestos r on r.enterprise_id = ri.enterprise_id and r.id = ri.rubro_impuesto_id
      where ri.enterprise_id = ${enterpriseId} and ri.impuesto_id = ${id}
      order by r.name limit 1`),
  );
  if (grupo) return { grupo: grupo.name };
  // Invoices and pre-invoices keep the ids of their lines' taxes in the draft.
  const lista = tipo === 'trasladado' ? 'impuestos_trasladados' : 'impuestos_retenidos';
  const [doc] = rowsOf<{ x: number }>(
    await db.execute(sql`
      select 1 as x from facturas_ingreso f
      where f.enterprise_id = ${enterpriseId}
        and exists (select 1 from jsonb_array_elements(f.draft -> 'partidas') p
                    where (p -> ${lista}) @> to_jsonb(${id}::int))
      limit 1`),
  );
  return doc ? { documento: true } : null;
}

const propio = (enterpriseId: number, tipo: ImpuestoTipo, id: number) =>
  and(eq(impuestos.enterprise_id, enterpriseId), eq(impuestos.tipo, tipo), eq(impuestos.id, id));

export async function findImpuesto(db: Db, enterpriseId: number, tipo: ImpuestoTipo, id: number) {
  const [row] = await db
    .select(impuestoColumns)
    .from(impuestos)
    .where(propio(enterpriseId, tipo, id));
  return row ?? null;
}

export async function updateImpuestoRow(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  id: number,
  values: {
    tax_type: 'IVA' | 'IEPS' | 'ISR';
    tipo_factor: 'Tasa' | 'Cuota' | 'Exento';
    value: string | null;
    additional_description: string;
  },
) {
  const [row] = await db
    .update(impuestos)
    .set(values)
    .where(propio(enterpriseId, tipo, id))
    .returning(impuestoColumns);
  return row ?? null;
}

export async function deleteImpuestoRow(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(impuestos)
    .where(propio(enterpriseId, tipo, id))
    .returning({ id: impuestos.id });
  return rows.length > 0;
}
