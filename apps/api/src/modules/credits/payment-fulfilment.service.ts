import type { Db } from '../../db/client.ts';
import { paymentWebhookEvents } from '../../db/schema/credit-purchases.ts';
import { withTransaction } from '../../db/transaction.ts';
import {
  describeCard,
  type CheckoutSession,
  type VerifiedEvent,
} from '../../payments/payment-gateway.ts';
import { PRODUCTO, registrarAuditoria } from '../auditoria/auditoria.ts';
import { insertLedgerRow, readBalance } from './credits.queries.ts';
import { AppError } from '../../http/errors.ts';
import {
  findPayment,
  lockPaymentBySession,
  updatePayment,
  type CreditPaymentRow,
} from './credit-payments.queries.ts';
import { PAGO_NO_EXISTE, type CreditsDeps } from './credit-payments.service.ts';
import { settleReservationOfPayment } from './promotional-codes.service.ts';

/**
 * Fulfilment: credits move only here, on a webhook whose signature the gateway adapter verified.
 * The event is only a hint of WHICH session changed: the session is read back from the gateway (the
 * record of what was charged) and the order is moved forward under a lock on its row, so duplicate,
 * concurrent and out-of-order deliveries all end in the same state, and a payment grants its credits
 * once (a unique index on the ledger's purchase reference refuses a second grant anyway).
 */

export type FulfilmentOutcome =
  'duplicate' | 'ignored' | 'unknown-session' | 'granted' | 'refunded' | 'expired' | 'unchanged';

export async function handleVerifiedEvent(
  deps: CreditsDeps,
  event: VerifiedEvent,
): Promise<FulfilmentOutcome[]> {
  const { gateway } = deps.payments;
  const sessionId =
    event.sessionId ??
    (event.paymentId ? await gateway.findSessionIdByPayment(event.paymentId) : null);
  if (!sessionId) return ['ignored'];
  const session = await gateway.retrieveCheckoutSession(sessionId);
  return withTransaction(deps.db, async (tx) => {
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({
        gateway: gateway.name,
        event_id: event.id,
        type: event.type,
        session_id: sessionId,
      })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.event_id });
    if (!fresh) return ['duplicate'];
    const payment = await lockPaymentBySession(tx, gateway.name, sessionId);
    if (!payment) return ['unknown-session'];
    return reconcile(tx, deps, payment, session);
  });
}

/** Moves one order forward to what the gateway's session says; the order's row is locked. */
export async function reconcile(
  tx: Db,
  deps: Pick<CreditsDeps, 'now'>,
  payment: CreditPaymentRow,
  session: CheckoutSession,
): Promise<FulfilmentOutcome[]> {
  const now = deps.now();
  const outcomes: FulfilmentOutcome[] = [];
  let current = payment;
  if (
    session.paymentStatus === 'paid' &&
    (current.status === 'pending' || current.status === 'expired')
  ) {
    current = await grant(tx, current, session, now);
    outcomes.push('granted');
  }
  if (session.amountRefunded > 0 && (current.status === 'paid' || current.status === 'invoiced')) {
    await removeUnspent(tx, current, session);
    outcomes.push('refunded');
  }
  if (session.status === 'expired' && current.status === 'pending') {
    await updatePayment(tx, current.enterprise_id, current.id, { status: 'expired' });
    await settleReservationOfPayment(tx, current.enterprise_id, current.id, 'released', now);
    outcomes.push('expired');
  }
  return outcomes.length > 0 ? outcomes : ['unchanged'];
}

async function grant(
  tx: Db,
  p: CreditPaymentRow,
  session: CheckoutSession,
  now: Date,
): Promise<CreditPaymentRow> {
  const credits = p.subscription_plan_amount + p.subscription_plan_gift_amount + p.promo_credits;
  await insertLedgerRow(tx, p.enterprise_id, {
    kind: 'purchase',
    credits,
    status: 'paid',
    reference: `compra:${p.id}`,
  });
  const values = {
    status: 'paid' as const,
    payment_date: now,
    payment_gateway_order_id: session.paymentId ?? '',
    payment_method: describeCard(session.card),
    card_funding: session.card?.funding ?? 'unknown',
    credits_granted: credits,
  };
  await updatePayment(tx, p.enterprise_id, p.id, values);
  await settleReservationOfPayment(tx, p.enterprise_id, p.id, 'redeemed', now);
  // The member who placed the order bought them; the request is the gateway's webhook, whose
  // address says nothing of the buyer, so none is kept.
  await registrarAuditoria(
    tx,
    p.enterprise_id,
    { ...PRODUCTO, userId: p.user_id },
    {
      accion: 'creditos_comprados',
      objeto: `compra:${String(p.id)}`,
      detalles: {
        nombre: p.subscription_plan_name,
        creditos: credits,
        total: p.subscription_plan_price,
      },
    },
  );
  return { ...p, ...values };
}

/**
 * A refunded payment takes back its credits not yet spent: as many as it granted, but no more than
 * the paid part of the balance (credits already stamped with stay spent).
 */
async function removeUnspent(tx: Db, p: CreditPaymentRow, session: CheckoutSession): Promise<void> {
  const balance = await readBalance(tx, p.enterprise_id, { lock: true });
  const paidLeft = balance.total - balance.free;
  const remove = Math.max(0, Math.min(p.credits_granted - p.credits_removed, paidLeft));
  if (remove > 0) {
    await insertLedgerRow(tx, p.enterprise_id, {
      kind: 'adjustment',
      credits: -remove,
      status: 'paid',
      reference: `reembolso:${p.id}`,
      reason: `Reembolso del pago ${session.paymentId ?? p.payment_gateway_order_id}`,
    });
  }
  await updatePayment(tx, p.enterprise_id, p.id, {
    status: 'refunded',
    credits_removed: p.credits_removed + remove,
    refunded_amount: (session.amountRefunded / 100).toFixed(2),
  });
}

/**
 * An operator's refund: asks the gateway to refund the payment, then reads the session back and
 * moves the order to what the gateway says (the refund webhook that follows finds nothing to do).
 */
export async function refundPayment(
  deps: CreditsDeps,
  enterpriseId: number,
  paymentId: number,
): Promise<FulfilmentOutcome[]> {
  const payment = await findPayment(deps.db, enterpriseId, paymentId);
  if (!payment) throw new AppError('NOT_FOUND', PAGO_NO_EXISTE);
  if (payment.status !== 'paid' && payment.status !== 'invoiced') {
    throw new AppError('CONFLICT', 'Solo se reembolsa un pago pagado o facturado.');
  }
  const { gateway } = deps.payments;
  await gateway.refund(payment.payment_gateway_order_id);
  const session = await gateway.retrieveCheckoutSession(payment.payment_gateway_session_id ?? '');
  return withTransaction(deps.db, async (tx) => {
    const locked = await lockPaymentBySession(tx, gateway.name, session.id);
    return locked ? reconcile(tx, deps, locked, session) : ['unknown-session'];
  });
}
