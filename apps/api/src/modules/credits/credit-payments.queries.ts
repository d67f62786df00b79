import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { userCreditPayments as p } from '../../db/schema/credit-purchases.ts';

export type CreditPaymentRow = typeof p.$inferSelect;

/** The purchase list hides checkouts that were never paid. */
const LISTED = notInArray(p.status, ['pending', 'expired']);

export async function findPayment(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<CreditPaymentRow | null> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.enterprise_id, enterpriseId), eq(p.id, id)));
  return row ?? null;
}

export async function findPaymentByPreOrder(db: Db, enterpriseId: number, preOrderId: string) {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.enterprise_id, enterpriseId), eq(p.pre_order_id, preOrderId)));
  return row ?? null;
}

/** The payment of a gateway session, locked until the transaction ends. */
export async function lockPaymentBySession(db: Db, gateway: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.payment_gateway, gateway), eq(p.payment_gateway_session_id, sessionId)))
    .for('update');
  return row ?? null;
}

export async function findPaymentBySession(
  db: Db,
  enterpriseId: number,
  gateway: string,
  sessionId: string,
) {
  const [row] = await db
    .select()
    .from(p)
    .where(
      and(
        eq(p.enterprise_id, enterpriseId),
        eq(p.payment_gateway, gateway),
        eq(p.payment_gateway_session_id, sessionId),
      ),
    );
  return row ?? null;
}

export async function insertPayment(db: Db, values: typeof p.$inferInsert) {
  const [row] = await db.insert(p).values(values).returning();
  if (!row) throw new Error('insertPayment returned no row');
  return row;
}

export async function updatePayment(
  db: Db,
  enterpriseId: number,
  id: number,
  values: Partial<typeof p.$inferInsert>,
) {
  await db
    .update(p)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(eq(p.enterprise_id, enterpriseId), eq(p.id, id)));
}

/** One page of the enterprise's purchases (paid, invoiced, free, refunded), newest first. */
export async function listPayments(
  db: Db,
  enterpriseId: number,
  page: { number: number; size: number },
) {
  const where = and(eq(p.enterprise_id, enterpriseId), LISTED);
  const rows = await db
    .select({ payment: p, invoice: invoiceColumns })
    .from(p)
    .leftJoin(comprobantes, invoiceJoin)
    .where(where)
    .orderBy(desc(p.created_at), desc(p.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findListedPayment(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select({ payment: p, invoice: invoiceColumns })
    .from(p)
    .leftJoin(comprobantes, invoiceJoin)
    .where(and(eq(p.enterprise_id, enterpriseId), eq(p.id, id), LISTED));
  return row ?? null;
}

const invoiceColumns = {
  comprobante_id: comprobantes.id,
  uuid: comprobantes.uuid,
  serie: comprobantes.serie,
  folio: comprobantes.folio,
};

// The purchase's invoice is issued by the platform's own enterprise, so it is joined by id alone.
const invoiceJoin = eq(comprobantes.id, p.invoice_comprobante_id);
