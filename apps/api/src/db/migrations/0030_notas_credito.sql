-- Credit notes (notas de crédito, CFDI de egreso tipo E, issue 25): the registered serie kind
-- notas-credito in the two checks that list them (decision 012), the first serie "NC" of every
-- existing enterprise (new ones get it from the registry), and the draft behind each comprobante of
-- serie kind notas-credito with what it takes off each invoice it relates. Keys lead with
-- enterprise_id.

alter table series drop constraint series_kind_check;
alter table series add constraint series_kind_check
  check (kind in ('facturas-ingreso', 'facturas-globales', 'recepcion-pagos', 'notas-credito'));
alter table comprobantes drop constraint comprobantes_serie_kind_check;
alter table comprobantes add constraint comprobantes_serie_kind_check
  check (serie_kind in ('facturas-ingreso', 'facturas-globales', 'recepcion-pagos', 'notas-credito'));

insert into series (enterprise_id, kind, serie, folio_inicial, next_folio)
  select e.id, 'notas-credito', 'NC', 1, 1
    from enterprises e
   where not exists (select 1 from series s where s.enterprise_id = e.id and s.kind = 'notas-credito');

create table notas_credito (
  enterprise_id integer not null,
  comprobante_id integer not null,
  client_id integer not null,
  client_name text not null,
  client_rfc text not null,
  -- c_TipoRelacion: 01 nota de crédito de los documentos relacionados, 03 devolución de mercancía
  tipo_relacion text not null check (tipo_relacion in ('01', '03')),
  motivo text not null default '',
  moneda text not null,
  subtotal numeric(24, 6) not null,
  total numeric(24, 6) not null,
  -- The request as the contract NotaCreditoRequest describes it
  draft jsonb not null,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, comprobante_id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade,
  foreign key (enterprise_id, client_id) references clients (enterprise_id, id)
);
create index notas_credito_cliente on notas_credito (enterprise_id, client_id, comprobante_id);

-- What a note takes off each invoice it relates (its share of the note's Total, in the invoice's
-- currency): the invoice's remaining amount is its Total less the shares of its notes in force.
create table notas_credito_facturas (
  enterprise_id integer not null,
  comprobante_id integer not null,
  factura_id integer not null,
  importe numeric(24, 6) not null check (importe > 0),
  primary key (enterprise_id, comprobante_id, factura_id),
  foreign key (enterprise_id, comprobante_id) references notas_credito (enterprise_id, comprobante_id) on delete cascade,
  foreign key (enterprise_id, factura_id) references comprobantes (enterprise_id, id)
);
create index notas_credito_facturas_factura on notas_credito_facturas (enterprise_id, factura_id);
