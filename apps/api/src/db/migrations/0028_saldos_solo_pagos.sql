-- A comprobante's change of status adds or takes back a payment's documents only when it is a
-- payment (tipo P): for every other stamp the trigger of migration 0024 ran facturas_saldos_pago
-- anyway, a SQL function planned again at each call to find no pagos_documentos rows, on every
-- stamp of an invoice (issue 16: PostgreSQL's CPU per stamp). Same outcome for every comprobante.
-- The body is written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create or replace function facturas_saldos_comprobante() returns trigger language plpgsql as $$
begin if new.tipo = 'P' then if new.status = 'timbrada' and (tg_op = 'INSERT' or old.status <> 'timbrada') then perform facturas_saldos_pago(new.enterprise_id, new.id, 1); elsif tg_op = 'UPDATE' and old.status = 'timbrada' and new.status <> 'timbrada' then perform facturas_saldos_pago(new.enterprise_id, new.id, -1); end if; end if; if new.tipo = 'I' then perform facturas_saldos_factura(new.enterprise_id, new.id); end if; return null; end
$$;
