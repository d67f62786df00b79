import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type {
  CardFunding,
  CheckoutSession,
  CheckoutSessionInput,
  PaymentGateway,
  VerifiedEvent,
} from '../payment-gateway.ts';
import { WebhookSignatureError } from '../payment-gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (tests: a local server answering Stripe's shapes); empty for Stripe's. */
  apiUrl?: string;
  clock: () => Date;
}

/** host/port/protocol options of the SDK from a URL such as http://127.0.0.1:12111. */
function apiAddress(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return {
    host: u.hostname,
    port: u.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function funding(value: string | null | undefined): CardFunding {
  return value === 'credit' || value === 'debit' || value === 'prepaid' ? value : 'unknown';
}

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  const intent = typeof s.payment_intent === 'object' ? s.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  return {
    id: s.id,
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paymentStatus: s.payment_status === 'paid' ? 'paid' : 'unpaid',
    amount: s.amount_total ?? 0,
    currency: (s.currency ?? 'mxn').toUpperCase(),
    metadata: s.metadata ?? {},
    expiresAt: new Date(s.expires_at * 1000),
    url: s.url ?? null,
    paymentId: typeof s.payment_intent === 'string' ? s.payment_intent : (intent?.id ?? null),
    card: card
      ? { brand: card.brand ?? '', last4: card.last4 ?? '', funding: funding(card.funding) }
      : null,
    amountRefunded: charge?.amount_refunded ?? 0,
  };
}

/** PaymentGateway over Stripe Checkout (hosted page), through the official SDK. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly scriptUrl = null;
  private readonly stripe: Stripe;

  constructor(private readonly opts: StripeGatewayOptions) {
    // The SDK (about 19 MB resident) is loaded only when Stripe is the configured gateway.
    const StripeSdk = createRequire(import.meta.url)('stripe') as typeof Stripe;
    this.stripe = new StripeSdk(opts.secretKey, {
      maxNetworkRetries: 2,
      ...apiAddress(opts.apiUrl),
    });
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.description },
            },
          },
        ],
        metadata: input.metadata,
        payment_intent_data: { metadata: input.metadata },
        client_reference_id: input.metadata.payment_id ?? null,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        locale: 'es',
      } as Stripe.Checkout.SessionCreateParams,
      { idempotencyKey: input.idempotencyKey },
    );
    return toSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
    return toSession(
      await this.stripe.checkout.sessions.retrieve(id, {
        expand: ['payment_intent.latest_charge'],
      }),
    );
  }

  async findSessionIdByPayment(paymentId: string): Promise<string | null> {
    const list = await this.stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 });
    return list.data[0]?.id ?? null;
  }

  async expireCheckoutSession(id: string): Promise<void> {
    const s = await this.stripe.checkout.sessions.retrieve(id);
    if (s.status === 'open') await this.stripe.checkout.sessions.expire(id);
  }

  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): VerifiedEvent {
    const header = headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        Array.isArray(header) ? (header[0] ?? '') : (header ?? ''),
        this.opts.webhookSecret,
        undefined,
        undefined,
        this.opts.clock().getTime(),
      );
    } catch (e) {
      throw new WebhookSignatureError((e as Error).message);
    }
    const object = event.data.object as unknown as Record<string, unknown>;
    const isSession = object.object === 'checkout.session';
    const paymentId =
      typeof object.payment_intent === 'string'
        ? object.payment_intent
        : object.object === 'payment_intent' && typeof object.id === 'string'
          ? object.id
          : null;
    return {
      id: event.id,
      type: event.type,
      sessionId: isSession && typeof object.id === 'string' ? object.id : null,
      paymentId,
    };
  }

  async refund(paymentId: string, amount?: number): Promise<void> {
    await this.stripe.refunds.create({
      payment_intent: paymentId,
      ...(amount === undefined ? {} : { amount }),
    });
  }
}
