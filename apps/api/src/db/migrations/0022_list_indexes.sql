-- Lists and searches at scale (issue 16, bench/lists): every index leads with enterprise_id, so a
-- list reads only the enterprise's rows, in the order it shows them, and counts its matches from the
-- index alone (the INCLUDE columns answer the filters without reading the table).

-- Income invoices and pre-invoices, newest first: the list, its count and its deep pages.
create index comprobantes_lista on comprobantes (enterprise_id, serie_kind, id) include (tipo, status);

-- The same, by status (Timbradas, Canceladas, Pre facturas): ordered by id inside each status.
create index comprobantes_lista_status
  on comprobantes (enterprise_id, serie_kind, status, id) include (tipo);

-- The date range filter and the home screen's twelve months compare the CFDI Fecha's day.
create index comprobantes_lista_dia
  on comprobantes (enterprise_id, serie_kind, (substr(fecha, 1, 10))) include (tipo, status, id);

-- The PUE / PPD filter and the PPD receivables.
create index facturas_ingreso_metodo on facturas_ingreso (enterprise_id, metodo_pago, comprobante_id);

-- Credit spendings and refunds, newest first, and their count.
create index credit_ledger_kind on credit_ledger (enterprise_id, kind, id);

-- A credit purchase's invoice is a document of the platform's issuing enterprise, not of the buyer:
-- the purchase history finds it by its identity (unique across enterprises), one row per purchase.
create index comprobantes_id on comprobantes (id);

-- The home screen's cancellations in process: few rows of each enterprise.
create index comprobantes_cancelacion_en_proceso
  on comprobantes (enterprise_id, id) where estatus_cancelacion = 'En proceso';
