import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe-server.ts';

const WEBHOOK_SECRET = 'whsec_prueba_local';

describe('Stripe Checkout gateway (against a local server in Stripe shapes)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const stripe = new Stripe('sk_test_local');
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      env: {
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const webhook = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  };
  const event = (type: string, object: Record<string, unknown>) => ({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const balance = async (headers: Record<string, string>) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/users/get-total-remaining-credits', headers })
    ).json().data.user_total_remaining_credits as number;

  it('opens a hosted checkout, grants once on checkout.session.completed, refuses forged events, removes credits on charge.refunded', async () => {
    const e = await seedEnterprise(t.deps);
    const plans = (
      await t.app.inject({ method: 'GET', url: '/api/subscription-plans', headers: e.headers })
    ).json().data;
    const preOrderId = randomUUID();
    const pre = await t.app.inject({
      method: 'POST',
      url: '/api/payments/credits/pre-order',
      headers: e.headers,
      payload: { subscription_plan_id: plans[1].id, pre_order_id: preOrderId },
    });
    expect(pre.statusCode).toBe(200);
    const order = pre.json().data;
    expect(order).toMatchObject({ payment_gateway: 'stripe', script_url: null, price: '349.00' });
    expect(order.checkout_url).toBe(`${fake.url}/pay/${order.payment_gateway_id}`);
    const created = fake.sessions.get(order.payment_gateway_id)!;
    expect(created).toMatchObject({ amount_total: 34900, currency: 'mxn' });
    expect(created.metadata).toMatchObject({
      pre_order_id: preOrderId,
      enterprise_id: String(e.enterpriseId),
    });
    expect(fake.requests.find((r) => r.path === '/v1/checkout/sessions')?.idempotencyKey).toBe(
      `pre-order-${e.enterpriseId}-${preOrderId}`,
    );

    const paid = fake.pay(order.payment_gateway_id, {
      brand: 'mastercard',
      last4: '4444',
      funding: 'debit',
    });
    const completed = event('checkout.session.completed', fake.sessionObject(paid));
    const forged = await webhook(completed, 'whsec_otro');
    expect(forged.statusCode).toBe(400);
    expect(await balance(e.headers)).toBe(0);
    const [a, b] = await Promise.all([webhook(completed), webhook(completed)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(
      (await webhook(event('checkout.session.completed', fake.sessionObject(paid)))).statusCode,
    ).toBe(200);
    expect(await balance(e.headers)).toBe(110);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/user-credits-payments', headers: e.headers })
    ).json().data.data;
    expect(list[0]).toMatchObject({
      status: 'paid',
      payment_method: 'Tarjeta de débito Mastercard •••• 4444',
      payment_gateway_order_id: paid.payment_intent,
      credits_granted: 110,
    });

    paid.amount_refunded = 34900;
    const refunded = event('charge.refunded', {
      id: 'ch_prueba',
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount_refunded: 34900,
    });
    expect((await webhook(refunded)).statusCode).toBe(200);
    expect(await balance(e.headers)).toBe(0);
  });

  it('an expired session grants nothing', async () => {
    const e = await seedEnterprise(t.deps);
    const plans = (
      await t.app.inject({ method: 'GET', url: '/api/subscription-plans', headers: e.headers })
    ).json().data;
    const order = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/credits/pre-order',
        headers: e.headers,
        payload: { subscription_plan_id: plans[0].id, pre_order_id: randomUUID() },
      })
    ).json().data;
    const s = fake.sessions.get(order.payment_gateway_id)!;
    s.status = 'expired';
    expect(
      (await webhook(event('checkout.session.expired', fake.sessionObject(s)))).statusCode,
    ).toBe(200);
    expect(() => fake.pay(s.id, { brand: 'visa', last4: '4242', funding: 'credit' })).toThrow();
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/payments/credits/get-order-from-payment-gateway/${s.id}`,
      headers: e.headers,
    });
    expect(got.json().data).toMatchObject({ status: 'expired', credits_received: 0 });
    expect(await balance(e.headers)).toBe(0);
  });
});
