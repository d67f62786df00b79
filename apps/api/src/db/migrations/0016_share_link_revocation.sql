-- A share link can be revoked from the invoice detail: the link stays in the history (who shared it,
-- its visits) and answers that it was revoked instead of the comprobante.
alter table comprobante_share_links add column revoked_at timestamptz;
