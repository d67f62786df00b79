-- A period's XML and PDF as one ZIP (issue 15). An export is a job: the request that creates it
-- answers at once, a process prepares the ZIP one document at a time and records its progress
-- (hechos of total), and the ZIP itself is kept in the database in parts of about 1 MiB, so any API
-- process can answer the progress and stream the download, with memory bounded by one part.
-- A process claims a job by moving reclamada_hasta forward under FOR UPDATE SKIP LOCKED and renews
-- that lease with every document; a job whose process died is claimed again once its lease runs out
-- and prepared from the start. reclamo identifies the claim, so a process whose lease was taken over
-- stops writing. Exports are deleted a day after they were created.
create table exportaciones_zip (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  user_id integer not null,
  desde text not null check (desde ~ '^\d{4}-\d{2}-\d{2}$'),
  hasta text not null check (hasta ~ '^\d{4}-\d{2}-\d{2}$' and hasta >= desde),
  estado text not null default 'pendiente'
    check (estado in ('pendiente', 'preparando', 'lista', 'error')),
  total integer not null default 0 check (total >= 0),
  hechos integer not null default 0 check (hechos >= 0),
  bytes bigint,
  error text,
  reclamo text,
  reclamada_hasta timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, id)
);

create index exportaciones_zip_por_preparar
  on exportaciones_zip (reclamada_hasta, enterprise_id, id) where estado in ('pendiente', 'preparando');
create index exportaciones_zip_antiguedad on exportaciones_zip (created_at);

create table exportaciones_zip_partes (
  enterprise_id integer not null,
  exportacion_id integer not null,
  n integer not null check (n >= 0),
  datos bytea not null,
  primary key (enterprise_id, exportacion_id, n),
  foreign key (enterprise_id, exportacion_id)
    references exportaciones_zip (enterprise_id, id) on delete cascade
);

-- One export being prepared per enterprise at a time: a second request answers the one in progress.
create unique index exportaciones_zip_una_activa
  on exportaciones_zip (enterprise_id) where estado in ('pendiente', 'preparando');
