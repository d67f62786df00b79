import { decimal } from '@repo/cfdi/decimal';
import type {
  CreditPayment,
  GatewayOrderResponse,
  PreOrderResponse,
} from '@repo/contracts/credits';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AuthContext } from '../../http/auth.ts';
import { page as pageOf } from '../../http/envelope.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { uniqueViolation } from '../clients/unique-violation.ts';
import { getBalance } from './credits.service.ts';
import {
  findListedPayment,
  findPaymentByPreOrder,
  findPaymentBySession,
  insertPayment,
  listPayments,
  updatePayment,
  type CreditPaymentRow,
} from './credit-payments.queries.ts';
import {
  activePlanOrFail,
  attachReservation,
  currentReservation,
  settleReservationOfPayment,
  termsFor,
} from './promotional-codes.service.ts';

export type CreditsDeps = Pick<AppDeps, 'db' | 'config' | 'now' | 'payments' | 'logger'>;

export const PAGO_NO_EXISTE = 'La compra de créditos no existe.';
export const COMPRA_YA_PROCESADA =
  'Esta compra ya se procesó o expiró. Vuelva a elegir su paquete para empezar una nueva.';
export const CODIGO_DE_OTRO_PAQUETE =
  'El código promocional se aplicó a otro paquete. Vuelva a aplicarlo a este paquete.';
export const PASARELA_NO_DISPONIBLE =
  'No fue posible iniciar el pago con la pasarela de pagos. Inténtelo de nuevo en unos minutos.';

/** Whole centavos of a decimal price ("349.00" → 34900). */
export function centavos(price: string): number {
  return Number(decimal(price).times(100).toFixed(0));
}

/**
 * Starts (or resumes) the checkout of one plan: the pre-order, priced with the enterprise's reserved
 * code, and its checkout session at the gateway. Calling it again with the same pre_order_id answers
 * the same session (the gateway's idempotency key is the pre-order id), so a double click or a retried
 * request never opens a second charge. Nothing is charged and no credit moves here.
 */
export async function createPreOrder(
  deps: CreditsDeps,
  auth: AuthContext,
  input: { subscription_plan_id: number; pre_order_id: string },
): Promise<PreOrderResponse> {
  try {
    return await startCheckout(deps, auth, input);
  } catch (error) {
    // The same pre-order sent twice at once: the second answers the first one's checkout.
    if (uniqueViolation(error)?.constraint !== 'user_credit_payments_pre_order') throw error;
    return startCheckout(deps, auth, input);
  }
}

async function startCheckout(
  deps: CreditsDeps,
  auth: AuthContext,
  input: { subscription_plan_id: number; pre_order_id: string },
): Promise<PreOrderResponse> {
  const { gateway } = deps.payments;
  const existing = await findPaymentByPreOrder(deps.db, auth.enterpriseId, input.pre_order_id);
  if (existing) {
    if (
      existing.status !== 'pending' ||
      existing.subscription_plan_id !== input.subscription_plan_id
    ) {
      throw new AppError('CONFLICT', COMPRA_YA_PROCESADA, { showToClient: true });
    }
    if (existing.payment_gateway_session_id) return preOrderResponse(deps, existing);
  }
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.config.PAYMENT_CHECKOUT_MINUTES * 60_000);
  const payment =
    existing ??
    (await withTransaction(deps.db, async (tx) => {
      const plan = await activePlanOrFail(tx, input.subscription_plan_id);
      const held = await currentReservation(tx, auth.enterpriseId, now);
      if (held && held.reservation.subscription_plan_id !== plan.id) {
        throw fieldError('promotional_code', CODIGO_DE_OTRO_PAQUETE);
      }
      const terms = termsFor(plan, held?.code ?? null);
      const row = await insertPayment(tx, {
        enterprise_id: auth.enterpriseId,
        user_id: auth.userId,
        pre_order_id: input.pre_order_id,
        subscription_plan_id: plan.id,
        subscription_plan_name: plan.name,
        subscription_plan_amount: plan.credits,
        subscription_plan_gift_amount: plan.gift_credits,
        promo_credits: terms.promo_credits,
        subscription_plan_price: terms.price,
        list_price: plan.price,
        promotional_code_id: held?.code.id ?? null,
        status: 'pending',
        payment_gateway: gateway.name,
        expires_at: expiresAt,
      });
      if (held) {
        await attachReservation(tx, auth.enterpriseId, held.reservation.id, {
          id: row.id,
          expiresAt,
        });
      }
      return row;
    }));
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  let session;
  try {
    session = await gateway.createCheckoutSession({
      amount: centavos(payment.subscription_plan_price),
      currency: 'MXN',
      description: `${payment.subscription_plan_name}: ${totalCredits(payment)} créditos de timbrado`,
      metadata: {
        enterprise_id: String(auth.enterpriseId),
        payment_id: String(payment.id),
        pre_order_id: input.pre_order_id,
      },
      successUrl: `${base}/comprar-creditos/check-out?payment_gateway_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/comprar-creditos`,
      idempotencyKey: `pre-order-${auth.enterpriseId}-${input.pre_order_id}`,
      expiresAt: payment.expires_at ?? expiresAt,
    });
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id }, 'checkout session not created');
    await withTransaction(deps.db, async (tx) => {
      await updatePayment(tx, auth.enterpriseId, payment.id, { status: 'expired' });
      await settleReservationOfPayment(tx, auth.enterpriseId, payment.id, 'released', now);
    });
    throw new AppError('BAD_GATEWAY', PASARELA_NO_DISPONIBLE, { showToClient: true });
  }
  await updatePayment(deps.db, auth.enterpriseId, payment.id, {
    payment_gateway_session_id: session.id,
  });
  return preOrderResponse(
    deps,
    { ...payment, payment_gateway_session_id: session.id },
    session.url,
  );
}

function totalCredits(p: CreditPaymentRow): number {
  return p.subscription_plan_amount + p.subscription_plan_gift_amount + p.promo_credits;
}

async function preOrderResponse(
  deps: CreditsDeps,
  p: CreditPaymentRow,
  url?: string | null,
): Promise<PreOrderResponse> {
  const { gateway } = deps.payments;
  const sessionId = p.payment_gateway_session_id ?? '';
  const checkoutUrl =
    url !== undefined ? url : (await gateway.retrieveCheckoutSession(sessionId)).url;
  return {
    id: p.id,
    pre_order_id: p.pre_order_id ?? '',
    payment_gateway: gateway.name,
    payment_gateway_id: sessionId,
    script_url: gateway.scriptUrl,
    checkout_url: checkoutUrl,
    subscription_plan_name: p.subscription_plan_name,
    credits: p.subscription_plan_amount,
    gift_credits: p.subscription_plan_gift_amount,
    promo_credits: p.promo_credits,
    price: p.subscription_plan_price,
    expires_at: (p.expires_at ?? deps.now()).toISOString(),
  };
}

/**
 * The order behind a gateway session as our records have it: the check-out page polls this until
 * a verified webhook has marked it paid. It never asks the gateway and never grants credits.
 */
export async function getOrderFromGateway(
  deps: CreditsDeps,
  auth: AuthContext,
  sessionId: string,
): Promise<GatewayOrderResponse> {
  const p = await findPaymentBySession(
    deps.db,
    auth.enterpriseId,
    deps.payments.gateway.name,
    sessionId,
  );
  if (!p) throw new AppError('NOT_FOUND', PAGO_NO_EXISTE);
  return {
    id: p.id,
    status: p.status,
    subscription_plan_name: p.subscription_plan_name,
    credits_received: p.credits_granted,
    user_total_remaining_credits: await getBalance(deps.db, auth.enterpriseId),
  };
}

type ListedRow = NonNullable<Awaited<ReturnType<typeof findListedPayment>>>;

function toCreditPayment({ payment: p, invoice }: ListedRow): CreditPayment {
  return {
    id: p.id,
    payment_method: p.payment_method,
    payment_gateway_order_id: p.payment_gateway_order_id,
    payment_date: (p.payment_date ?? p.created_at).toISOString(),
    subscription_plan_name: p.subscription_plan_name,
    subscription_plan_amount: p.subscription_plan_amount,
    subscription_plan_gift_amount: p.subscription_plan_gift_amount,
    promo_credits: p.promo_credits,
    subscription_plan_price: p.subscription_plan_price,
    list_price: p.list_price,
    credits_granted: p.credits_granted,
    credits_removed: p.credits_removed,
    status: p.status,
    reason: p.reason,
    invoice_data:
      invoice && invoice.comprobante_id !== null
        ? {
            comprobante_id: invoice.comprobante_id,
            uuid: invoice.uuid ?? '',
            serie: invoice.serie ?? '',
            folio: invoice.folio,
          }
        : null,
  };
}

export async function listCreditPayments(
  deps: CreditsDeps,
  auth: AuthContext,
  query: { page: number; items_per_page: number },
) {
  const { rows, total } = await listPayments(deps.db, auth.enterpriseId, {
    number: query.page,
    size: query.items_per_page,
  });
  return pageOf(rows.map(toCreditPayment), total, query.page, query.items_per_page);
}

export async function getCreditPayment(
  deps: CreditsDeps,
  auth: AuthContext,
  id: number,
): Promise<CreditPayment> {
  const row = await findListedPayment(deps.db, auth.enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', PAGO_NO_EXISTE);
  return toCreditPayment(row);
}
