import { sumarImpuestosPrevios, type ImpuestoPrevio } from '@repo/cfdi/calc';
import { Decimal } from '@repo/cfdi/decimal';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

/** What the documents that lower an invoice's balance, other than its payments, took off it. */
export interface ReduccionEnVigor {
  /** Σ of their shares, in the invoice's currency. */
  importe: string;
  /** Their shares' taxes added up per group (claveGrupo). */
  impuestos: ImpuestoPrevio[];
  /** How many documents. */
  documentos: number;
}

/**
 * The rows of saldos_reducciones (migration 0032) of each invoice whose document is in force
 * (stamped, or sealed and waiting for the PAC: it will be stamped with those amounts) and of a kind
 * whose registered efectoEnSaldo is 'reduce': today its credit notes. Cancelled and rejected ones
 * give their share back. Payments are read from their own rows (pagosEnVigor).
 */
export async function reduccionesEnVigor(
  db: Db,
  enterpriseId: number,
  facturaIds: readonly number[],
): Promise<Map<number, ReduccionEnVigor>> {
  const out = new Map<number, ReduccionEnVigor>(
    facturaIds.map((id) => [id, { importe: '0', impuestos: [], documentos: 0 }]),
  );
  if (facturaIds.length === 0) return out;
  const rows = rowsOf<{ factura_id: number; importe: string; impuestos: ImpuestoPrevio[] }>(
    await db.execute(sql`
      select r.factura_id, r.importe::text as importe, r.impuestos
        from saldos_reducciones r
        join comprobantes d on d.enterprise_id = r.enterprise_id and d.id = r.comprobante_id
        join efectos_en_saldo x on x.serie_kind = d.serie_kind and x.efecto = 'reduce'
       where r.enterprise_id = ${enterpriseId}
         and r.factura_id in (${sql.join(
           facturaIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         and d.status in ('sellada', 'timbrada')
       order by r.comprobante_id`),
  );
  for (const r of rows) {
    const s = out.get(r.factura_id)!;
    out.set(r.factura_id, {
      importe: new Decimal(s.importe).plus(r.importe).toFixed(),
      impuestos: sumarImpuestosPrevios(s.impuestos, r.impuestos ?? []),
      documentos: s.documentos + 1,
    });
  }
  return out;
}

/** Writes what a document takes off each invoice it relates, in its sealing transaction. */
export async function insertReducciones(
  tx: Db,
  enterpriseId: number,
  comprobanteId: number,
  filas: readonly { factura_id: number; importe: string; impuestos: readonly ImpuestoPrevio[] }[],
) {
  for (const f of filas)
    await tx.execute(sql`
      insert into saldos_reducciones (enterprise_id, comprobante_id, factura_id, importe, impuestos)
      values (${enterpriseId}, ${comprobanteId}, ${f.factura_id}, ${f.importe},
              ${JSON.stringify(f.impuestos)}::jsonb)`);
}
