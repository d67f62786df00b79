-- Payment complements (CFDI de pago, tipo P, serie kind recepcion-pagos): the form's data behind each
-- sealed or stamped payment comprobante, and what it applied to each PPD invoice (DoctoRelacionado).
-- The balance of an invoice is its total minus the imp_pagado of its payments whose comprobante is
-- stamped and not cancelled; a sealed payment still waiting for the PAC also holds its amount, so
-- two payments in flight can never overpay the invoice.

create table complementos_pago (
  enterprise_id integer not null,
  comprobante_id integer not null,
  client_id integer not null,
  client_name text not null default '',
  client_rfc text not null default '',
  -- FechaPago as stamped, AAAA-MM-DDThh:mm:ss
  fecha_pago text not null,
  forma_pago text not null,
  moneda_p text not null,
  tipo_cambio_p text not null default '1',
  monto numeric(24, 6) not null,
  num_operacion text not null default '',
  -- The request as the contract ComplementoPagoRequest describes it
  draft jsonb not null,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, comprobante_id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade,
  foreign key (enterprise_id, client_id) references clients (enterprise_id, id)
    deferrable initially deferred
);
create index complementos_pago_client on complementos_pago (enterprise_id, client_id);

create table pagos_documentos (
  enterprise_id integer not null,
  -- The payment's comprobante
  comprobante_id integer not null,
  -- The paid invoice's comprobante
  factura_id integer not null,
  num_parcialidad integer not null,
  moneda_dr text not null,
  equivalencia_dr text not null default '1',
  imp_saldo_ant numeric(24, 6) not null,
  imp_pagado numeric(24, 6) not null check (imp_pagado > 0),
  imp_saldo_insoluto numeric(24, 6) not null check (imp_saldo_insoluto >= 0),
  primary key (enterprise_id, comprobante_id, factura_id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade,
  foreign key (enterprise_id, factura_id) references comprobantes (enterprise_id, id)
);
create index pagos_documentos_factura on pagos_documentos (enterprise_id, factura_id);
