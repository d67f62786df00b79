import { and, eq, gt, or, sql } from 'drizzle-orm';
import { decimal, formatear, redondear } from '@repo/cfdi/decimal';
import type { Db } from '../../db/client.ts';
import {
  promotionalCodeReservations as r,
  promotionalCodes,
} from '../../db/schema/credit-purchases.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { findPlan, type PlanRow } from './plans.queries.ts';

/**
 * Promotional codes: extra credits or a discount, a validity window, a total and a per-enterprise
 * limit, and a minimum plan. Applying a code reserves it for the enterprise's checkout (one at a
 * time); the reservation counts toward the limits until it is released (detach, an abandoned or
 * expired checkout) or redeemed (its payment was paid). Reservations of one code are serialised by a
 * lock on the code's row, so its limits hold under concurrency.
 */

export const CODIGO_NO_EXISTE = 'El código promocional no existe.';
export const CODIGO_INACTIVO = 'El código promocional ya no está disponible.';
export const CODIGO_NO_VIGENTE = 'El código promocional todavía no está vigente.';
export const CODIGO_EXPIRADO = 'El código promocional expiró.';
export const CODIGO_AGOTADO = 'El código promocional ya se agotó.';
export const CODIGO_YA_USADO = 'Su empresa ya usó este código promocional.';
export const PLAN_NO_DISPONIBLE = 'El paquete de créditos no existe o ya no está a la venta.';
export const codigoNoAplica = (minimo: string) =>
  `El código promocional no aplica para este paquete: es válido a partir del ${minimo}.`;

export type PromoCodeRow = typeof promotionalCodes.$inferSelect;

export interface PromoTerms {
  promo_credits: number;
  discount_percent: string;
  /** The price charged, IVA included, after the discount. */
  price: string;
}

/** A plan's price after a code (the discount rounded to the cent). */
export function termsFor(plan: PlanRow, code: PromoCodeRow | null): PromoTerms {
  if (!code) return { promo_credits: 0, discount_percent: '0.00', price: plan.price };
  if (code.kind === 'credits') {
    return { promo_credits: code.extra_credits, discount_percent: '0.00', price: plan.price };
  }
  const pct = decimal(code.discount_percent);
  const price = redondear(decimal(plan.price).times(decimal('100').minus(pct)).dividedBy(100), 2);
  return { promo_credits: 0, discount_percent: formatear(pct, 2), price: formatear(price, 2) };
}

export async function activePlanOrFail(db: Db, planId: number): Promise<PlanRow> {
  const plan = await findPlan(db, planId);
  if (!plan || !plan.active) throw fieldError('subscription_plan_id', PLAN_NO_DISPONIBLE);
  return plan;
}

/** Reservations still holding a code: redeemed, or reserved and not yet expired. */
const holding = (now: Date) =>
  or(eq(r.status, 'redeemed'), and(eq(r.status, 'reserved'), gt(r.expires_at, now)));

export async function reservePromotionalCode(
  db: Db,
  enterpriseId: number,
  input: { promotional_code: string; subscription_plan_id: number },
  opts: { now: Date; holdMinutes: number },
): Promise<PromoTerms & { promotional_code: string }> {
  const plan = await activePlanOrFail(db, input.subscription_plan_id);
  const text = input.promotional_code.trim().toUpperCase();
  const refuse = (message: string) => fieldError('promotional_code', message);
  return withTransaction(db, async (tx) => {
    const [code] = await tx
      .select()
      .from(promotionalCodes)
      .where(eq(promotionalCodes.code, text))
      .for('update');
    if (!code) throw refuse(CODIGO_NO_EXISTE);
    if (!code.active) throw refuse(CODIGO_INACTIVO);
    if (code.valid_from && code.valid_from > opts.now) throw refuse(CODIGO_NO_VIGENTE);
    if (code.valid_until && code.valid_until <= opts.now) throw refuse(CODIGO_EXPIRADO);
    if (code.min_subscription_plan_id) {
      const min = await findPlan(tx, code.min_subscription_plan_id);
      if (min && decimal(plan.price).lt(decimal(min.price))) throw refuse(codigoNoAplica(min.name));
    }
    // The enterprise applies one code at a time: a new one replaces its previous reservation.
    await releaseReservations(tx, enterpriseId, opts.now);
    if (code.max_redemptions !== null) {
      const used = await countHolding(tx, eq(r.promotional_code_id, code.id), opts.now);
      if (used >= code.max_redemptions) throw refuse(CODIGO_AGOTADO);
    }
    const mine = await countHolding(
      tx,
      and(eq(r.promotional_code_id, code.id), eq(r.enterprise_id, enterpriseId)),
      opts.now,
    );
    if (mine >= code.max_per_enterprise) throw refuse(CODIGO_YA_USADO);
    await tx.insert(r).values({
      enterprise_id: enterpriseId,
      promotional_code_id: code.id,
      subscription_plan_id: plan.id,
      status: 'reserved',
      expires_at: new Date(opts.now.getTime() + opts.holdMinutes * 60_000),
    });
    return { promotional_code: code.code, ...termsFor(plan, code) };
  });
}

async function countHolding(db: Db, where: ReturnType<typeof and>, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(and(where, holding(now)));
  return Number(row?.n ?? 0);
}

/**
 * Releases the enterprise's reserved codes not yet paid for (the wizard's "quitar código", or a
 * checkout left behind). Answers how many were released.
 */
export async function releaseReservations(
  db: Db,
  enterpriseId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(r)
    .set({ status: 'released', updated_at: now })
    .where(and(eq(r.enterprise_id, enterpriseId), eq(r.status, 'reserved')))
    .returning({ id: r.id });
  return rows.length;
}

/** The enterprise's current reservation with its code, when it still holds. */
export async function currentReservation(db: Db, enterpriseId: number, now: Date) {
  const [row] = await db
    .select({ reservation: r, code: promotionalCodes })
    .from(r)
    .innerJoin(promotionalCodes, eq(promotionalCodes.id, r.promotional_code_id))
    .where(and(eq(r.enterprise_id, enterpriseId), eq(r.status, 'reserved'), gt(r.expires_at, now)));
  return row ?? null;
}

/** Ties a reservation to a checkout: it holds until the checkout's own expiry. */
export async function attachReservation(
  db: Db,
  enterpriseId: number,
  reservationId: number,
  payment: { id: number; expiresAt: Date },
): Promise<void> {
  await db
    .update(r)
    .set({ user_credit_payment_id: payment.id, expires_at: payment.expiresAt })
    .where(and(eq(r.enterprise_id, enterpriseId), eq(r.id, reservationId)));
}

/** The payment was paid (redeemed) or will never be (released). */
export async function settleReservationOfPayment(
  db: Db,
  enterpriseId: number,
  paymentId: number,
  status: 'redeemed' | 'released',
  now: Date,
): Promise<void> {
  await db
    .update(r)
    .set({ status, updated_at: now })
    .where(
      and(
        eq(r.enterprise_id, enterpriseId),
        eq(r.user_credit_payment_id, paymentId),
        status === 'redeemed' ? undefined : eq(r.status, 'reserved'),
      ),
    );
}

/** An unknown code for the admin command. */
export function codeNotFound(code: string): AppError {
  return new AppError('NOT_FOUND', `No existe el código promocional ${code}.`);
}
