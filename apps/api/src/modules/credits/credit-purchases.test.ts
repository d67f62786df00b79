import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { withTransaction } from '../../db/transaction.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { purchaseHelpers } from './credit-purchases.test-support.ts';
import { createPromoCode } from './credits-admin.service.ts';
import { reserveCredit } from './credits.service.ts';

describe('buying credits with the sandbox checkout', () => {
  let t: TestApp;
  let h: ReturnType<typeof purchaseHelpers>;
  beforeAll(async () => {
    t = await buildTestApp();
    h = purchaseHelpers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const code = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;

  it('lists the plans on sale, cheapest first, with price IVA included', async () => {
    const e = await seedEnterprise(t.deps);
    const plans = await h.plans(e.headers);
    expect(plans.length).toBeGreaterThanOrEqual(4);
    expect(plans[0]).toMatchObject({ name: 'Paquete 50', credits: 50, price: '199.00' });
    const prices = plans.map((p) => Number(p.price));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('grants the credits once, on the verified webhook only, whatever the duplicates', async () => {
    const e = await seedEnterprise(t.deps, { credits: 10 });
    const [plan] = await h.plans(e.headers);
    const order = await h.preOrder(e.headers, plan!.id);
    expect(order.price).toBe('199.00');
    expect(await h.payCard(order.payment_gateway_id, '4242 4242 4242 4242')).toEqual({
      status: 'succeeded',
    });
    // The browser is back before the webhook: nothing is granted yet.
    const waiting = await h.call(
      'GET',
      `/api/payments/credits/get-order-from-payment-gateway/${order.payment_gateway_id}`,
      e.headers,
    );
    expect(waiting.body.data).toMatchObject({ status: 'pending', credits_received: 0 });
    expect(await h.balance(e.headers)).toBe(10);
    const events = h.sandbox.takeEvents();
    expect(events.map((x) => x.type)).toEqual(['checkout.session.completed']);
    expect(await h.deliver(events[0]!)).toBe(200);
    expect(await h.deliver(events[0]!)).toBe(200);
    expect(await h.balance(e.headers)).toBe(60);
    const done = await h.call(
      'GET',
      `/api/payments/credits/get-order-from-payment-gateway/${order.payment_gateway_id}`,
      e.headers,
    );
    expect(done.body.data).toMatchObject({
      status: 'paid',
      credits_received: 50,
      user_total_remaining_credits: 60,
    });
    const list = await h.call('GET', '/api/user-credits-payments?page=1', e.headers);
    expect(list.body.data.total).toBe(2);
    const paid = list.body.data.data[0];
    expect(paid).toMatchObject({
      subscription_plan_name: 'Paquete 50',
      subscription_plan_amount: 50,
      subscription_plan_price: '199.00',
      status: 'paid',
      payment_method: 'Tarjeta de crédito Visa •••• 4242',
    });
    expect(paid.payment_gateway_order_id).toMatch(/^pi_sbx_/);
    expect(list.body.data.data[1]).toMatchObject({ status: 'free', subscription_plan_amount: 10 });
    const detail = await h.call('GET', `/api/user-credits-payments/${paid.id}`, e.headers);
    expect(detail.body.data).toEqual(paid);
    // Another enterprise gets 404 for this purchase and for its gateway order.
    const stranger = await seedEnterprise(t.deps);
    expect(
      (await h.call('GET', `/api/user-credits-payments/${paid.id}`, stranger.headers)).status,
    ).toBe(404);
    expect(
      (
        await h.call(
          'GET',
          `/api/payments/credits/get-order-from-payment-gateway/${order.payment_gateway_id}`,
          stranger.headers,
        )
      ).status,
    ).toBe(404);
  });

  it('20 concurrent deliveries of one payment grant it once', async () => {
    const e = await seedEnterprise(t.deps);
    const plans = await h.plans(e.headers);
    const order = await h.preOrder(e.headers, plans[1]!.id);
    await h.payCard(order.payment_gateway_id, '4000056655665556');
    const [event] = h.sandbox.takeEvents();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => h.deliver(event!)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await h.balance(e.headers)).toBe(110);
    const list = await h.call('GET', '/api/user-credits-payments', e.headers);
    expect(list.body.data.data[0]).toMatchObject({
      credits_granted: 110,
      payment_method: 'Tarjeta de débito Visa •••• 5556',
    });
  });

  it('out of order: a refund delivered before the payment ends refunded, credits granted then removed', async () => {
    const e = await seedEnterprise(t.deps);
    const [plan] = await h.plans(e.headers);
    const order = await h.preOrder(e.headers, plan!.id);
    await h.payCard(order.payment_gateway_id, '4242424242424242');
    const [completed] = h.sandbox.takeEvents();
    const session = await h.sandbox.getSession(order.payment_gateway_id);
    await t.deps.payments.gateway.refund(session!.payment_intent!);
    const [refunded] = h.sandbox.takeEvents();
    expect(refunded!.type).toBe('charge.refunded');
    expect(await h.deliver(refunded!)).toBe(200);
    expect(await h.deliver(completed!)).toBe(200);
    expect(await h.deliver(refunded!)).toBe(200);
    expect(await h.balance(e.headers)).toBe(0);
    const list = await h.call('GET', '/api/user-credits-payments', e.headers);
    expect(list.body.data.data[0]).toMatchObject({
      status: 'refunded',
      credits_granted: 50,
      credits_removed: 50,
    });
  });

  it('a refund after partial use removes only the credits not yet spent', async () => {
    const e = await seedEnterprise(t.deps, { credits: 2 });
    const [plan] = await h.plans(e.headers);
    const order = await h.preOrder(e.headers, plan!.id);
    await h.payCard(order.payment_gateway_id, '4242424242424242');
    for (const ev of h.sandbox.takeEvents()) await h.deliver(ev);
    expect(await h.balance(e.headers)).toBe(52);
    // 2 free credits go first, then 5 paid ones.
    for (let i = 0; i < 7; i++) {
      await withTransaction(t.deps.db, (tx) => reserveCredit(tx, e.enterpriseId, `prueba:${i}`));
    }
    const session = await h.sandbox.getSession(order.payment_gateway_id);
    await t.deps.payments.gateway.refund(session!.payment_intent!);
    for (const ev of h.sandbox.takeEvents()) await h.deliver(ev);
    expect(await h.balance(e.headers)).toBe(0);
    const list = await h.call('GET', '/api/user-credits-payments', e.headers);
    expect(list.body.data.data[0]).toMatchObject({ status: 'refunded', credits_removed: 45 });
  });

  it('a bad signature is refused and changes nothing', async () => {
    const e = await seedEnterprise(t.deps);
    const [plan] = await h.plans(e.headers);
    const order = await h.preOrder(e.headers, plan!.id);
    await h.payCard(order.payment_gateway_id, '4242424242424242');
    const [event] = h.sandbox.takeEvents();
    const { body, headers } = h.sandbox.signed(event!);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: {
        ...headers,
        'sandbox-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      success: false,
      dataError: 'La firma del aviso de pago no es válida.',
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body.replace('checkout.session.completed', 'checkout.session.completed '),
      headers,
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await h.balance(e.headers)).toBe(0);
    // The genuine delivery still works afterwards.
    expect(await h.deliver(event!)).toBe(200);
    expect(await h.balance(e.headers)).toBe(50);
  });

  it('an expired checkout grants nothing, cannot be paid and releases its code', async () => {
    const e = await seedEnterprise(t.deps);
    const [plan] = await h.plans(e.headers);
    const c = await createPromoCode(t.deps.db, {
      code: code('EXP'),
      kind: 'credits',
      extra_credits: 5,
      max_redemptions: 1,
      created_by: 'prueba',
    });
    const reserved = await h.call('POST', '/api/promotional-codes/reserve', e.headers, {
      promotional_code: c.code.toLowerCase(),
      subscription_plan_id: plan!.id,
    });
    expect(reserved.body.data).toMatchObject({ promo_credits: 5, price: '199.00' });
    const order = await h.preOrder(e.headers, plan!.id);
    await h.sandbox.expire(order.payment_gateway_id);
    for (const ev of h.sandbox.takeEvents()) expect(await h.deliver(ev)).toBe(200);
    expect(await h.payCard(order.payment_gateway_id, '4242424242424242')).toEqual({
      status: 'failed',
      message: 'La sesión de pago expiró. Vuelva a empezar la compra.',
    });
    expect(h.sandbox.takeEvents()).toEqual([]);
    expect(await h.balance(e.headers)).toBe(0);
    const order2 = await h.call(
      'GET',
      `/api/payments/credits/get-order-from-payment-gateway/${order.payment_gateway_id}`,
      e.headers,
    );
    expect(order2.body.data.status).toBe('expired');
    // The single-use code is free again for someone else.
    const other = await seedEnterprise(t.deps);
    const again = await h.call('POST', '/api/promotional-codes/reserve', other.headers, {
      promotional_code: c.code,
      subscription_plan_id: plan!.id,
    });
    expect(again.status).toBe(200);
  });

  it('a declined card and a refused 3-D Secure step charge nothing; an approved one pays', async () => {
    const e = await seedEnterprise(t.deps);
    const [plan] = await h.plans(e.headers);
    const order = await h.preOrder(e.headers, plan!.id);
    const sid = order.payment_gateway_id;
    expect(await h.payCard(sid, '4000000000000002')).toEqual({
      status: 'failed',
      message: 'Tarjeta rechazada',
    });
    expect(await h.payCard(sid, '4000000000009995')).toMatchObject({
      message: 'Fondos insuficientes',
    });
    expect(await h.payCard(sid, '4000000000000069')).toMatchObject({ message: 'Tarjeta vencida' });
    expect(await h.payCard(sid, '4000002500003155')).toEqual({ status: 'requires_action' });
    const no = await t.app.inject({
      method: 'POST',
      url: `/sandbox-checkout/sessions/${sid}/challenge`,
      payload: { approve: false },
    });
    expect(no.json()).toMatchObject({ status: 'failed' });
    expect(h.sandbox.takeEvents()).toEqual([]);
    expect(await h.payCard(sid, '4000002500003155')).toEqual({ status: 'requires_action' });
    const yes = await t.app.inject({
      method: 'POST',
      url: `/sandbox-checkout/sessions/${sid}/challenge`,
      payload: { approve: true },
    });
    expect(yes.json()).toEqual({ status: 'succeeded' });
    for (const ev of h.sandbox.takeEvents()) await h.deliver(ev);
    expect(await h.balance(e.headers)).toBe(50);
  });

  it('the same pre_order_id answers the same checkout session', async () => {
    const e = await seedEnterprise(t.deps);
    const [plan] = await h.plans(e.headers);
    const body = { subscription_plan_id: plan!.id, pre_order_id: randomUUID() };
    const [a, b] = await Promise.all([
      h.call('POST', '/api/payments/credits/pre-order', e.headers, body),
      h.call('POST', '/api/payments/credits/pre-order', e.headers, body),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const again = await h.call('POST', '/api/payments/credits/pre-order', e.headers, body);
    expect(again.body.data.payment_gateway_id).toBe(ok[0]!.body.data.payment_gateway_id);
  });
});
