-- Accounts and sessions: one-time tokens (stored as SHA-256 hashes, never in clear), login attempts
-- for rate limiting, and help-center questions.

-- The token that leads a registered user to the initial configuration, until setup is complete.
create table new_client_tokens (
  token_hash text primary key,
  enterprise_id integer not null references enterprises (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index new_client_tokens_enterprise on new_client_tokens (enterprise_id);

-- Single-use tokens e-mailed to an address: registration links and personal e-mail change codes.
-- `email` is the address being verified (the new one for a change).
create table email_verification_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('registration', 'personal_email')),
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_verification_tokens_user on email_verification_tokens (user_id, purpose);

-- Single-use password reset links.
create table password_reset_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user on password_reset_tokens (user_id);

-- Failed logins, keyed 'email:<address>' or 'ip:<address>'; counted over a sliding window.
create table login_failures (
  id bigint generated always as identity primary key,
  key text not null,
  failed_at timestamptz not null
);
create index login_failures_key on login_failures (key, failed_at);

create table help_center_questions (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  user_id integer not null references users (id) on delete cascade,
  question text not null,
  question_details text not null,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
