-- Who did what (issue 27): an append-only record per enterprise of every action that changes fiscal
-- or money state (stamp, cancel, substitute, send, share, seals, tax data, series, credits, members,
-- webhooks, API keys). Written by modules/auditoria/auditoria.ts, in the same transaction as the
-- action where there is one. No route updates or deletes a row, and the trigger below refuses it to
-- anyone: a row goes only with its enterprise (a database administrator's act; no route deletes one).
-- Function bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.

create table auditoria (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id bigint generated always as identity,
  -- The member who acted; null for the product itself (a job, the self-invoicing portal, the
  -- payment gateway's webhook) or a program's API key (detalles says which). No foreign key: the
  -- record outlives the user, and its name and e-mail are kept as they were.
  user_id integer,
  usuario_nombre text not null default '',
  usuario_email text not null default '',
  -- contracts/src/auditoria.ts, ACCIONES_AUDITORIA
  accion text not null,
  -- The document touched, when it is one; otherwise objeto names what was ('serie:12', 'usuario:7').
  comprobante_id integer,
  objeto text not null default '',
  ip text not null default '',
  user_agent text not null default '',
  detalles jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
create index auditoria_fecha on auditoria (enterprise_id, created_at desc, id desc);
create index auditoria_comprobante on auditoria (enterprise_id, comprobante_id, id) where comprobante_id is not null;

create function auditoria_inmutable() returns trigger language plpgsql as $$
begin if tg_op = 'DELETE' and not exists (select 1 from enterprises e where e.id = old.enterprise_id) then return old; end if; raise exception 'La bitácora no se puede modificar ni borrar.' using errcode = 'insufficient_privilege'; end
$$;

create trigger auditoria_solo_agregar
  before update or delete on auditoria
  for each row execute function auditoria_inmutable();

create trigger auditoria_sin_truncate
  before truncate on auditoria
  for each statement execute function auditoria_inmutable();
