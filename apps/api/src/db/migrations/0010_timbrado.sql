-- Stamping: every document we seal and send to a PAC (facturas de ingreso, globales, pagos), and the
-- raw answer of every PAC call. Tenant keys lead with enterprise_id. The sealed XML is written before
-- the PAC is called and never changes; the stamped XML is stored verbatim as the PAC returned it.

create table comprobantes (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  -- c_TipoDeComprobante: I ingreso (also globales), E egreso, P pago, T traslado, N nómina.
  tipo text not null check (tipo in ('I', 'E', 'P', 'T', 'N')),
  -- The serie kind the folio came from; 'facturas-globales' tells a global from an ordinary ingreso.
  serie_kind text check (serie_kind in ('facturas-ingreso', 'facturas-globales', 'recepcion-pagos')),
  serie_id integer,
  serie text not null default '',
  folio integer,
  -- pre_factura: a draft (owned by the invoices issue); sellada: sealed, sent or about to be sent,
  -- timbrada: stamped by the PAC; rechazada: refused by the PAC (its credit refunded); cancelada.
  status text not null check (status in ('pre_factura', 'sellada', 'timbrada', 'rechazada', 'cancelada')),
  -- SAT cancellation status: En proceso, Cancelado sin aceptación, Cancelado con aceptación,
  -- Plazo vencido, Solicitud rechazada (empty while none was requested).
  estatus_cancelacion text not null default '',
  fecha text not null default '',
  rfc_emisor text not null default '',
  rfc_receptor text not null default '',
  total text not null default '',
  xml_sellado text,
  idempotency_key text,
  xml_timbrado text,
  uuid text,
  fecha_timbrado text,
  rechazo_codigo text not null default '',
  rechazo_mensaje text not null default '',
  motivo_cancelacion text not null default '',
  folio_sustitucion text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  check (status = 'pre_factura' or (xml_sellado is not null and idempotency_key is not null)),
  check (status not in ('timbrada', 'cancelada') or (xml_timbrado is not null and uuid is not null))
);
-- Never the same folio twice in a serie, whatever happened to the first document: keyed by the serie's
-- letters (unique per kind), so deleting a serie and creating it again cannot reuse its folios.
-- serie_id has no foreign key on purpose: deleting a serie must never touch a fiscal record.
create unique index comprobantes_serie_folio_unique
  on comprobantes (enterprise_id, serie_kind, upper(serie), folio) where folio is not null;
create unique index comprobantes_idempotency_key_unique
  on comprobantes (enterprise_id, idempotency_key) where idempotency_key is not null;
create unique index comprobantes_uuid_unique on comprobantes (uuid) where uuid is not null;
create index comprobantes_status on comprobantes (enterprise_id, status, id);

-- Every call to the PAC for a comprobante and its raw answer, kept for support and audits.
create table comprobante_pac_calls (
  enterprise_id integer not null,
  id integer generated always as identity,
  comprobante_id integer not null,
  operation text not null check (operation in ('timbrar', 'cancelar', 'consultar')),
  -- ok, rechazado, duplicado, no_disponible, credenciales, error
  outcome text not null,
  code text not null default '',
  message text not null default '',
  raw text not null default '',
  duration_ms integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade
);
create index comprobante_pac_calls_comprobante on comprobante_pac_calls (enterprise_id, comprobante_id, id);

-- State of the sandbox PAC (PAC=sandbox) when it runs inside the API: its stamps survive restarts,
-- so resending a sealed XML after a restart still answers the first UUID. Not tenant data: this
-- stands for the PAC's own database.
create table sandbox_pac_timbres (
  hash text primary key,
  uuid text not null unique,
  bloquea text[] not null default '{}',
  idempotency_keys text[] not null default '{}',
  data jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sandbox_pac_timbres_bloquea on sandbox_pac_timbres using gin (bloquea);
create index sandbox_pac_timbres_idempotency_keys on sandbox_pac_timbres using gin (idempotency_keys);
