-- Configuraciones: series and folios, the enterprise's tax list, tax groups (rubros de impuestos) with
-- their federal and local taxes, and the digital seals (CSD). Every key leads with enterprise_id and
-- every reference is composite, so a row can never point at another enterprise's row.

create table series (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  kind text not null check (kind in ('facturas-ingreso', 'facturas-globales', 'recepcion-pagos')),
  -- Spec section 5: letters only; CFDI Serie allows at most 25 characters.
  serie text not null check (serie ~ '^[A-Za-zÑñ]{1,25}$'),
  folio_inicial integer not null check (folio_inicial >= 1),
  -- The folio the next stamped document takes; reserveNextFolio increments it atomically.
  next_folio integer not null check (next_folio >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
create unique index series_enterprise_kind_serie on series (enterprise_id, kind, upper(serie));

-- The enterprise's transferred (trasladado) and withheld (retenido) federal taxes. value is the SAT
-- TasaOCuota (a fraction with 6 decimals, '0.160000'); null only for TipoFactor Exento.
create table impuestos (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  tipo text not null check (tipo in ('trasladado', 'retenido')),
  tax_type text not null check (tax_type in ('IVA', 'IEPS', 'ISR')),
  tipo_factor text not null check (tipo_factor in ('Tasa', 'Cuota', 'Exento')),
  value numeric(12, 6),
  additional_description text not null default '',
  status boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  check ((tipo_factor = 'Exento') = (value is null)),
  check (tipo_factor <> 'Exento' or tipo = 'trasladado'),
  check (tax_type <> 'ISR' or tipo = 'retenido')
);
create unique index impuestos_enterprise_unique
  on impuestos (enterprise_id, tipo, tax_type, tipo_factor, coalesce(value, -1), additional_description);

create table rubros_impuestos (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  name text not null check (length(trim(name)) > 0),
  -- Spec section 5: tax objects limited to 01 and 02.
  objeto_impuesto_key text not null check (objeto_impuesto_key in ('01', '02')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
create unique index rubros_impuestos_enterprise_name on rubros_impuestos (enterprise_id, lower(trim(name)));

-- The federal taxes selected in a group.
create table rubros_impuestos_impuestos (
  enterprise_id integer not null,
  rubro_impuesto_id integer not null,
  impuesto_id integer not null,
  primary key (enterprise_id, rubro_impuesto_id, impuesto_id),
  foreign key (enterprise_id, rubro_impuesto_id) references rubros_impuestos (enterprise_id, id) on delete cascade,
  -- Cascade so deleting an enterprise can remove its taxes and groups in any order (taxes are only
  -- ever switched off, never deleted, by the API).
  foreign key (enterprise_id, impuesto_id) references impuestos (enterprise_id, id) on delete cascade
);

-- The local (state) taxes selected in a group. local_tax_id is the stable id of the local-taxes data;
-- name and rate are kept as selected so a later data update never changes an existing group silently.
create table rubros_impuestos_locales (
  enterprise_id integer not null,
  rubro_impuesto_id integer not null,
  tipo text not null check (tipo in ('trasladado', 'retenido')),
  local_tax_id text not null,
  estado_key text not null,
  impuesto text not null,
  tasa numeric(7, 2) not null check (tasa >= 0),
  primary key (enterprise_id, rubro_impuesto_id, tipo, local_tax_id),
  foreign key (enterprise_id, rubro_impuesto_id) references rubros_impuestos (enterprise_id, id) on delete cascade
);

-- Digital seals (CSD). The newest row is the enterprise's current seal; older rows stay for audit.
-- The private key and its password are AES-256-GCM ciphertexts (iv | tag | data) under a key derived
-- from APP_SECRET; the certificate is public and stored as DER.
create table sellos_fiscales (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  cer_der bytea not null,
  key_encrypted bytea not null,
  password_encrypted bytea not null,
  certificated_number text not null check (certificated_number ~ '^[0-9]{20}$'),
  rfc text not null,
  initial_date timestamptz not null,
  expiration_date timestamptz not null,
  original_cer_file_name text not null,
  original_key_file_name text not null,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
