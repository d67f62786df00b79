-- The credit spendings screen shows how many spends and refunds the enterprise has: counted as the
-- ledger is written, beside the running balance (0013), instead of over the whole ledger at every
-- request (issue 16, bench/lists). The same trigger keeps both, in the transaction of the insert.
alter table credit_balances add column spends integer not null default 0;
alter table credit_balances add column refunds integer not null default 0;

update credit_balances b
   set spends = l.spends, refunds = l.refunds
  from (select enterprise_id,
               (count(*) filter (where kind = 'spend'))::int as spends,
               (count(*) filter (where kind = 'refund'))::int as refunds
          from credit_ledger
         group by enterprise_id) l
 where l.enterprise_id = b.enterprise_id;

-- The body is written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create or replace function credit_balances_apply() returns trigger language plpgsql as $$
declare s integer := case when new.kind = 'spend' then 1 else 0 end; r integer := case when new.kind = 'refund' then 1 else 0 end; begin update credit_balances set total = total + new.credits, free = free + case when new.status = 'free' then new.credits else 0 end, spends = spends + s, refunds = refunds + r, updated_at = now() where enterprise_id = new.enterprise_id; if not found then insert into credit_balances as b (enterprise_id, total, free, spends, refunds) values (new.enterprise_id, new.credits, case when new.status = 'free' then new.credits else 0 end, s, r) on conflict (enterprise_id) do update set total = b.total + excluded.total, free = b.free + excluded.free, spends = b.spends + excluded.spends, refunds = b.refunds + excluded.refunds, updated_at = now(); end if; return null; end
$$;

-- The spendings of a period (Mexico City days) and their count, from the index alone.
create index credit_ledger_dia
  on credit_ledger (enterprise_id, ((created_at at time zone 'America/Mexico_City')::date), kind);

-- The balance after each row of a page is the running balance minus the credits of the rows after it:
-- summed from the index alone.
create index credit_ledger_saldo on credit_ledger (enterprise_id, id) include (credits);
