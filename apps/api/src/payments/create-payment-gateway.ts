import { createHmac } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { SandboxCheckout } from './sandbox/sandbox-checkout.ts';
import { SandboxGateway } from './sandbox/sandbox-gateway.ts';
import { StripeGateway } from './stripe/stripe-gateway.ts';

export interface Payments {
  gateway: PaymentGateway;
  /** The built-in card provider when PAYMENT_GATEWAY=sandbox (its routes, its webhooks). */
  sandbox: SandboxCheckout | null;
}

/**
 * The configured card-payment gateway, like the PAC: the sandbox checkout by default (its webhook
 * key derived from APP_SECRET), Stripe Checkout with PAYMENT_GATEWAY=stripe and its keys.
 */
export function createPayments(
  config: Pick<
    Config,
    'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'
  >,
  options: {
    db: Db;
    secret: string;
    clock: () => Date;
    delivery?: 'auto' | 'manual';
    retryDelaysMs?: number[];
    onError?: (what: string, error: unknown) => void;
  },
): Payments {
  if (config.PAYMENT_GATEWAY === 'stripe') {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return {
      gateway: new StripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
        clock: options.clock,
      }),
      sandbox: null,
    };
  }
  const webhookSecret = createHmac('sha256', options.secret)
    .update('sandbox-checkout-webhooks')
    .digest('hex');
  const sandbox = new SandboxCheckout({
    db: options.db,
    webhookSecret,
    clock: options.clock,
    delivery: options.delivery ?? 'auto',
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return { gateway: new SandboxGateway(sandbox, webhookSecret, options.clock), sandbox };
}
