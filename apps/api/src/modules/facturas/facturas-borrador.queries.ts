import { and, desc, eq, sql } from 'drizzle-orm';
import type { FacturaDraft } from '@repo/contracts/facturas';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { facturasIngreso } from '../../db/schema/facturas.ts';
import { baseWhere } from './facturas.queries.ts';

/** The invoice's draft row: pre-invoices saved, edited and deleted; the draft of a sealed invoice. */

const c = comprobantes;
const f = facturasIngreso;

export interface DraftRowValues {
  client_id: number;
  client_name: string;
  client_rfc: string;
  metodo_pago: 'PUE' | 'PPD';
  moneda: string;
  tipo_cambio: string | null;
  product_service_ids: number[];
  draft: FacturaDraft;
}

export function draftRowValues(
  draft: FacturaDraft,
  receptor: { rfc: string; nombre: string },
): DraftRowValues {
  return {
    client_id: draft.client_id,
    client_name: receptor.nombre,
    client_rfc: receptor.rfc,
    metodo_pago: draft.metodo_pago,
    moneda: draft.moneda,
    tipo_cambio: draft.tipo_cambio,
    product_service_ids: [...new Set(draft.partidas.map((p) => p.product_service_id))],
    draft,
  };
}

/** A pre-invoice: a comprobante in status pre_factura with its draft. */
export async function insertPreFactura(
  tx: Db,
  enterpriseId: number,
  comprobante: {
    serie_id: number;
    serie: string;
    fecha: string;
    rfc_emisor: string;
    rfc_receptor: string;
    total: string;
  },
  values: DraftRowValues,
): Promise<number> {
  const [row] = await tx
    .insert(c)
    .values({
      enterprise_id: enterpriseId,
      tipo: 'I',
      serie_kind: 'facturas-ingreso',
      status: 'pre_factura',
      ...comprobante,
    })
    .returning({ id: c.id });
  if (!row) throw new Error('insertPreFactura returned no row');
  await tx.insert(f).values({ enterprise_id: enterpriseId, comprobante_id: row.id, ...values });
  return row.id;
}

/** Replaces a pre-invoice's draft; false when it is no longer a pre-invoice. */
export async function updatePreFactura(
  tx: Db,
  enterpriseId: number,
  id: number,
  comprobante: {
    serie_id: number;
    serie: string;
    fecha: string;
    rfc_emisor: string;
    rfc_receptor: string;
    total: string;
  },
  values: DraftRowValues,
): Promise<boolean> {
  const updated = await tx
    .update(c)
    .set({ ...comprobante, updated_at: new Date() })
    .where(and(baseWhere(enterpriseId), eq(c.id, id), eq(c.status, 'pre_factura')))
    .returning({ id: c.id });
  if (updated.length === 0) return false;
  await tx
    .update(f)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(f.enterprise_id, enterpriseId), eq(f.comprobante_id, id)));
  return true;
}

/** Deletes a pre-invoice (its draft goes with it); false when it is not a pre-invoice. */
export async function deletePreFactura(tx: Db, enterpriseId: number, id: number) {
  const rows = await tx
    .delete(c)
    .where(and(baseWhere(enterpriseId), eq(c.id, id), eq(c.status, 'pre_factura')))
    .returning({ id: c.id });
  return rows.length > 0;
}

/** Stores the draft of a sealed or stamped comprobante (once: a retry keeps the first). */
export async function insertDraftRow(
  tx: Db,
  enterpriseId: number,
  comprobanteId: number,
  values: DraftRowValues,
) {
  await tx
    .insert(f)
    .values({ enterprise_id: enterpriseId, comprobante_id: comprobanteId, ...values })
    .onConflictDoNothing();
}

/**
 * A sealed invoice of the enterprise with exactly this draft whose PAC answer never arrived: sending
 * the same form again resends it instead of sealing a second invoice.
 */
export async function findSelladaConDraft(db: Db, enterpriseId: number, draft: FacturaDraft) {
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)))
    .where(
      and(
        baseWhere(enterpriseId),
        eq(c.status, 'sellada'),
        sql`${f.draft} = ${JSON.stringify(draft)}::jsonb`,
      ),
    )
    .orderBy(desc(c.id))
    .limit(1);
  return row ?? null;
}
