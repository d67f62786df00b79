-- What the PPD receivables and the home screen read at every request, kept as it happens instead of
-- summed over every invoice and payment of the enterprise (issue 16, bench/lists).
--
-- facturas_saldos: one row per income invoice that was stamped or was paid. pagado is the Σ imp_pagado
-- of its stamped payments (kept by the payment's stamp and cancellation, added to the stored value so
-- two payments of one invoice stamped at once both count); ppd says it is a stamped PPD income invoice
-- (it owes while total > pagado), with the Fecha, total, TipoCambio and client it was stamped with; mes
-- and importe are what it added to facturas_totales_mes (the stamped, not cancelled, income invoices of
-- each AAAA-MM of their Fecha, in MXN at their TipoCambio), so a cancellation takes back exactly that.
-- Triggers on comprobantes, facturas_ingreso and pagos_documentos keep both in the transaction of the
-- stamp or cancellation, whoever writes it.
create table facturas_saldos (
  enterprise_id integer not null,
  factura_id integer not null,
  pagado numeric not null default 0,
  ppd boolean not null default false,
  fecha text not null default '',
  total numeric,
  tipo_cambio numeric(24, 6),
  client_id integer,
  mes text,
  importe numeric,
  primary key (enterprise_id, factura_id),
  foreign key (enterprise_id, factura_id) references comprobantes (enterprise_id, id) on delete cascade
);

create table facturas_totales_mes (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  mes text not null,
  total numeric not null default 0,
  facturas integer not null default 0,
  primary key (enterprise_id, mes)
);

-- What the enterprise's PPD invoices still owe (the home screen): Σ (total − pagado) at their
-- TipoCambio of the invoices in the receivables, and how many; kept from facturas_saldos' changes.
create table facturas_por_cobrar (
  enterprise_id integer primary key references enterprises (id) on delete cascade,
  total numeric not null default 0,
  facturas integer not null default 0
);

-- Backfill: the stamped payments of each invoice, then every stamped income invoice.
insert into facturas_saldos (enterprise_id, factura_id, pagado)
  select pd.enterprise_id, pd.factura_id, sum(pd.imp_pagado)
    from pagos_documentos pd
    join comprobantes p on p.enterprise_id = pd.enterprise_id and p.id = pd.comprobante_id
   where p.status = 'timbrada'
   group by pd.enterprise_id, pd.factura_id;

insert into facturas_saldos as s
    (enterprise_id, factura_id, ppd, fecha, total, tipo_cambio, client_id, mes, importe)
  select c.enterprise_id, c.id, f.metodo_pago = 'PPD' and c.serie_kind is not distinct from 'facturas-ingreso',
         c.fecha, nullif(c.total, '')::numeric, f.tipo_cambio, f.client_id, substr(c.fecha, 1, 7),
         coalesce(nullif(c.total, '')::numeric * coalesce(f.tipo_cambio, 1), 0)
    from comprobantes c
    join facturas_ingreso f on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id
   where c.tipo = 'I' and c.status = 'timbrada'
  on conflict (enterprise_id, factura_id) do update
    set ppd = excluded.ppd, fecha = excluded.fecha, total = excluded.total,
        tipo_cambio = excluded.tipo_cambio, client_id = excluded.client_id, mes = excluded.mes,
        importe = excluded.importe;

insert into facturas_totales_mes (enterprise_id, mes, total, facturas)
  select enterprise_id, mes, sum(importe), count(*)::int
    from facturas_saldos
   where mes is not null
   group by enterprise_id, mes;

insert into facturas_por_cobrar (enterprise_id, total, facturas)
  select enterprise_id, sum((total - pagado) * coalesce(tipo_cambio, 1)), count(*)::int
    from facturas_saldos
   where ppd and total > pagado and (total - pagado) * coalesce(tipo_cambio, 1) > 0
   group by enterprise_id;

analyze facturas_saldos;
analyze facturas_totales_mes;
analyze facturas_por_cobrar;

-- The PPD receivables, oldest first (all, or a client's), their count and the home's sum.
create index facturas_saldos_por_cobrar on facturas_saldos (enterprise_id, fecha, factura_id)
  include (total, pagado, tipo_cambio) where ppd and total > pagado;
create index facturas_saldos_por_cobrar_cliente
  on facturas_saldos (enterprise_id, client_id, fecha, factura_id) where ppd and total > pagado;

-- The bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.

-- A payment's documents add (signo 1, stamped) or take back (-1, cancelled) their imp_pagado.
create function facturas_saldos_pago(e integer, pago integer, signo integer) returns void language sql as $$ insert into facturas_saldos as s (enterprise_id, factura_id, pagado) select pd.enterprise_id, pd.factura_id, signo * pd.imp_pagado from pagos_documentos pd where pd.enterprise_id = e and pd.comprobante_id = pago on conflict (enterprise_id, factura_id) do update set pagado = s.pagado + excluded.pagado $$;

-- An income invoice's state from its comprobante and draft row: whether and where it counts in the
-- month totals (what it had added is taken back first) and whether it is a stamped PPD invoice.
create function facturas_saldos_factura(e integer, fid integer) returns void language plpgsql as $$
declare contada boolean; es_ppd boolean; v_fecha text; v_total numeric; v_tc numeric; v_cliente integer; prev record; nuevo_mes text; nuevo_importe numeric; begin select c.status = 'timbrada' and c.tipo = 'I', f.metodo_pago = 'PPD' and c.serie_kind is not distinct from 'facturas-ingreso', c.fecha, nullif(c.total, '')::numeric, f.tipo_cambio, f.client_id into contada, es_ppd, v_fecha, v_total, v_tc, v_cliente from comprobantes c join facturas_ingreso f on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id where c.enterprise_id = e and c.id = fid; contada := coalesce(contada, false); if contada then nuevo_mes := substr(v_fecha, 1, 7); nuevo_importe := coalesce(v_total * coalesce(v_tc, 1), 0); end if; select s.mes, s.importe into prev from facturas_saldos s where s.enterprise_id = e and s.factura_id = fid for update; if not found then if not contada then return; end if; insert into facturas_saldos (enterprise_id, factura_id) values (e, fid) on conflict do nothing; select s.mes, s.importe into prev from facturas_saldos s where s.enterprise_id = e and s.factura_id = fid for update; end if; if prev.mes is distinct from nuevo_mes or prev.importe is distinct from nuevo_importe then if prev.mes is not null then update facturas_totales_mes set total = total - prev.importe, facturas = facturas - 1 where enterprise_id = e and mes = prev.mes; end if; if nuevo_mes is not null then insert into facturas_totales_mes as t (enterprise_id, mes, total, facturas) values (e, nuevo_mes, nuevo_importe, 1) on conflict (enterprise_id, mes) do update set total = t.total + excluded.total, facturas = t.facturas + 1; end if; end if; update facturas_saldos set mes = nuevo_mes, importe = nuevo_importe, ppd = contada and es_ppd, fecha = case when contada then v_fecha else '' end, total = case when contada then v_total end, tipo_cambio = case when contada then v_tc end, client_id = case when contada then v_cliente end where enterprise_id = e and factura_id = fid; end
$$;

-- A comprobante stamped, cancelled or changed while stamped: as a payment, its documents; as an
-- income invoice, its own state.
create function facturas_saldos_comprobante() returns trigger language plpgsql as $$
begin if new.status = 'timbrada' and (tg_op = 'INSERT' or old.status <> 'timbrada') then perform facturas_saldos_pago(new.enterprise_id, new.id, 1); elsif tg_op = 'UPDATE' and old.status = 'timbrada' and new.status <> 'timbrada' then perform facturas_saldos_pago(new.enterprise_id, new.id, -1); end if; if new.tipo = 'I' then perform facturas_saldos_factura(new.enterprise_id, new.id); end if; return null; end
$$;

create trigger comprobantes_saldos_insert
  after insert on comprobantes
  for each row when (new.status = 'timbrada')
  execute function facturas_saldos_comprobante();

create trigger comprobantes_saldos_update
  after update of status, fecha, total, tipo, serie_kind on comprobantes
  for each row when ((old.status = 'timbrada' or new.status = 'timbrada')
    and (old.status, old.fecha, old.total, old.tipo, old.serie_kind)
      is distinct from (new.status, new.fecha, new.total, new.tipo, new.serie_kind))
  execute function facturas_saldos_comprobante();

-- An invoice's draft row written after its comprobante was stamped, or changed.
create function facturas_saldos_draft() returns trigger language plpgsql as $$
begin perform facturas_saldos_factura(new.enterprise_id, new.comprobante_id); return null; end
$$;

create trigger facturas_ingreso_saldos
  after insert or update of metodo_pago, tipo_cambio, client_id on facturas_ingreso
  for each row execute function facturas_saldos_draft();

-- A payment's document written or removed while the payment is stamped.
create function facturas_saldos_documento() returns trigger language plpgsql as $$
begin if tg_op <> 'INSERT' and exists (select 1 from comprobantes p where p.enterprise_id = old.enterprise_id and p.id = old.comprobante_id and p.status = 'timbrada') then insert into facturas_saldos as s (enterprise_id, factura_id, pagado) values (old.enterprise_id, old.factura_id, -old.imp_pagado) on conflict (enterprise_id, factura_id) do update set pagado = s.pagado + excluded.pagado; end if; if tg_op <> 'DELETE' and exists (select 1 from comprobantes p where p.enterprise_id = new.enterprise_id and p.id = new.comprobante_id and p.status = 'timbrada') then insert into facturas_saldos as s (enterprise_id, factura_id, pagado) values (new.enterprise_id, new.factura_id, new.imp_pagado) on conflict (enterprise_id, factura_id) do update set pagado = s.pagado + excluded.pagado; end if; return null; end
$$;

create trigger pagos_documentos_saldos
  after insert or update or delete on pagos_documentos
  for each row execute function facturas_saldos_documento();

-- An invoice's row changed: what it owes moves in or out of the enterprise's sum. A row removed with
-- its enterprise only updates (its enterprise's sum may already be gone with it).
create function facturas_por_cobrar_fila() returns trigger language plpgsql as $$
declare antes numeric := 0; despues numeric := 0; n integer := 0; begin if tg_op <> 'INSERT' and old.ppd and old.total > old.pagado and (old.total - old.pagado) * coalesce(old.tipo_cambio, 1) > 0 then antes := (old.total - old.pagado) * coalesce(old.tipo_cambio, 1); n := n - 1; end if; if tg_op <> 'DELETE' and new.ppd and new.total > new.pagado and (new.total - new.pagado) * coalesce(new.tipo_cambio, 1) > 0 then despues := (new.total - new.pagado) * coalesce(new.tipo_cambio, 1); n := n + 1; end if; if antes = despues and n = 0 then return null; end if; if tg_op = 'DELETE' then update facturas_por_cobrar set total = total - antes, facturas = facturas + n where enterprise_id = old.enterprise_id; else insert into facturas_por_cobrar as p (enterprise_id, total, facturas) values (new.enterprise_id, despues - antes, n) on conflict (enterprise_id) do update set total = p.total + excluded.total, facturas = p.facturas + excluded.facturas; end if; return null; end
$$;

create trigger facturas_saldos_por_cobrar
  after insert or update or delete on facturas_saldos
  for each row execute function facturas_por_cobrar_fila();
