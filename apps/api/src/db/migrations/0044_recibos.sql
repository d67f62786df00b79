-- Sales receipts (recibos / notas de venta, issue 28): a sale not yet invoiced, made by a point of
-- sale through the API, that its customer may invoice on the enterprise's self-invoicing portal with
-- the receipt's code and total. Keys lead with enterprise_id (docs/citus.md).

create table recibos (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  folio integer not null,
  -- What the customer types on the portal with the total: 12 characters of Crockford base 32
  codigo text not null,
  -- The point of sale's own ticket number: one receipt per referencia (a retry creates nothing)
  referencia text,
  fecha timestamptz not null,
  forma_pago text not null,
  -- The lines as contracts/src/recibos.ts ReciboPartidaRequest describes them
  partidas jsonb not null,
  subtotal numeric(24, 6) not null,
  descuento numeric(24, 6) not null,
  impuestos numeric(24, 6) not null,
  total numeric(24, 6) not null,
  estado text not null default 'abierto' check (estado in ('abierto', 'facturado', 'cancelado')),
  -- The invoice its customer stamped on the portal
  comprobante_id integer,
  facturado_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  unique (enterprise_id, folio),
  unique (enterprise_id, codigo),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id)
);
create unique index recibos_referencia on recibos (enterprise_id, referencia) where referencia is not null;
create index recibos_fecha on recibos (enterprise_id, fecha desc, id desc);

-- The enterprise's portal: its public address and how long after a sale its customer may invoice it
-- (null: until the end of the sale's month; n: n days after the sale, never past that month's end).
create table portales (
  enterprise_id integer primary key references enterprises (id) on delete cascade,
  slug text not null unique,
  activo boolean not null default true,
  dias integer check (dias between 1 and 31),
  updated_at timestamptz not null default now()
);
