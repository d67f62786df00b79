import { desc, eq, or, sql } from 'drizzle-orm';
import { isDecimalText } from '@repo/cfdi/decimal';
import type { Db } from '../../db/client.ts';
import {
  promotionalCodes,
  subscriptionPlans,
  userCreditPayments,
} from '../../db/schema/credit-purchases.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { insertLedgerRow, lockEnterprise, readBalance } from './credits.queries.ts';
import { findPlan } from './plans.queries.ts';
import { codeNotFound } from './promotional-codes.service.ts';

/**
 * What an operator does from the command line (`npm run admin -- …`): plans, promotional codes,
 * and credits granted or removed by hand. Every credit change names who made it and why, and is
 * recorded in the ledger (actor, reason).
 */

const bad = (message: string) => new AppError('BAD_REQUEST', message);

export interface PlanInput {
  name: string;
  credits: number;
  gift_credits: number;
  price: string;
}

function checkPlan(p: Partial<PlanInput>): void {
  if (p.name !== undefined && p.name.trim() === '')
    throw bad('El nombre del paquete es obligatorio.');
  if (p.credits !== undefined && (!Number.isInteger(p.credits) || p.credits <= 0)) {
    throw bad('Los créditos del paquete deben ser un entero mayor que cero.');
  }
  if (p.gift_credits !== undefined && (!Number.isInteger(p.gift_credits) || p.gift_credits < 0)) {
    throw bad('Los créditos de regalo deben ser un entero de cero o más.');
  }
  if (p.price !== undefined && (!isDecimalText(p.price) || Number(p.price) <= 0)) {
    throw bad('El precio debe ser un importe mayor que cero, por ejemplo 349.00 (IVA incluido).');
  }
}

export async function createPlan(db: Db, input: PlanInput) {
  checkPlan(input);
  const [row] = await db
    .insert(subscriptionPlans)
    .values({ ...input, name: input.name.trim() })
    .returning();
  return row;
}

export async function updatePlan(
  db: Db,
  id: number,
  input: Partial<PlanInput> & { active?: boolean },
) {
  checkPlan(input);
  const [row] = await db
    .update(subscriptionPlans)
    .set({ ...input, updated_at: sql`now()` })
    .where(eq(subscriptionPlans.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', `No existe el paquete ${id}.`);
  return row;
}

export interface PromoCodeInput {
  code: string;
  kind: 'credits' | 'discount';
  extra_credits?: number;
  discount_percent?: string;
  valid_from?: Date | null;
  valid_until?: Date | null;
  max_redemptions?: number | null;
  max_per_enterprise?: number;
  min_subscription_plan_id?: number | null;
  created_by: string;
}

export async function createPromoCode(db: Db, input: PromoCodeInput) {
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,40}$/.test(code)) {
    throw bad('El código debe tener de 3 a 40 letras, números, guiones o guiones bajos.');
  }
  if (
    input.kind === 'credits' &&
    !(Number.isInteger(input.extra_credits) && (input.extra_credits ?? 0) > 0)
  ) {
    throw bad('Un código de créditos necesita --creditos mayor que cero.');
  }
  const pct = input.discount_percent ?? '0';
  if (input.kind === 'discount' && !(isDecimalText(pct) && Number(pct) > 0 && Number(pct) < 100)) {
    throw bad('Un código de descuento necesita --descuento entre 0 y 100 (por ciento).');
  }
  if (input.min_subscription_plan_id && !(await findPlan(db, input.min_subscription_plan_id))) {
    throw new AppError('NOT_FOUND', `No existe el paquete ${input.min_subscription_plan_id}.`);
  }
  if (!input.created_by.trim()) throw bad('Diga quién crea el código (--por).');
  const [row] = await db
    .insert(promotionalCodes)
    .values({
      code,
      kind: input.kind,
      extra_credits: input.kind === 'credits' ? (input.extra_credits ?? 0) : 0,
      discount_percent: input.kind === 'discount' ? pct : '0',
      valid_from: input.valid_from ?? null,
      valid_until: input.valid_until ?? null,
      max_redemptions: input.max_redemptions ?? null,
      max_per_enterprise: input.max_per_enterprise ?? 1,
      min_subscription_plan_id: input.min_subscription_plan_id ?? null,
      created_by: input.created_by.trim(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', `Ya existe el código ${code}.`);
  return row;
}

export async function setPromoCodeActive(db: Db, code: string, active: boolean) {
  const [row] = await db
    .update(promotionalCodes)
    .set({ active })
    .where(eq(promotionalCodes.code, code.trim().toUpperCase()))
    .returning();
  if (!row) throw codeNotFound(code);
  return row;
}

export function listPromoCodes(db: Db) {
  return db
    .select({
      code: promotionalCodes,
      redeemed: sql<number>`(select count(*)::int from promotional_code_reservations r
        where r.promotional_code_id = ${promotionalCodes.id} and r.status = 'redeemed')`,
    })
    .from(promotionalCodes)
    .orderBy(desc(promotionalCodes.created_at));
}

/** The enterprise by id, or by RFC. */
export async function findEnterpriseId(db: Db, idOrRfc: string): Promise<number> {
  const asId = /^\d+$/.test(idOrRfc) ? Number(idOrRfc) : -1;
  const [row] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(or(eq(enterprises.id, asId), eq(enterprises.rfc, idOrRfc.trim().toUpperCase())));
  if (!row) throw new AppError('NOT_FOUND', `No existe la empresa ${idOrRfc}.`);
  return row.id;
}

/**
 * Gives (credits > 0) or takes (credits < 0) credits by hand. A grant also appears in the
 * enterprise's purchase list as free. Refuses a removal below zero.
 */
export async function adjustCredits(
  db: Db,
  enterpriseId: number,
  input: { credits: number; actor: string; reason: string },
): Promise<{ balance: number }> {
  if (!Number.isInteger(input.credits) || input.credits === 0) {
    throw bad('Los créditos deben ser un entero distinto de cero.');
  }
  if (!input.actor.trim()) throw bad('Diga quién hace el cambio (--por).');
  if (!input.reason.trim()) throw bad('Diga por qué se hace el cambio (--motivo).');
  return withTransaction(db, async (tx) => {
    if (!(await lockEnterprise(tx, enterpriseId))) {
      throw new AppError('NOT_FOUND', 'La empresa no existe.');
    }
    const before = await readBalance(tx, enterpriseId, { lock: true });
    if (before.total + input.credits < 0) {
      throw new AppError(
        'CONFLICT',
        `La empresa tiene ${before.total} créditos: no se le pueden quitar ${-input.credits}.`,
      );
    }
    const actor = input.actor.trim();
    const reason = input.reason.trim();
    if (input.credits > 0) {
      await tx.insert(userCreditPayments).values({
        enterprise_id: enterpriseId,
        subscription_plan_name: 'Créditos otorgados',
        subscription_plan_amount: input.credits,
        status: 'free',
        credits_granted: input.credits,
        reason,
        actor,
      });
      await insertLedgerRow(tx, enterpriseId, {
        kind: 'adjustment',
        credits: input.credits,
        status: 'free',
        reference: 'otorgados',
        actor,
        reason,
      });
    } else {
      // Removed credits come out of the paid part first, then the free part.
      const fromPaid = Math.min(-input.credits, before.total - before.free);
      const parts = [
        { status: 'paid' as const, credits: fromPaid },
        { status: 'free' as const, credits: -input.credits - fromPaid },
      ];
      for (const part of parts.filter((x) => x.credits > 0)) {
        await insertLedgerRow(tx, enterpriseId, {
          kind: 'adjustment',
          credits: -part.credits,
          status: part.status,
          reference: 'retirados',
          actor,
          reason,
        });
      }
    }
    return { balance: before.total + input.credits };
  });
}
