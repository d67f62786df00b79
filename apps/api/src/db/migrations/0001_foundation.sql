-- Foundation: users, enterprises and the credits ledger.
-- Tenant tables lead their keys with enterprise_id so the schema can be distributed by enterprise.

create table enterprises (
  id integer generated always as identity primary key,
  rfc text not null default '',
  razon_social text not null default '',
  nombre_comercial text not null default '',
  regimen_fiscal text not null default '',
  codigo_postal text not null default '',
  estado text not null default '',
  ciudad text not null default '',
  municipio text not null default '',
  colonia text not null default '',
  calle text not null default '',
  numero_exterior text not null default '',
  numero_interior text not null default '',
  logo bytea,
  logo_mime text,
  has_ppd_invoices boolean not null default false,
  setup_completed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index enterprises_rfc_unique on enterprises (rfc) where rfc <> '';

create table users (
  id integer generated always as identity primary key,
  email text not null,
  password_hash text,
  name text not null default '',
  phone text not null default '',
  email_verified_at timestamptz,
  first_steps_completed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_unique on users (lower(email));

create table enterprise_users (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, user_id)
);
create index enterprise_users_user on enterprise_users (user_id);

-- Append-only: a balance is the sum of credits; rows are never updated or deleted.
create table credit_ledger (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  kind text not null check (kind in ('welcome', 'purchase', 'spend', 'refund', 'adjustment')),
  credits integer not null,
  status text not null default 'paid' check (status in ('free', 'paid')),
  reference text not null default '',
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);

-- Access tokens ended by logout or refresh before their expiry.
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
