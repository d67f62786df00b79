import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SandboxCheckout, SandboxEvent } from '../../payments/sandbox/sandbox-checkout.ts';
import type { TestApp } from '../../test/build-test-app.ts';

/** Helpers of the credit purchase tests: the wizard's calls, the card form's call, webhooks. */
export function purchaseHelpers(t: TestApp) {
  const sandbox = t.deps.payments.sandbox as SandboxCheckout;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    const body = res.json();
    return { status: res.statusCode, body };
  };
  const plans = async (headers: Record<string, string>) =>
    (await call('GET', '/api/subscription-plans', headers)).body.data as {
      id: number;
      name: string;
      credits: number;
      gift_credits: number;
      price: string;
    }[];
  const preOrder = async (headers: Record<string, string>, planId: number) => {
    const res = await call('POST', '/api/payments/credits/pre-order', headers, {
      subscription_plan_id: planId,
      pre_order_id: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; payment_gateway_id: string; price: string };
  };
  const payCard = async (sessionId: string, number: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-checkout/sessions/${sessionId}/pay`,
      payload: { number, exp: '12/34', cvc: '123' },
    });
    return res.json<{ status: string; message?: string }>();
  };
  const deliver = async (event: SandboxEvent) => {
    const { body, headers } = sandbox.signed(event);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers,
    });
    return res.statusCode;
  };
  const balance = async (headers: Record<string, string>) =>
    (await call('GET', '/api/users/get-total-remaining-credits', headers)).body.data
      .user_total_remaining_credits as number;
  return { sandbox, call, plans, preOrder, payCard, deliver, balance };
}
