import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { purchaseHelpers } from './credit-purchases.test-support.ts';
import { adjustCredits, createPromoCode, setPromoCodeActive } from './credits-admin.service.ts';

describe('promotional codes', () => {
  let t: TestApp;
  let h: ReturnType<typeof purchaseHelpers>;
  let plans: Awaited<ReturnType<ReturnType<typeof purchaseHelpers>['plans']>>;
  beforeAll(async () => {
    t = await buildTestApp();
    h = purchaseHelpers(t);
    plans = await h.plans((await seedEnterprise(t.deps)).headers);
  });
  afterAll(async () => {
    await t.close();
  });

  const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
  const reserve = (headers: Record<string, string>, code: string, planId: number) =>
    h.call('POST', '/api/promotional-codes/reserve', headers, {
      promotional_code: code,
      subscription_plan_id: planId,
    });
  const refusal = (res: Awaited<ReturnType<typeof h.call>>) => {
    expect(res.status).toBe(422);
    return res.body.dataError.promotional_code[0] as string;
  };

  it('refuses unknown, expired, not yet valid, withdrawn and too-small-plan codes in Spanish', async () => {
    const e = await seedEnterprise(t.deps);
    const now = Date.now();
    const day = 86_400_000;
    const expired = await createPromoCode(t.deps.db, {
      code: unique('VIEJO'),
      kind: 'credits',
      extra_credits: 5,
      valid_until: new Date(now - day),
      created_by: 'prueba',
    });
    const future = await createPromoCode(t.deps.db, {
      code: unique('FUTURO'),
      kind: 'credits',
      extra_credits: 5,
      valid_from: new Date(now + day),
      created_by: 'prueba',
    });
    const big = await createPromoCode(t.deps.db, {
      code: unique('GRANDE'),
      kind: 'discount',
      discount_percent: '10',
      min_subscription_plan_id: plans[2]!.id,
      created_by: 'prueba',
    });
    expect(refusal(await reserve(e.headers, 'NO-EXISTE-123', plans[0]!.id))).toBe(
      'El código promocional no existe.',
    );
    expect(refusal(await reserve(e.headers, expired.code, plans[0]!.id))).toBe(
      'El código promocional expiró.',
    );
    expect(refusal(await reserve(e.headers, future.code, plans[0]!.id))).toBe(
      'El código promocional todavía no está vigente.',
    );
    expect(refusal(await reserve(e.headers, big.code, plans[0]!.id))).toBe(
      'El código promocional no aplica para este paquete: es válido a partir del Paquete 300.',
    );
    const ok = await reserve(e.headers, big.code, plans[3]!.id);
    expect(ok.body.data).toEqual({
      promotional_code: big.code,
      promo_credits: 0,
      discount_percent: '10.00',
      price: '2249.10',
    });
    expect((await reserve(e.headers, '', plans[0]!.id)).status).toBe(422);
    await setPromoCodeActive(t.deps.db, big.code, false);
    expect(refusal(await reserve(e.headers, big.code, plans[3]!.id))).toBe(
      'El código promocional ya no está disponible.',
    );
  });

  it('a discount code prices the checkout; the code is redeemed once paid and not again', async () => {
    const e = await seedEnterprise(t.deps);
    const c = await createPromoCode(t.deps.db, {
      code: unique('MITAD'),
      kind: 'discount',
      discount_percent: '50',
      created_by: 'prueba',
    });
    expect((await reserve(e.headers, c.code, plans[1]!.id)).body.data.price).toBe('174.50');
    const order = await h.preOrder(e.headers, plans[1]!.id);
    expect(order.price).toBe('174.50');
    const session = await h.sandbox.getSession(order.payment_gateway_id);
    expect(session!.amount).toBe(17450);
    await h.payCard(order.payment_gateway_id, '4242424242424242');
    for (const ev of h.sandbox.takeEvents()) await h.deliver(ev);
    expect(await h.balance(e.headers)).toBe(110);
    expect(refusal(await reserve(e.headers, c.code, plans[1]!.id))).toBe(
      'Su empresa ya usó este código promocional.',
    );
  });

  it('a code reserved for one plan is refused at the pre-order of another; detach releases it', async () => {
    const e = await seedEnterprise(t.deps);
    const c = await createPromoCode(t.deps.db, {
      code: unique('EXTRA'),
      kind: 'credits',
      extra_credits: 20,
      max_redemptions: 1,
      created_by: 'prueba',
    });
    expect((await reserve(e.headers, c.code, plans[0]!.id)).body.data.promo_credits).toBe(20);
    const wrong = await h.call('POST', '/api/payments/credits/pre-order', e.headers, {
      subscription_plan_id: plans[1]!.id,
      pre_order_id: randomUUID(),
    });
    expect(wrong.status).toBe(422);
    const other = await seedEnterprise(t.deps);
    expect(refusal(await reserve(other.headers, c.code, plans[0]!.id))).toBe(
      'El código promocional ya se agotó.',
    );
    const detached = await h.call(
      'POST',
      '/api/promotional-codes/detach-reserved-codes',
      e.headers,
    );
    expect(detached.body.data).toEqual({ released: 1 });
    expect((await reserve(other.headers, c.code, plans[0]!.id)).status).toBe(200);
  });

  it('the total limit holds when ten enterprises apply the code at once', async () => {
    const c = await createPromoCode(t.deps.db, {
      code: unique('TRES'),
      kind: 'credits',
      extra_credits: 10,
      max_redemptions: 3,
      created_by: 'prueba',
    });
    const es = await Promise.all(Array.from({ length: 10 }, () => seedEnterprise(t.deps)));
    const results = await Promise.all(es.map((e) => reserve(e.headers, c.code, plans[0]!.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => refusal(r))).toEqual(
      Array(7).fill('El código promocional ya se agotó.'),
    );
  });

  it('operator grants and removals are in the ledger with who and why; a grant shows as free', async () => {
    const e = await seedEnterprise(t.deps, { credits: 3 });
    await adjustCredits(t.deps.db, e.enterpriseId, {
      credits: 25,
      actor: 'soporte@empresa.mx',
      reason: 'Compensación por falla del PAC',
    });
    await adjustCredits(t.deps.db, e.enterpriseId, {
      credits: -26,
      actor: 'soporte@empresa.mx',
      reason: 'Créditos dados por error',
    });
    expect(await h.balance(e.headers)).toBe(2);
    await expect(
      adjustCredits(t.deps.db, e.enterpriseId, { credits: -3, actor: 'x', reason: 'y' }),
    ).rejects.toThrow('La empresa tiene 2 créditos: no se le pueden quitar 3.');
    const rows = await t.deps.db
      .select({
        credits: creditLedger.credits,
        actor: creditLedger.actor,
        reason: creditLedger.reason,
      })
      .from(creditLedger)
      .where(
        and(eq(creditLedger.enterprise_id, e.enterpriseId), eq(creditLedger.kind, 'adjustment')),
      )
      .orderBy(creditLedger.id);
    expect(rows).toEqual([
      { credits: 25, actor: 'soporte@empresa.mx', reason: 'Compensación por falla del PAC' },
      { credits: -26, actor: 'soporte@empresa.mx', reason: 'Créditos dados por error' },
    ]);
    const list = await h.call('GET', '/api/user-credits-payments', e.headers);
    expect(list.body.data.data[0]).toMatchObject({
      subscription_plan_name: 'Créditos otorgados',
      status: 'free',
      subscription_plan_amount: 25,
      reason: 'Compensación por falla del PAC',
    });
  });
});
