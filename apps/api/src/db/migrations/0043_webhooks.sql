-- Webhooks (issue 28): an enterprise's endpoints, the events each wants, and an outbox of deliveries
-- written by triggers in the same transaction as the event (architecture: "Programs as users"), so a
-- stamp, a cancellation or a credit spent that commits is always announced and one that rolls back
-- never is. A job (modules/webhooks/repartidor.ts) delivers them signed, retries with backoff for a
-- day, in order per document. Keys lead with enterprise_id (docs/citus.md).
-- Function bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.

create table webhook_endpoints (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  url text not null,
  descripcion text not null default '',
  -- The events it wants (contracts/src/webhooks.ts, EVENTOS_WEBHOOK)
  eventos text[] not null,
  -- HMAC-SHA256 key, sealed with APP_SECRET (AES-256-GCM, context webhook:<enterprise>:<id>)
  secreto bytea not null,
  activo boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);

create table webhook_entregas (
  enterprise_id integer not null,
  id integer generated always as identity,
  endpoint_id integer not null,
  evento text not null,
  -- Deliveries of one endpoint with the same key go out in id order (one document's events)
  orden text not null,
  payload jsonb not null,
  estado text not null default 'pendiente' check (estado in ('pendiente', 'entregada', 'fallida')),
  intentos integer not null default 0,
  siguiente_intento timestamptz not null default now(),
  -- A process delivering it holds it until then; past it another process may take it
  reclamada_hasta timestamptz,
  ultimo_codigo integer,
  ultimo_error text not null default '',
  entregada_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  foreign key (enterprise_id, endpoint_id) references webhook_endpoints (enterprise_id, id) on delete cascade
);
create index webhook_entregas_por_enviar on webhook_entregas (siguiente_intento) where estado = 'pendiente';
create index webhook_entregas_orden on webhook_entregas (enterprise_id, endpoint_id, orden, id) where estado = 'pendiente';
create index webhook_entregas_endpoint on webhook_entregas (enterprise_id, endpoint_id, id desc);

-- Each attempt as sent and as answered: the delivery log on screen
create table webhook_intentos (
  enterprise_id integer not null,
  id integer generated always as identity,
  entrega_id integer not null,
  enviado_at timestamptz not null default now(),
  duracion_ms integer not null default 0,
  firma text not null default '',
  codigo integer,
  respuesta text not null default '',
  error text not null default '',
  primary key (enterprise_id, id),
  foreign key (enterprise_id, entrega_id) references webhook_entregas (enterprise_id, id) on delete cascade
);
create index webhook_intentos_entrega on webhook_intentos (enterprise_id, entrega_id, id);

-- One delivery per active endpoint of the enterprise that wants the event.
create function webhooks_encolar(p_enterprise integer, p_evento text, p_orden text, p_datos jsonb) returns void language plpgsql as $$
begin insert into webhook_entregas (enterprise_id, endpoint_id, evento, orden, payload) select w.enterprise_id, w.id, p_evento, p_orden, jsonb_build_object('evento', p_evento, 'creado', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'datos', p_datos) from webhook_endpoints w where w.enterprise_id = p_enterprise and w.activo and p_evento = any (w.eventos); if found then perform pg_notify('cfdi_trabajos', 'webhooks'); end if; end
$$;

-- A document stamped, cancelled, or its cancellation's status changed.
create function webhooks_comprobante() returns trigger language plpgsql as $$
declare datos jsonb; nuevo_estatus boolean := tg_op = 'UPDATE' and new.estatus_cancelacion <> old.estatus_cancelacion and new.estatus_cancelacion <> ''; begin if not exists (select 1 from webhook_endpoints w where w.enterprise_id = new.enterprise_id and w.activo) then return null; end if; datos := jsonb_build_object('id', new.id, 'tipo', new.tipo, 'serie', new.serie, 'folio', new.folio, 'uuid', new.uuid, 'total', new.total, 'rfc_emisor', new.rfc_emisor, 'rfc_receptor', new.rfc_receptor, 'fecha', new.fecha, 'fecha_timbrado', new.fecha_timbrado, 'status', new.status, 'estatus_cancelacion', new.estatus_cancelacion, 'motivo_cancelacion', new.motivo_cancelacion, 'folio_sustitucion', new.folio_sustitucion); if new.status = 'timbrada' and (tg_op = 'INSERT' or old.status <> 'timbrada') then perform webhooks_encolar(new.enterprise_id, 'documento.timbrado', 'comprobante:' || new.id, datos); if new.tipo = 'P' then perform webhooks_encolar(new.enterprise_id, 'pago.registrado', 'comprobante:' || new.id, datos); end if; end if; if nuevo_estatus then perform webhooks_encolar(new.enterprise_id, 'documento.estado_cancelacion', 'comprobante:' || new.id, datos); end if; if new.status = 'cancelada' and tg_op = 'UPDATE' and old.status <> 'cancelada' then perform webhooks_encolar(new.enterprise_id, 'documento.cancelado', 'comprobante:' || new.id, datos); end if; return null; end
$$;

create trigger comprobantes_webhooks
  after insert or update of status, estatus_cancelacion on comprobantes
  for each row execute function webhooks_comprobante();

-- The balance fell below 10 credits (UMBRAL_CREDITOS in contracts/src/webhooks.ts): announced once
-- each time it crosses the line downwards.
create function webhooks_creditos() returns trigger language plpgsql as $$
begin if old.total >= 10 and new.total < 10 then perform webhooks_encolar(new.enterprise_id, 'creditos.por_agotarse', 'creditos', jsonb_build_object('creditos_restantes', new.total)); end if; return null; end
$$;

create trigger credit_balances_webhooks
  after update of total on credit_balances
  for each row execute function webhooks_creditos();
