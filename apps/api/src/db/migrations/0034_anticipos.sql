-- Advances (anticipos, issue 25), by the SAT's procedure (Guía de llenado 4.0, Apéndice 6, scheme
-- with a CFDI de egreso): the advance is an income invoice (84111506, ACT, "Anticipo del bien o
-- servicio"), the invoice for the full value relates it with 07, and a CFDI de egreso (a credit
-- note with relation 07 to that invoice, FormaPago 30) applies it. Keys lead with enterprise_id.

-- The egreso that applies an advance is a credit note of relation 07 (CFDI por aplicación de
-- anticipo): it takes its Total off the invoice for the full value like any note.
alter table notas_credito drop constraint notas_credito_tipo_relacion_check;
alter table notas_credito add constraint notas_credito_tipo_relacion_check
  check (tipo_relacion in ('01', '03', '07'));

-- The income invoices issued as advances (step 1).
create table anticipos (
  enterprise_id integer not null,
  factura_id integer not null,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, factura_id),
  foreign key (enterprise_id, factura_id) references comprobantes (enterprise_id, id) on delete cascade
);

-- Each egreso that applies an advance (step 3): the advance, the invoice for the full value it
-- relates, and the advance's base (before taxes) it applies. What remains of an advance is its
-- SubTotal less the bases of its applications in force.
create table anticipos_aplicaciones (
  enterprise_id integer not null,
  comprobante_id integer not null,
  anticipo_id integer not null,
  factura_id integer not null,
  base numeric(24, 6) not null check (base > 0),
  total numeric(24, 6) not null check (total > 0),
  primary key (enterprise_id, comprobante_id),
  foreign key (enterprise_id, comprobante_id) references notas_credito (enterprise_id, comprobante_id) on delete cascade,
  foreign key (enterprise_id, anticipo_id) references anticipos (enterprise_id, factura_id),
  foreign key (enterprise_id, factura_id) references comprobantes (enterprise_id, id)
);
create index anticipos_aplicaciones_anticipo on anticipos_aplicaciones (enterprise_id, anticipo_id);
