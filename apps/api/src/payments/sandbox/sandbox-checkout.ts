import { randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCheckoutSessions } from '../../db/schema/credit-purchases.ts';
import type { CheckoutSessionInput } from '../payment-gateway.ts';
import { SANDBOX_SIGNATURE_HEADER, signPayload } from './signature.ts';
import { CHALLENGE_DECLINED_MESSAGE, judgeCard, type CardInput } from './test-cards.ts';

export type SandboxSession = typeof sandboxCheckoutSessions.$inferSelect;

export interface SandboxEvent {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded';
  created: number;
  data: { object: Record<string, unknown> };
}

export type PayOutcome =
  { status: 'succeeded' } | { status: 'requires_action' } | { status: 'failed'; message: string };

/** Posts a signed webhook; answers the HTTP status the receiver gave. */
export type DeliveryTarget = (body: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxCheckoutOptions {
  db: Db;
  /** HMAC key of the webhooks (shared with the receiving gateway adapter). */
  webhookSecret: string;
  clock: () => Date;
  /** 'auto': every event is delivered at once and retried with backoff; 'manual': tests deliver. */
  delivery: 'auto' | 'manual';
  /** Waits between attempts of one event (ms); the last one given ends the retries. */
  retryDelaysMs?: number[];
  /** Told when an event is given up after its last retry, or the expiry sweep fails. */
  onError?: (what: string, error: unknown) => void;
}

const DEFAULT_RETRIES = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The built-in sandbox card-payment provider (PAYMENT_GATEWAY=sandbox): checkout sessions with
 * amount, currency, status, metadata and expiry, a card form served by its own routes (the API's
 * /api never sees a card number), deterministic test cards, and webhooks signed with HMAC-SHA256 over
 * `timestamp.payload`, delivered at least once and retried with backoff. Tests can hold the events
 * and deliver them on demand, twice, or out of order.
 */
export class SandboxCheckout {
  private readonly db: Db;
  private readonly opts: SandboxCheckoutOptions;
  private target: DeliveryTarget | null = null;
  private readonly held: SandboxEvent[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(opts: SandboxCheckoutOptions) {
    this.db = opts.db;
    this.opts = opts;
  }

  /** Where webhooks go (the app wires its own webhook route here). */
  setDeliveryTarget(target: DeliveryTarget): void {
    this.target = target;
  }

  async createSession(input: CheckoutSessionInput): Promise<SandboxSession> {
    const [created] = await this.db
      .insert(sandboxCheckoutSessions)
      .values({
        id: newId('cs_sbx'),
        idempotency_key: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        status: 'open',
        payment_status: 'unpaid',
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: input.expiresAt,
      })
      .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotency_key })
      .returning();
    if (created) return created;
    const [first] = await this.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.idempotency_key, input.idempotencyKey));
    if (!first) throw new Error('sandbox checkout: idempotent session vanished');
    return first;
  }

  /** The session, expired first when its time has passed (which emits checkout.session.expired). */
  async getSession(id: string): Promise<SandboxSession | null> {
    await this.expireDue(id);
    const [row] = await this.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, id));
    return row ?? null;
  }

  async findByPaymentIntent(paymentIntent: string): Promise<SandboxSession | null> {
    const [row] = await this.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.payment_intent, paymentIntent));
    return row ?? null;
  }

  /** Charges a card to an open session. A success or a 3-D Secure approval completes it once. */
  async pay(id: string, input: CardInput): Promise<PayOutcome> {
    const session = await this.getSession(id);
    if (!session) return { status: 'failed', message: 'La sesión de pago no existe.' };
    if (session.status === 'expired') {
      return { status: 'failed', message: 'La sesión de pago expiró. Vuelva a empezar la compra.' };
    }
    if (session.status === 'complete') return { status: 'succeeded' };
    const judged = judgeCard(input, this.opts.clock());
    if ('error' in judged) return { status: 'failed', message: judged.error };
    const { card, last4 } = judged;
    const cardFields = { card_brand: card.brand, card_last4: last4, card_funding: card.funding };
    if (card.outcome.kind === 'declined')
      return { status: 'failed', message: card.outcome.message };
    if (card.outcome.kind === 'challenge') {
      await this.db
        .update(sandboxCheckoutSessions)
        .set({ ...cardFields, challenge_pending: true, updated_at: this.opts.clock() })
        .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')));
      return { status: 'requires_action' };
    }
    return this.complete(id, cardFields);
  }

  /** The buyer's answer to the 3-D Secure step of the bank. */
  async answerChallenge(id: string, approve: boolean): Promise<PayOutcome> {
    const session = await this.getSession(id);
    if (!session || !session.challenge_pending || session.status !== 'open') {
      return { status: 'failed', message: 'No hay una verificación pendiente para este pago.' };
    }
    await this.db
      .update(sandboxCheckoutSessions)
      .set({ challenge_pending: false })
      .where(eq(sandboxCheckoutSessions.id, id));
    if (!approve) return { status: 'failed', message: CHALLENGE_DECLINED_MESSAGE };
    return this.complete(id, {});
  }

  private async complete(id: string, cardFields: Partial<SandboxSession>): Promise<PayOutcome> {
    const [done] = await this.db
      .update(sandboxCheckoutSessions)
      .set({
        ...cardFields,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: newId('pi_sbx'),
        updated_at: this.opts.clock(),
      })
      .where(
        and(
          eq(sandboxCheckoutSessions.id, id),
          eq(sandboxCheckoutSessions.status, 'open'),
          sql`${sandboxCheckoutSessions.expires_at} > ${this.opts.clock()}`,
        ),
      )
      .returning();
    if (done) {
      this.emit('checkout.session.completed', done);
      return { status: 'succeeded' };
    }
    const now = await this.getSession(id);
    return now?.status === 'complete'
      ? { status: 'succeeded' }
      : { status: 'failed', message: 'La sesión de pago expiró. Vuelva a empezar la compra.' };
  }

  /** Expires one open session now (an abandoned checkout), or every due one when `id` is omitted. */
  async expire(id: string): Promise<void> {
    const rows = await this.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'expired', updated_at: this.opts.clock() })
      .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
      .returning();
    for (const row of rows) this.emit('checkout.session.expired', row);
  }

  async expireDue(id?: string): Promise<void> {
    const rows = await this.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'expired', updated_at: this.opts.clock() })
      .where(
        and(
          id ? eq(sandboxCheckoutSessions.id, id) : undefined,
          eq(sandboxCheckoutSessions.status, 'open'),
          lte(sandboxCheckoutSessions.expires_at, this.opts.clock()),
        ),
      )
      .returning();
    for (const row of rows) this.emit('checkout.session.expired', row);
  }

  /** Refunds a paid session (all of it unless `amount` centavos says less): a charge.refunded event. */
  async refund(paymentIntent: string, amount?: number): Promise<void> {
    const session = await this.findByPaymentIntent(paymentIntent);
    if (!session || session.payment_status !== 'paid') {
      throw new Error(`sandbox checkout: no paid session for ${paymentIntent}`);
    }
    const refund = Math.min(amount ?? session.amount, session.amount - session.amount_refunded);
    const [row] = await this.db
      .update(sandboxCheckoutSessions)
      .set({ amount_refunded: session.amount_refunded + refund, updated_at: this.opts.clock() })
      .where(eq(sandboxCheckoutSessions.id, session.id))
      .returning();
    if (row) this.emit('charge.refunded', row);
  }

  private emit(type: SandboxEvent['type'], session: SandboxSession): void {
    const event: SandboxEvent = {
      id: newId('evt_sbx'),
      type,
      created: Math.floor(this.opts.clock().getTime() / 1000),
      data: { object: sessionObject(session) },
    };
    if (this.opts.delivery === 'manual') {
      this.held.push(event);
      return;
    }
    this.schedule(event, 0, 0);
  }

  private schedule(event: SandboxEvent, attempt: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.deliver(event).then(
        (status) => {
          if (status < 200 || status >= 300) {
            this.retry(event, attempt + 1, new Error(`webhook answered ${status}`));
          }
        },
        (error: unknown) => this.retry(event, attempt + 1, error),
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private retry(event: SandboxEvent, attempts: number, error: unknown): void {
    const delays = this.opts.retryDelaysMs ?? DEFAULT_RETRIES;
    const delay = delays[attempts - 1];
    if (delay === undefined) {
      this.opts.onError?.(`webhook ${event.id} given up after ${attempts} attempts`, error);
      return;
    }
    this.schedule(event, attempts, delay);
  }

  /** The signed request of one event, as the receiver gets it. */
  signed(event: SandboxEvent): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(event);
    const t = Math.floor(this.opts.clock().getTime() / 1000);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signPayload(this.opts.webhookSecret, body, t),
      },
    };
  }

  /** Posts one event to the receiver once; answers its HTTP status. */
  async deliver(event: SandboxEvent): Promise<number> {
    if (!this.target) throw new Error('sandbox checkout: no webhook delivery target');
    const { body, headers } = this.signed(event);
    return this.target(body, headers);
  }

  /** Tests ('manual' delivery): the events emitted and not yet taken, oldest first, taken now. */
  takeEvents(): SandboxEvent[] {
    return this.held.splice(0, this.held.length);
  }

  /** Expires due sessions every `intervalMs` (abandoned checkouts), until close(). */
  startExpirySweep(intervalMs: number): void {
    const timer = setInterval(() => {
      this.expireDue().catch((error: unknown) => this.opts.onError?.('expiry sweep', error));
    }, intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** The session as webhooks and the gateway adapter carry it (Stripe's checkout.session shape). */
export function sessionObject(s: SandboxSession): Record<string, unknown> {
  return {
    id: s.id,
    object: 'checkout.session',
    amount_total: s.amount,
    currency: s.currency.toLowerCase(),
    status: s.status,
    payment_status: s.payment_status,
    metadata: s.metadata,
    expires_at: Math.floor(s.expires_at.getTime() / 1000),
    payment_intent: s.payment_intent,
    success_url: s.success_url,
    cancel_url: s.cancel_url,
  };
}
