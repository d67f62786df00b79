-- Failed sign-ins counted per account and address, with growing delays: a stranger's wrong
-- passwords slow down only that stranger's address, never the owner signing in from elsewhere.
create table login_throttle (
  account text not null,
  address text not null,
  failures integer not null,
  last_failed_at timestamptz not null,
  primary key (account, address)
);
create index login_throttle_last_failed_at on login_throttle (last_failed_at);

-- login_failures keeps only the per-address count (many accounts tried from one place).
delete from login_failures where key like 'email:%';

-- Rate limits of the routes that send e-mail (and the other limited routes), one fixed window per
-- route and client address, shared by every API process on this database.
create table rate_limit_counters (
  bucket text not null,
  key text not null,
  window_started_at timestamptz not null,
  hits integer not null,
  primary key (bucket, key)
);
create index rate_limit_counters_window on rate_limit_counters (window_started_at);
