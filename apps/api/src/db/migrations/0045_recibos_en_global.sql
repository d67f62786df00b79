-- Sales receipts in a global invoice (issue 28): the open receipts of a period are the tickets of
-- its factura global. The global that took a receipt; the receipt counts as "in a global" while
-- that comprobante is sealed or stamped, so cancelling the global (motives 02, 03, or 04 by the
-- venta-nominativa procedure) gives the receipt back to the portal and to the period's next global.
alter table recibos add column global_comprobante_id integer;
alter table recibos add foreign key (enterprise_id, global_comprobante_id)
  references comprobantes (enterprise_id, id);
create index recibos_global on recibos (enterprise_id, global_comprobante_id)
  where global_comprobante_id is not null;
