-- Buying credits: plans, promotional codes and their reservations, credit payments (orders), the
-- webhook events received from the payment gateway, and the sandbox checkout's own sessions.
-- The credits themselves stay in credit_ledger (append-only), which now also says who and why.

alter table credit_ledger add column actor text not null default '';
alter table credit_ledger add column reason text not null default '';

create table subscription_plans (
  id integer generated always as identity primary key,
  name text not null,
  credits integer not null check (credits > 0),
  gift_credits integer not null default 0 check (gift_credits >= 0),
  -- Price in MXN, IVA included.
  price numeric(12, 2) not null check (price > 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index subscription_plans_name_unique on subscription_plans (lower(name));

-- A ladder from an occasional issuer to an accounting office: the more credits, the cheaper each.
insert into subscription_plans (name, credits, gift_credits, price) values
  ('Paquete 50', 50, 0, 199.00),
  ('Paquete 100', 100, 10, 349.00),
  ('Paquete 300', 300, 50, 899.00),
  ('Paquete 1000', 1000, 200, 2499.00);

create table promotional_codes (
  id integer generated always as identity primary key,
  code text not null check (code = upper(code) and code ~ '^[A-Z0-9_-]{3,40}$'),
  kind text not null check (kind in ('credits', 'discount')),
  extra_credits integer not null default 0 check (extra_credits >= 0),
  discount_percent numeric(5, 2) not null default 0 check (discount_percent >= 0 and discount_percent < 100),
  valid_from timestamptz,
  valid_until timestamptz,
  -- null: no total limit.
  max_redemptions integer check (max_redemptions is null or max_redemptions > 0),
  max_per_enterprise integer not null default 1 check (max_per_enterprise > 0),
  -- The code applies to this plan and to every plan at least as expensive.
  min_subscription_plan_id integer references subscription_plans (id),
  active boolean not null default true,
  created_by text not null default '',
  created_at timestamptz not null default now(),
  check ((kind = 'credits' and extra_credits > 0) or (kind = 'discount' and discount_percent > 0))
);
create unique index promotional_codes_code_unique on promotional_codes (code);

create table user_credit_payments (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  user_id integer references users (id) on delete set null,
  -- The wizard's own id of the purchase: a second pre-order with it answers the first one.
  pre_order_id text,
  subscription_plan_id integer references subscription_plans (id),
  subscription_plan_name text not null,
  subscription_plan_amount integer not null default 0,
  subscription_plan_gift_amount integer not null default 0,
  promo_credits integer not null default 0,
  -- What was charged (IVA included), after a discount code; list_price before it.
  subscription_plan_price numeric(12, 2) not null default 0,
  list_price numeric(12, 2) not null default 0,
  promotional_code_id integer references promotional_codes (id),
  -- pending: checkout open; paid; invoiced; free (welcome credits, operator grants); expired; refunded.
  status text not null check (status in ('pending', 'paid', 'invoiced', 'free', 'expired', 'refunded')),
  payment_gateway text not null default '',
  payment_gateway_session_id text,
  payment_gateway_order_id text not null default '',
  payment_method text not null default '',
  card_funding text not null default '',
  payment_date timestamptz,
  credits_granted integer not null default 0,
  credits_removed integer not null default 0,
  refunded_amount numeric(12, 2) not null default 0,
  reason text not null default '',
  actor text not null default '',
  invoice_comprobante_id integer,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
create unique index user_credit_payments_pre_order on user_credit_payments (enterprise_id, pre_order_id)
  where pre_order_id is not null;
create unique index user_credit_payments_session on user_credit_payments (payment_gateway, payment_gateway_session_id)
  where payment_gateway_session_id is not null;
create index user_credit_payments_list on user_credit_payments (enterprise_id, created_at desc)
  where status <> 'pending' and status <> 'expired';

create table promotional_code_reservations (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  promotional_code_id integer not null references promotional_codes (id) on delete cascade,
  subscription_plan_id integer not null references subscription_plans (id),
  user_credit_payment_id integer,
  -- reserved: held for a checkout; redeemed: its payment was paid; released.
  status text not null check (status in ('reserved', 'redeemed', 'released')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
create index promotional_code_reservations_code on promotional_code_reservations (promotional_code_id, status);
-- An enterprise holds at most one reservation at a time (the wizard applies one code).
create unique index promotional_code_reservations_one_active on promotional_code_reservations (enterprise_id)
  where status = 'reserved';

-- Every verified webhook event, once: a redelivery of an event already handled does nothing.
create table payment_webhook_events (
  gateway text not null,
  event_id text not null,
  type text not null,
  session_id text not null default '',
  received_at timestamptz not null default now(),
  primary key (gateway, event_id)
);

-- The built-in sandbox checkout's sessions (PAYMENT_GATEWAY=sandbox): the card provider's own
-- records, kept in our database only because it runs inside this process.
create table sandbox_checkout_sessions (
  id text primary key,
  idempotency_key text unique,
  amount integer not null,
  currency text not null,
  status text not null,
  payment_status text not null,
  metadata jsonb not null default '{}',
  success_url text not null default '',
  cancel_url text not null default '',
  expires_at timestamptz not null,
  payment_intent text,
  card_brand text not null default '',
  card_last4 text not null default '',
  card_funding text not null default '',
  amount_refunded integer not null default 0,
  challenge_pending boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Welcome credits already granted appear in the purchase list as free.
insert into user_credit_payments (enterprise_id, subscription_plan_name, subscription_plan_amount,
  status, payment_date, credits_granted, reason, created_at, updated_at)
  select enterprise_id, 'Créditos de bienvenida', credits, 'free', created_at, credits, reference,
         created_at, created_at
    from credit_ledger
   where kind = 'welcome';

-- A payment grants its credits once, whatever the webhooks do: one purchase row per payment.
create unique index credit_ledger_purchase_once on credit_ledger (enterprise_id, reference)
  where kind = 'purchase';
