/**
 * The card-payment provider as the credits module sees it (PAYMENT_GATEWAY: the built-in sandbox
 * checkout by default, Stripe Checkout in production). Amounts are integer centavos. The provider is
 * the record of what was charged: the credits module never trusts a browser, and reads the session
 * back from the provider whenever a verified webhook names it.
 */

export type CardFunding = 'credit' | 'debit' | 'prepaid' | 'unknown';

export interface CheckoutSessionInput {
  /** Integer centavos, IVA included. */
  amount: number;
  currency: 'MXN';
  /** The line the buyer sees on the provider's page. */
  description: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** Creating twice with one key answers the first session. */
  idempotencyKey: string;
  expiresAt: Date;
}

export interface CheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  expiresAt: Date;
  /** The provider's hosted page (Stripe); null when the page mounts the provider's script. */
  url: string | null;
  /** The provider's payment (order) id once paid. */
  paymentId: string | null;
  card: { brand: string; last4: string; funding: CardFunding } | null;
  /** Centavos refunded so far. */
  amountRefunded: number;
}

/** A webhook whose signature was checked: which session (or payment) it is about. */
export interface VerifiedEvent {
  id: string;
  type: string;
  sessionId: string | null;
  paymentId: string | null;
}

/** A webhook that is not the provider's: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** What the page loads to take the card (the provider's script), when it has one. */
  readonly scriptUrl: string | null;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** The session a payment belongs to (a refund event names only the payment). */
  findSessionIdByPayment(paymentId: string): Promise<string | null>;
  /** Closes an open session so it can no longer be paid (an abandoned checkout). */
  expireCheckoutSession(id: string): Promise<void>;
  /** Checks the signature over the raw body; throws WebhookSignatureError. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): VerifiedEvent;
  /** Refunds a payment, all of it unless `amount` (centavos) says less. */
  refund(paymentId: string, amount?: number): Promise<void>;
}

/** The payment method as the purchase detail shows it, e.g. "Tarjeta de crédito Visa •••• 4242". */
export function describeCard(card: CheckoutSession['card']): string {
  if (!card) return 'Tarjeta';
  const kind =
    card.funding === 'debit'
      ? 'Tarjeta de débito'
      : card.funding === 'credit'
        ? 'Tarjeta de crédito'
        : 'Tarjeta';
  const brand = card.brand ? ` ${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}` : '';
  return `${kind}${brand} •••• ${card.last4}`;
}
