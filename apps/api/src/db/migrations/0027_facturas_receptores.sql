-- The invoice list's search by the receiver as invoiced (issue 16): a text anywhere in the name or
-- RFC of an income invoice's client. The trigram index of migration 0025 on facturas_ingreso holds
-- one entry per invoice, and a trigram's posting list spans every enterprise's invoices: a common
-- word ("del", " de") reads and intersects lists of a million entries for a few hundred matches.
-- An enterprise invoices the same few clients again and again, so the search looks first in the
-- distinct receivers it has invoiced (one row per client, name and RFC as invoiced: 10,000 for
-- 160,000 invoices), then reads the matching receivers' invoices by client (facturas_ingreso_client)
-- and keeps those with that name and RFC: the same invoices as `client_name ilike or client_rfc
-- ilike` on every row.
-- Kept by triggers on facturas_ingreso in the writer's own transaction, like facturas_conteos: n is
-- how many invoice rows hold that receiver, and a receiver no invoice holds any more is deleted.
create table facturas_receptores (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  client_id integer not null,
  client_name text not null,
  client_rfc text not null,
  n integer not null,
  primary key (enterprise_id, client_id, client_name, client_rfc)
);

-- The search itself: btree_gin puts enterprise_id first (the rule of list-plans.test.ts).
create index facturas_receptores_busqueda on facturas_receptores
  using gin (enterprise_id, client_name gin_trgm_ops, client_rfc gin_trgm_ops);

-- Adds d (1 or -1) to the invoices of one receiver. Taking one out only updates, then deletes the
-- row at zero: when the enterprise itself is being deleted its rows may already be gone. A
-- concurrent insert of the same receiver waits for the row and inserts it again once deleted.
-- The bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create function facturas_receptores_sumar(e integer, cliente integer, nombre text, rfc text, d integer) returns void language plpgsql as $$
declare m integer; begin if d > 0 then insert into facturas_receptores as t (enterprise_id, client_id, client_name, client_rfc, n) values (e, cliente, nombre, rfc, d) on conflict (enterprise_id, client_id, client_name, client_rfc) do update set n = t.n + excluded.n; return; end if; update facturas_receptores set n = n + d where enterprise_id = e and client_id = cliente and client_name = nombre and client_rfc = rfc returning n into m; if m = 0 then delete from facturas_receptores where enterprise_id = e and client_id = cliente and client_name = nombre and client_rfc = rfc and n = 0; end if; end
$$;

-- An invoice row was inserted, deleted or given another receiver (a pre-invoice edited). The two
-- receivers of an edit are written in key order, so concurrent writers lock them in the same order.
create function facturas_ingreso_receptores() returns trigger language plpgsql as $$
begin if tg_op = 'INSERT' then perform facturas_receptores_sumar(new.enterprise_id, new.client_id, new.client_name, new.client_rfc, 1); elsif tg_op = 'DELETE' then perform facturas_receptores_sumar(old.enterprise_id, old.client_id, old.client_name, old.client_rfc, -1); elsif (old.client_id, old.client_name, old.client_rfc) < (new.client_id, new.client_name, new.client_rfc) then perform facturas_receptores_sumar(old.enterprise_id, old.client_id, old.client_name, old.client_rfc, -1); perform facturas_receptores_sumar(new.enterprise_id, new.client_id, new.client_name, new.client_rfc, 1); else perform facturas_receptores_sumar(new.enterprise_id, new.client_id, new.client_name, new.client_rfc, 1); perform facturas_receptores_sumar(old.enterprise_id, old.client_id, old.client_name, old.client_rfc, -1); end if; return null; end
$$;

create trigger facturas_ingreso_receptores_insert_delete
  after insert or delete on facturas_ingreso
  for each row execute function facturas_ingreso_receptores();

create trigger facturas_ingreso_receptores_update
  after update of client_id, client_name, client_rfc on facturas_ingreso
  for each row
  when (old.client_id is distinct from new.client_id or old.client_name is distinct from new.client_name
        or old.client_rfc is distinct from new.client_rfc)
  execute function facturas_ingreso_receptores();

-- The invoices already there (the triggers above hold off every writer of facturas_ingreso until
-- this migration commits, so none is missed or counted twice).
insert into facturas_receptores (enterprise_id, client_id, client_name, client_rfc, n)
  select enterprise_id, client_id, client_name, client_rfc, count(*)
    from facturas_ingreso
   group by 1, 2, 3, 4
   order by 1, 2, 3, 4;

-- No query reads the per-invoice trigram index any more; every invoice written no longer adds its
-- name's and RFC's trigrams to it.
drop index facturas_ingreso_busqueda;
