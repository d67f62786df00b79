-- Delivery of stamped comprobantes: every e-mail sending and every share link, with who did it.
-- Tenant keys lead with enterprise_id.

create table comprobante_envios_email (
  enterprise_id integer not null,
  id integer generated always as identity,
  comprobante_id integer not null,
  emails text[] not null,
  -- factura_ingreso, factura_global or complemento_pago: how the e-mail names the document
  comprobante_type text not null,
  -- The user who sent it (null if that user was deleted later)
  sent_by_user_id integer references users (id) on delete set null,
  -- enviado: accepted by the mail server (or written to the outbox), fallido: refused
  outcome text not null check (outcome in ('enviado', 'fallido')),
  error_message text not null default '',
  message_id text not null default '',
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade
);
create index comprobante_envios_email_comprobante
  on comprobante_envios_email (enterprise_id, comprobante_id, id);

-- A public link to one comprobante. The token given to the user is "<enterprise_id>-<64 hex digits>"
-- (256 random bits); only its SHA-256 is stored, so a leaked database does not open any link.
create table comprobante_share_links (
  enterprise_id integer not null,
  id integer generated always as identity,
  comprobante_id integer not null,
  token_hash text not null,
  -- link, whatsapp or email
  share_method text not null check (share_method in ('link', 'whatsapp', 'email')),
  shared_by_user_id integer references users (id) on delete set null,
  -- null: the link does not expire (SHARE_LINK_TTL_DAYS=0)
  expires_at timestamptz,
  views integer not null default 0,
  downloads integer not null default 0,
  last_viewed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (enterprise_id, id),
  foreign key (enterprise_id, comprobante_id) references comprobantes (enterprise_id, id) on delete cascade
);
create unique index comprobante_share_links_token on comprobante_share_links (enterprise_id, token_hash);
create index comprobante_share_links_comprobante
  on comprobante_share_links (enterprise_id, comprobante_id, id);
