-- API keys (issue 28): a program (a point of sale, an online store, an ERP) acts as the enterprise
-- with `Authorization: Bearer <key>`. Only the SHA-256 of the key is kept; the key itself is shown
-- once. Keys lead with enterprise_id (docs/citus.md): the key's text carries its enterprise, as share
-- links do, so it is looked up per tenant. docs/decisions/014.

create table claves_api (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  nombre text not null,
  -- 'pruebas': always stamps through the sandbox PAC; 'produccion': through the configured PAC
  modo text not null check (modo in ('pruebas', 'produccion')),
  -- Capabilities of http/permisos.ts the key may use (never usuarios, cuenta, comprar or claves)
  alcances text[] not null,
  -- The first characters of the key, shown to tell keys apart
  prefijo text not null,
  -- hex SHA-256 of the whole key
  hash text not null,
  creada_por integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  ultimo_uso timestamptz,
  revocada_at timestamptz,
  revocada_por integer references users (id) on delete set null,
  primary key (enterprise_id, id),
  unique (enterprise_id, hash)
);

-- A document stamped through the sandbox PAC because a test key asked for it: it is resent,
-- cancelled and checked with the sandbox too, and marked as a test document like the whole
-- installation's are when its PAC is a test one.
alter table comprobantes add column pruebas boolean not null default false;
