-- Clients and products/services (spec section 3), and the report of each kind's last import.
-- Keys lead with enterprise_id; a product's tax group is a composite reference, so it can only be a
-- group of the same enterprise.

create table clients (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  name_razon_social text not null check (length(trim(name_razon_social)) > 0),
  -- Spec section 5: 12 characters for a persona moral, 13 for a persona física.
  rfc text not null check (length(rfc) in (12, 13)),
  uso_cfdi text not null,
  regimen_fiscal text not null,
  metodo_pago text check (metodo_pago in ('PUE', 'PPD')),
  forma_pago text,
  -- One or more addresses the invoices are sent to.
  emails text[] not null default '{}',
  -- Domicilio fiscal: the postal code is the CFDI DomicilioFiscalReceptor.
  codigo_postal text not null default '' check (codigo_postal ~ '^([0-9]{5})?$'),
  calle text not null default '',
  numero_exterior text not null default '',
  numero_interior text not null default '',
  colonia text not null default '',
  localidad text not null default '',
  municipio text not null default '',
  estado text not null default '',
  -- Foreign clients (generic RFC XEXX010101000): NumRegIdTrib and ResidenciaFiscal (c_Pais).
  num_registro_identidad_fiscal text,
  pais text,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);
-- The generic RFCs (público en general, extranjero) are shared by many clients.
create unique index clients_enterprise_rfc on clients (enterprise_id, rfc)
  where rfc not in ('XAXX010101000', 'XEXX010101000');
create index clients_enterprise_name on clients (enterprise_id, lower(name_razon_social));

create table products_services (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  -- c_ClaveProdServ and c_ClaveUnidad, with the catalog texts as they were when chosen.
  product_service_key text not null check (product_service_key ~ '^[0-9]{8}$'),
  product_service_name text not null,
  product_service_similar_words text not null default '',
  unit_key text not null,
  unit_name text not null,
  unit_symbol text not null default '',
  unity_price numeric(24, 6) not null check (unity_price >= 0),
  internal_code text check (internal_code is null or length(trim(internal_code)) > 0),
  description text not null check (length(trim(description)) > 0),
  rubro_impuesto_id integer not null,
  -- CFDI CuentaPredial numbers; the first one is the product's cuentaPredialNumber.
  cuentas_predial text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  foreign key (enterprise_id, rubro_impuesto_id) references rubros_impuestos (enterprise_id, id) on delete restrict
);
create unique index products_services_enterprise_internal_code
  on products_services (enterprise_id, lower(internal_code)) where internal_code is not null;
create unique index products_services_enterprise_description
  on products_services (enterprise_id, lower(description));
create index products_services_enterprise_rubro on products_services (enterprise_id, rubro_impuesto_id);

-- The report of the last import of each kind: what was created and what was rejected, and why.
create table import_reports (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  kind text not null check (kind in ('clients', 'products-services')),
  file_name text not null default '',
  created_count integer not null check (created_count >= 0),
  rejected_count integer not null check (rejected_count >= 0),
  rows jsonb not null,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, kind)
);
