-- The balance effect of a document type comes from its registration (issue 25, decision 012):
-- efectos_en_saldo holds each serie kind's efectoEnSaldo, written again from the registry at every
-- start (db/efectos-en-saldo.ts), and saldos_reducciones is what any document of a kind that
-- 'reduce' takes off each invoice it relates (its share, in the invoice's currency, and that share's
-- taxes per group, which the invoice's last payment needs to close each tax exactly). One generic
-- trigger adds a document's rows to facturas_saldos.acreditado when it is stamped and takes them back
-- when it stops being stamped (cancelled): a new type that lowers balances writes its rows here and
-- edits no trigger. Payments keep their own rows (pagos_documentos, migration 0024) in
-- facturas_saldos.pagado. An invoice owes while total > pagado + acreditado.
--
-- Credit notes on PPD invoices (Guía de llenado del CFDI con complemento para recepción de pagos 2.0,
-- ImpSaldoAnt: the balance of the previous parcialidad): a note issued before a payment lowers the
-- balance that payment starts from, so the receivables count it as the payments are counted.

create table efectos_en_saldo (
  serie_kind text primary key,
  efecto text not null check (efecto in ('ninguno', 'reduce'))
);
insert into efectos_en_saldo (serie_kind, efecto) values
  ('facturas-ingreso', 'ninguno'), ('facturas-globales', 'ninguno'),
  ('recepcion-pagos', 'reduce'), ('notas-credito', 'reduce');

create table saldos_reducciones (
  enterprise_id integer not null,
  comprobante_id integer not null,
  factura_id integer not null,
  importe numeric(24, 6) not null check (importe > 0),
  -- [{ clave, BaseDR, ImporteDR }]: the share's taxes per group (claveGrupo of packages/cfdi)
  impuestos jsonb not null default '[]',
  primary key (enterprise_id, comprobante_id, factura_id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade,
  foreign key (enterprise_id, factura_id) references comprobantes (enterprise_id, id)
);
create index saldos_reducciones_factura on saldos_reducciones (enterprise_id, factura_id);

-- The credit notes issued so far (on PUE invoices) as rows of the ledger.
insert into saldos_reducciones (enterprise_id, comprobante_id, factura_id, importe)
  select enterprise_id, comprobante_id, factura_id, importe from notas_credito_facturas;

alter table facturas_saldos add column acreditado numeric not null default 0;

-- What owes is now total > pagado + acreditado: the receivables' indexes and the home's sum.
drop index facturas_saldos_por_cobrar;
drop index facturas_saldos_por_cobrar_cliente;
create index facturas_saldos_por_cobrar on facturas_saldos (enterprise_id, fecha, factura_id)
  include (total, pagado, acreditado, tipo_cambio) where ppd and total > pagado + acreditado;
create index facturas_saldos_por_cobrar_cliente
  on facturas_saldos (enterprise_id, client_id, fecha, factura_id) where ppd and total > pagado + acreditado;

-- The bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create or replace function facturas_por_cobrar_fila() returns trigger language plpgsql as $$
declare antes numeric := 0; despues numeric := 0; n integer := 0; begin if tg_op <> 'INSERT' and old.ppd and old.total > old.pagado + old.acreditado and (old.total - old.pagado - old.acreditado) * coalesce(old.tipo_cambio, 1) > 0 then antes := (old.total - old.pagado - old.acreditado) * coalesce(old.tipo_cambio, 1); n := n - 1; end if; if tg_op <> 'DELETE' and new.ppd and new.total > new.pagado + new.acreditado and (new.total - new.pagado - new.acreditado) * coalesce(new.tipo_cambio, 1) > 0 then despues := (new.total - new.pagado - new.acreditado) * coalesce(new.tipo_cambio, 1); n := n + 1; end if; if antes = despues and n = 0 then return null; end if; if tg_op = 'DELETE' then update facturas_por_cobrar set total = total - antes, facturas = facturas + n where enterprise_id = old.enterprise_id; else insert into facturas_por_cobrar as p (enterprise_id, total, facturas) values (new.enterprise_id, despues - antes, n) on conflict (enterprise_id) do update set total = p.total + excluded.total, facturas = p.facturas + excluded.facturas; end if; return null; end
$$;

-- Backfill: the stamped notes' shares (the trigger above keeps the home's sum).
update facturas_saldos s set acreditado = x.importe
  from (select r.enterprise_id, r.factura_id, sum(r.importe) as importe
          from saldos_reducciones r
          join comprobantes n on n.enterprise_id = r.enterprise_id and n.id = r.comprobante_id
         where n.status = 'timbrada'
         group by r.enterprise_id, r.factura_id) x
 where s.enterprise_id = x.enterprise_id and s.factura_id = x.factura_id;

-- A document's rows add (signo 1, stamped) or take back (-1, no longer stamped) their importe.
create function saldos_reducciones_aplicar(e integer, doc integer, signo integer) returns void language sql as $$ insert into facturas_saldos as s (enterprise_id, factura_id, acreditado) select r.enterprise_id, r.factura_id, signo * r.importe from saldos_reducciones r where r.enterprise_id = e and r.comprobante_id = doc on conflict (enterprise_id, factura_id) do update set acreditado = s.acreditado + excluded.acreditado $$;

-- A comprobante of a kind whose registered effect is 'reduce' stamped or cancelled.
create function saldos_reducciones_comprobante() returns trigger language plpgsql as $$
begin if not exists (select 1 from efectos_en_saldo x where x.serie_kind = new.serie_kind and x.efecto = 'reduce') then return null; end if; if new.status = 'timbrada' and (tg_op = 'INSERT' or old.status <> 'timbrada') then perform saldos_reducciones_aplicar(new.enterprise_id, new.id, 1); elsif tg_op = 'UPDATE' and old.status = 'timbrada' and new.status <> 'timbrada' then perform saldos_reducciones_aplicar(new.enterprise_id, new.id, -1); end if; return null; end
$$;

create trigger comprobantes_reducciones_insert
  after insert on comprobantes
  for each row when (new.status = 'timbrada')
  execute function saldos_reducciones_comprobante();

create trigger comprobantes_reducciones_update
  after update of status on comprobantes
  for each row when (old.status is distinct from new.status
    and (old.status = 'timbrada' or new.status = 'timbrada'))
  execute function saldos_reducciones_comprobante();

-- A row of the ledger written or removed while its document is stamped.
create function saldos_reducciones_fila() returns trigger language plpgsql as $$
begin if tg_op <> 'INSERT' and exists (select 1 from comprobantes d join efectos_en_saldo x on x.serie_kind = d.serie_kind and x.efecto = 'reduce' where d.enterprise_id = old.enterprise_id and d.id = old.comprobante_id and d.status = 'timbrada') then insert into facturas_saldos as s (enterprise_id, factura_id, acreditado) values (old.enterprise_id, old.factura_id, -old.importe) on conflict (enterprise_id, factura_id) do update set acreditado = s.acreditado + excluded.acreditado; end if; if tg_op <> 'DELETE' and exists (select 1 from comprobantes d join efectos_en_saldo x on x.serie_kind = d.serie_kind and x.efecto = 'reduce' where d.enterprise_id = new.enterprise_id and d.id = new.comprobante_id and d.status = 'timbrada') then insert into facturas_saldos as s (enterprise_id, factura_id, acreditado) values (new.enterprise_id, new.factura_id, new.importe) on conflict (enterprise_id, factura_id) do update set acreditado = s.acreditado + excluded.acreditado; end if; return null; end
$$;

create trigger saldos_reducciones_saldos
  after insert or update or delete on saldos_reducciones
  for each row execute function saldos_reducciones_fila();
