import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FacturaStatus } from '@repo/contracts/facturas';
import type { Db } from '../../db/client.ts';
import type { ComprobanteStatus } from '../../db/schema/comprobantes.ts';
import { facturasConteos as k } from '../../db/schema/facturas-conteos.ts';
import { VISIBLE } from './facturas.queries.ts';

/** The comprobante statuses a status filter of the list shows (none: every visible one). */
export function statusesOf(status: FacturaStatus | null): ComprobanteStatus[] {
  if (status === null) return VISIBLE;
  if (status === 'cancelled') return ['cancelada'];
  if (status === 'pendiente_pac') return ['sellada'];
  return [status];
}

/** The list's filters that the counts answer: all of them but the search text. */
export interface FiltrosContados {
  fromDate: string | null;
  toDate: string | null;
  series: string[];
  status: FacturaStatus | null;
  metodoPago: 'PUE' | 'PPD' | null;
}

/**
 * How many income invoices and pre-invoices match the filters, summed from the counts the triggers
 * keep by day, status, método de pago and serie (migration 0023): the same number as counting the
 * list's rows (`dia` is the Fecha's first ten characters and `serie` its upper case, as the list's
 * filters compare them), reading a few rows per day instead of every invoice.
 */
export async function contarFacturas(
  db: Db,
  enterpriseId: number,
  filters: FiltrosContados,
): Promise<number> {
  const statuses = statusesOf(filters.status);
  const conditions: (SQL | undefined)[] = [
    eq(k.enterprise_id, enterpriseId),
    statuses.length === 1 ? eq(k.status, statuses[0] as string) : inArray(k.status, statuses),
  ];
  if (filters.fromDate) conditions.push(gte(k.dia, filters.fromDate));
  if (filters.toDate) conditions.push(lte(k.dia, filters.toDate));
  if (filters.series.length) {
    conditions.push(
      inArray(
        k.serie,
        filters.series.map((s) => s.toUpperCase()),
      ),
    );
  }
  if (filters.metodoPago) conditions.push(eq(k.metodo_pago, filters.metodoPago));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${k.n}), 0)::int` })
    .from(k)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}
