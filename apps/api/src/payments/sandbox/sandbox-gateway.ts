import type {
  CardFunding,
  CheckoutSession,
  CheckoutSessionInput,
  PaymentGateway,
  VerifiedEvent,
} from '../payment-gateway.ts';
import { WebhookSignatureError } from '../payment-gateway.ts';
import type { SandboxCheckout, SandboxSession } from './sandbox-checkout.ts';
import { SANDBOX_SIGNATURE_HEADER, verifySignature } from './signature.ts';

/** The script the purchase page loads to mount the sandbox card form. */
export const SANDBOX_SCRIPT_PATH = '/sandbox-checkout/checkout.js';

function toSession(s: SandboxSession): CheckoutSession {
  return {
    id: s.id,
    status: s.status,
    paymentStatus: s.payment_status,
    amount: s.amount,
    currency: s.currency,
    metadata: s.metadata,
    expiresAt: s.expires_at,
    url: null,
    paymentId: s.payment_intent,
    card: s.card_last4
      ? { brand: s.card_brand, last4: s.card_last4, funding: s.card_funding as CardFunding }
      : null,
    amountRefunded: s.amount_refunded,
  };
}

/** PaymentGateway over the built-in sandbox checkout. */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly scriptUrl = SANDBOX_SCRIPT_PATH;

  constructor(
    private readonly checkout: SandboxCheckout,
    private readonly webhookSecret: string,
    private readonly clock: () => Date,
  ) {}

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    return toSession(await this.checkout.createSession(input));
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
    const s = await this.checkout.getSession(id);
    if (!s) throw new Error(`sandbox checkout: no session ${id}`);
    return toSession(s);
  }

  async findSessionIdByPayment(paymentId: string): Promise<string | null> {
    return (await this.checkout.findByPaymentIntent(paymentId))?.id ?? null;
  }

  async expireCheckoutSession(id: string): Promise<void> {
    await this.checkout.expire(id);
  }

  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): VerifiedEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    verifySignature(
      this.webhookSecret,
      rawBody,
      Array.isArray(header) ? header[0] : header,
      Math.floor(this.clock().getTime() / 1000),
    );
    let event: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      throw new WebhookSignatureError('body is not JSON');
    }
    const object = event.data?.object ?? {};
    if (typeof event.id !== 'string' || typeof event.type !== 'string') {
      throw new WebhookSignatureError('not an event');
    }
    return {
      id: event.id,
      type: event.type,
      sessionId: typeof object.id === 'string' ? object.id : null,
      paymentId: typeof object.payment_intent === 'string' ? object.payment_intent : null,
    };
  }

  async refund(paymentId: string, amount?: number): Promise<void> {
    await this.checkout.refund(paymentId, amount);
  }
}
