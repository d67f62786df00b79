import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Credit plans on sale (migration 0014); price in MXN with IVA. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  credits: integer('credits').notNull(),
  gift_credits: integer('gift_credits').notNull().default(0),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  active: boolean('active').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const PROMO_KINDS = ['credits', 'discount'] as const;

export const promotionalCodes = pgTable('promotional_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  kind: text('kind', { enum: PROMO_KINDS }).notNull(),
  extra_credits: integer('extra_credits').notNull().default(0),
  discount_percent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  valid_from: ts('valid_from'),
  valid_until: ts('valid_until'),
  max_redemptions: integer('max_redemptions'),
  max_per_enterprise: integer('max_per_enterprise').notNull().default(1),
  min_subscription_plan_id: integer('min_subscription_plan_id'),
  active: boolean('active').notNull().default(true),
  created_by: text('created_by').notNull().default(''),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const CREDIT_PAYMENT_STATUSES = [
  'pending',
  'paid',
  'invoiced',
  'free',
  'expired',
  'refunded',
] as const;

/** A credit order: a checkout, a paid purchase, or free credits (welcome, operator grant). */
export const userCreditPayments = pgTable(
  'user_credit_payments',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    user_id: integer('user_id'),
    pre_order_id: text('pre_order_id'),
    subscription_plan_id: integer('subscription_plan_id'),
    subscription_plan_name: text('subscription_plan_name').notNull(),
    subscription_plan_amount: integer('subscription_plan_amount').notNull().default(0),
    subscription_plan_gift_amount: integer('subscription_plan_gift_amount').notNull().default(0),
    promo_credits: integer('promo_credits').notNull().default(0),
    subscription_plan_price: numeric('subscription_plan_price', { precision: 12, scale: 2 })
      .notNull()
      .default('0'),
    list_price: numeric('list_price', { precision: 12, scale: 2 }).notNull().default('0'),
    promotional_code_id: integer('promotional_code_id'),
    status: text('status', { enum: CREDIT_PAYMENT_STATUSES }).notNull(),
    payment_gateway: text('payment_gateway').notNull().default(''),
    payment_gateway_session_id: text('payment_gateway_session_id'),
    payment_gateway_order_id: text('payment_gateway_order_id').notNull().default(''),
    payment_method: text('payment_method').notNull().default(''),
    card_funding: text('card_funding').notNull().default(''),
    payment_date: ts('payment_date'),
    credits_granted: integer('credits_granted').notNull().default(0),
    credits_removed: integer('credits_removed').notNull().default(0),
    refunded_amount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    reason: text('reason').notNull().default(''),
    actor: text('actor').notNull().default(''),
    invoice_comprobante_id: integer('invoice_comprobante_id'),
    expires_at: ts('expires_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);

export const promotionalCodeReservations = pgTable(
  'promotional_code_reservations',
  {
    enterprise_id: integer('enterprise_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    promotional_code_id: integer('promotional_code_id').notNull(),
    subscription_plan_id: integer('subscription_plan_id').notNull(),
    user_credit_payment_id: integer('user_credit_payment_id'),
    status: text('status', { enum: ['reserved', 'redeemed', 'released'] }).notNull(),
    expires_at: ts('expires_at').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterprise_id, t.id] })],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    gateway: text('gateway').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    session_id: text('session_id').notNull().default(''),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.event_id] })],
);

/** The sandbox checkout's sessions (the card provider's records when PAYMENT_GATEWAY=sandbox). */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  idempotency_key: text('idempotency_key'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  payment_status: text('payment_status', { enum: ['unpaid', 'paid'] }).notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  success_url: text('success_url').notNull().default(''),
  cancel_url: text('cancel_url').notNull().default(''),
  expires_at: ts('expires_at').notNull(),
  payment_intent: text('payment_intent'),
  card_brand: text('card_brand').notNull().default(''),
  card_last4: text('card_last4').notNull().default(''),
  card_funding: text('card_funding').notNull().default(''),
  amount_refunded: integer('amount_refunded').notNull().default(0),
  challenge_pending: boolean('challenge_pending').notNull().default(false),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
