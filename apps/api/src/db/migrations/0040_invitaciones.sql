-- Invitations to an enterprise (issue 27): the owner or an administrator invites an e-mail with a
-- role; the link carries the enterprise id before its random part (like share links), so it is
-- found by (enterprise_id, token_hash) without a global index. Only the hash is stored.
create table invitaciones (
  enterprise_id integer not null references enterprises (id) on delete cascade,
  id integer generated always as identity,
  email text not null,
  role text not null check (role in ('administrador', 'facturista', 'lectura')),
  token_hash text not null,
  invited_by integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by integer references users (id) on delete set null,
  revoked_at timestamptz,
  primary key (enterprise_id, id),
  unique (enterprise_id, token_hash)
);
create index invitaciones_pendientes on invitaciones (enterprise_id, lower(email))
  where accepted_at is null and revoked_at is null;
