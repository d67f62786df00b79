-- Income invoices (facturas de ingreso): what the user typed behind each comprobante of tipo I and
-- serie kind facturas-ingreso, a pre-invoice (comprobante status pre_factura) or a stamped invoice.
-- The comprobante row holds status, serie, folio, UUID and the XML; this row holds the draft (to edit,
-- clone and list) and the receiver as invoiced. Keys lead with enterprise_id.

create table facturas_ingreso (
  enterprise_id integer not null,
  comprobante_id integer not null,
  -- The client invoiced; a client used by an invoice cannot be deleted (checked at commit, so
  -- deleting a whole enterprise still cascades through comprobantes first)
  client_id integer not null,
  -- Receiver name and RFC as invoiced, for the list and its search
  client_name text not null default '',
  client_rfc text not null default '',
  metodo_pago text not null check (metodo_pago in ('PUE', 'PPD')),
  moneda text not null default 'MXN',
  tipo_cambio numeric(24, 6),
  -- The products and services of the lines, so a product used by an invoice cannot be deleted
  product_service_ids integer[] not null default '{}',
  -- The draft as the contract FacturaDraft describes it
  draft jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, comprobante_id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade,
  foreign key (enterprise_id, client_id) references clients (enterprise_id, id)
    deferrable initially deferred
);
create index facturas_ingreso_client on facturas_ingreso (enterprise_id, client_id);
create index facturas_ingreso_products on facturas_ingreso using gin (product_service_ids);
