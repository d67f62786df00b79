-- How many income invoices and pre-invoices each enterprise has, by day of the CFDI Fecha, status,
-- método de pago and serie (issue 16): the invoice list shows "N facturas" and its last page number,
-- so every request needs the exact number of matches; summed from these rows (a few per day) instead
-- of counting 160,000 index entries of a large enterprise. A row counts the invoices the list joins:
-- a comprobante of tipo I and serie kind facturas-ingreso that has its facturas_ingreso row.
-- Kept by triggers on both tables in the writer's own transaction, so the counts are exact whoever
-- writes and whatever the concurrency; a count is never stored elsewhere.
create table facturas_conteos (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  -- substr(comprobantes.fecha, 1, 10): what the list's date filters compare.
  dia text not null,
  status text not null,
  metodo_pago text not null,
  -- upper(comprobantes.serie): what the list's serie filter compares.
  serie text not null,
  n integer not null,
  -- n in the key's index: a count reads the enterprise's index entries only (index-only scan), not
  -- its rows scattered over the table's pages as the days went by.
  primary key (enterprise_id, dia, status, metodo_pago, serie) include (n)
);

-- Moves one invoice from the key `antes` to the key `despues` ({dia, status, metodo_pago, serie};
-- null: not counted). Two keys are written in key order, so concurrent writers lock the rows in the
-- same order. Taking one out only updates: when the enterprise itself is being deleted its rows may
-- already be gone, and inserting one then would refer to a deleted enterprise.
-- The bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create function facturas_conteos_mover(e integer, antes text[], despues text[]) returns void language plpgsql as $$
begin if antes is not distinct from despues then return; end if; if despues is null then update facturas_conteos set n = n - 1 where enterprise_id = e and dia = antes[1] and status = antes[2] and metodo_pago = antes[3] and serie = antes[4]; return; end if; insert into facturas_conteos as t (enterprise_id, dia, status, metodo_pago, serie, n) select e, v.k[1], v.k[2], v.k[3], v.k[4], v.d from (values (antes, -1), (despues, 1)) v (k, d) where v.k is not null order by v.k on conflict (enterprise_id, dia, status, metodo_pago, serie) do update set n = t.n + excluded.n; end
$$;

-- A comprobante's key with its invoice's método de pago (null when the list does not count it).
create function facturas_conteos_clave(c comprobantes, metodo text) returns text[] language sql immutable as $$
  select case when c.tipo = 'I' and c.serie_kind = 'facturas-ingreso' and metodo is not null then array[substr(c.fecha, 1, 10), c.status, metodo, upper(c.serie)] end
$$;

-- A comprobante changed or is being deleted (before: its facturas_ingreso row still exists, the
-- cascade removes it afterwards and then finds no comprobante to count).
create function comprobantes_conteos() returns trigger language plpgsql as $$
declare m text; begin if tg_op = 'DELETE' then select metodo_pago into m from facturas_ingreso where enterprise_id = old.enterprise_id and comprobante_id = old.id; perform facturas_conteos_mover(old.enterprise_id, facturas_conteos_clave(old, m), null); return old; end if; select metodo_pago into m from facturas_ingreso where enterprise_id = new.enterprise_id and comprobante_id = new.id; perform facturas_conteos_mover(new.enterprise_id, facturas_conteos_clave(old, m), facturas_conteos_clave(new, m)); return null; end
$$;

-- An invoice's row was written: its comprobante is read under a share lock, so a concurrent change
-- of the comprobante's status is counted after this one, never with a stale método or status.
create function facturas_ingreso_conteos() returns trigger language plpgsql as $$
declare c comprobantes; e integer := coalesce(new.enterprise_id, old.enterprise_id); i integer := coalesce(new.comprobante_id, old.comprobante_id); begin select * into c from comprobantes where enterprise_id = e and id = i for share; if not found then return null; end if; perform facturas_conteos_mover(e, case when tg_op = 'INSERT' then null else facturas_conteos_clave(c, old.metodo_pago) end, case when tg_op = 'DELETE' then null else facturas_conteos_clave(c, new.metodo_pago) end); return null; end
$$;

create trigger comprobantes_conteos_update
  after update of tipo, serie_kind, status, fecha, serie on comprobantes
  for each row
  when (old.tipo is distinct from new.tipo or old.serie_kind is distinct from new.serie_kind
        or old.status is distinct from new.status or old.serie is distinct from new.serie
        or substr(old.fecha, 1, 10) is distinct from substr(new.fecha, 1, 10))
  execute function comprobantes_conteos();

create trigger comprobantes_conteos_delete
  before delete on comprobantes
  for each row execute function comprobantes_conteos();

create trigger facturas_ingreso_conteos_insert_delete
  after insert or delete on facturas_ingreso
  for each row execute function facturas_ingreso_conteos();

create trigger facturas_ingreso_conteos_update
  after update of metodo_pago on facturas_ingreso
  for each row when (old.metodo_pago is distinct from new.metodo_pago)
  execute function facturas_ingreso_conteos();

-- The invoices already there (the triggers above hold off every writer of both tables until this
-- migration commits, so none is missed or counted twice).
insert into facturas_conteos (enterprise_id, dia, status, metodo_pago, serie, n)
  select c.enterprise_id, substr(c.fecha, 1, 10), c.status, f.metodo_pago, upper(c.serie), count(*)
    from comprobantes c
    join facturas_ingreso f on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id
   where c.tipo = 'I' and c.serie_kind = 'facturas-ingreso'
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5;
