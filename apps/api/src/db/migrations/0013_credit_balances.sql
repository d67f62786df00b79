-- Running credit balance per enterprise: the sum of credit_ledger, kept by a trigger on every insert
-- into the ledger (whoever writes it; the ledger is append-only), so reserving a credit locks and
-- reads one row instead of summing the whole ledger under a lock. The ledger stays the record.
-- free is the part of the total that came as free (welcome) credits, spent before paid ones.
create table credit_balances (
  enterprise_id integer primary key references enterprises (id) on delete cascade,
  total integer not null default 0,
  free integer not null default 0,
  updated_at timestamptz not null default now(),
  -- The balance never goes below zero, whatever the concurrency or the writer.
  constraint credit_balances_total_not_negative check (total >= 0)
);

insert into credit_balances (enterprise_id, total, free)
  select enterprise_id,
         coalesce(sum(credits), 0)::int,
         coalesce(sum(credits) filter (where status = 'free'), 0)::int
    from credit_ledger
   group by enterprise_id;

-- The body is written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create function credit_balances_apply() returns trigger language plpgsql as $$
begin update credit_balances set total = total + new.credits, free = free + case when new.status = 'free' then new.credits else 0 end, updated_at = now() where enterprise_id = new.enterprise_id; if not found then insert into credit_balances as b (enterprise_id, total, free) values (new.enterprise_id, new.credits, case when new.status = 'free' then new.credits else 0 end) on conflict (enterprise_id) do update set total = b.total + excluded.total, free = b.free + excluded.free, updated_at = now(); end if; return null; end
$$;

create trigger credit_ledger_balance
  after insert on credit_ledger
  for each row execute function credit_balances_apply();
