-- One-step substitution (issue 25): a comprobante stamped to replace another (CfdiRelacionados 04)
-- and the original's cancellation with motivo 01 and FolioSustitucion = the substitute's UUID. The
-- row is written in the transaction that seals the substitute, so the original is never cancelled
-- without a stamped substitute, and a failure between the two steps (PAC down, crash) leaves it
-- 'pendiente' for the recovery job and for the screen's retry. Keys lead with enterprise_id.

create table sustituciones (
  enterprise_id integer not null,
  sustituto_id integer not null,
  original_id integer not null,
  -- pendiente: the original's cancellation has not been requested yet (or was refused),
  -- solicitada: the PAC received the request (the SAT may still ask the receiver to accept it),
  -- abandonada: the substitute was rejected by the PAC, so the original stays as it is.
  estado text not null default 'pendiente'
    check (estado in ('pendiente', 'solicitada', 'abandonada')),
  intentos integer not null default 0,
  siguiente timestamptz not null default now(),
  ultimo_error text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, sustituto_id),
  foreign key (enterprise_id, sustituto_id) references comprobantes (enterprise_id, id) on delete cascade,
  foreign key (enterprise_id, original_id) references comprobantes (enterprise_id, id) on delete cascade
);
-- One substitution under way per original at a time.
create unique index sustituciones_original_pendiente
  on sustituciones (enterprise_id, original_id) where estado = 'pendiente';
create index sustituciones_pendientes on sustituciones (siguiente) where estado = 'pendiente';
