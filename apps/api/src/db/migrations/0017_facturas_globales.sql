-- Global invoices (facturas globales a público en general): the draft behind each comprobante of tipo I
-- and serie kind facturas-globales. A saved global is a comprobante in status pre_factura (spec status
-- "saved"); stamping seals a new comprobante whose draft row is written in the sealing transaction
-- (the saved one is deleted once stamped); timbrada and cancelada are the comprobante's. Keys lead
-- with enterprise_id.

create table facturas_globales (
  enterprise_id integer not null,
  comprobante_id integer not null,
  -- The period: the month of the route (1-12), its year, c_Periodicidad (04 mensual, 05 bimestral)
  -- and c_Meses (01-12, 13-18); mes_inicio..mes_fin are the months it covers.
  anio integer not null check (anio between 2019 and 2099),
  mes integer not null check (mes between 1 and 12),
  periodicidad text not null check (periodicidad in ('04', '05')),
  meses text not null check (meses ~ '^(0[1-9]|1[0-8])$'),
  mes_inicio integer not null check (mes_inicio between 1 and 12),
  mes_fin integer not null check (mes_fin between mes_inicio and 12),
  forma_pago text not null,
  serie_id integer not null,
  -- Totals of the sales, for the year list without reading the draft
  ventas integer not null check (ventas > 0),
  subtotal numeric(24, 2) not null,
  descuento numeric(24, 2) not null default 0,
  impuestos numeric(24, 2) not null,
  total numeric(24, 2) not null,
  -- guardada: a saved draft; emitida: sealed or stamped; inactiva: rejected by the PAC or cancelled.
  -- Kept from the comprobante's status by the triggers below, whoever changes it.
  estado text not null default 'guardada' check (estado in ('guardada', 'emitida', 'inactiva')),
  -- The draft as the contract FacturaGlobalRequest describes it (the sales and their tax groups)
  draft jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, comprobante_id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade
);
-- One stamped (or being stamped) global per period until it is cancelled; one saved draft per period.
-- A sale's folio appears once in a global (checked by the engine), so once per period.
create unique index facturas_globales_periodo_emitida
  on facturas_globales (enterprise_id, anio, mes_inicio) where estado = 'emitida';
create unique index facturas_globales_periodo_guardada
  on facturas_globales (enterprise_id, anio, mes_inicio) where estado = 'guardada';
create index facturas_globales_anio on facturas_globales (enterprise_id, anio, mes_inicio);

-- The bodies are written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create function facturas_globales_estado_de(status text) returns text language sql immutable as $$ select case when status = 'pre_factura' then 'guardada' when status in ('sellada', 'timbrada') then 'emitida' else 'inactiva' end $$;

create function facturas_globales_estado_al_insertar() returns trigger language plpgsql as $$
begin select facturas_globales_estado_de(c.status) into new.estado from comprobantes c where c.enterprise_id = new.enterprise_id and c.id = new.comprobante_id; return new; end
$$;

create trigger facturas_globales_estado_insert
  before insert on facturas_globales
  for each row execute function facturas_globales_estado_al_insertar();

create function facturas_globales_estado_del_comprobante() returns trigger language plpgsql as $$
begin update facturas_globales set estado = facturas_globales_estado_de(new.status), updated_at = now() where enterprise_id = new.enterprise_id and comprobante_id = new.id and estado <> facturas_globales_estado_de(new.status); return null; end
$$;

create trigger comprobantes_estado_factura_global
  after update of status on comprobantes
  for each row when (old.status is distinct from new.status)
  execute function facturas_globales_estado_del_comprobante();
