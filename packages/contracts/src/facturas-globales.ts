/**
 * Global invoices (factura global a público en general), spec sections 2, 3 ("Global invoice form"),
 * 4 (statuses unissued, saved, timbrada, cancelled), 7 ("Global invoices") and 9 ("Global invoice
 * editable: year within 2 years"). Names are the spec's: the line template (folioVenta,
 * grupoImpuestosId, subtotal, impuestos, totalVenta, impuestosTrasladados) and the form (formaPago,
 * creationDate, month, year, partidas, serie with folio). The id of every route is the comprobante's.
 * Amounts are exact decimal strings.
 */
export * from './facturas-globales-mensajes.ts';
export * from './facturas-globales-borrador.ts';
export * from './facturas-globales-estados.ts';
export * from './facturas-globales-detalle.ts';
export * from './facturas-globales-importacion.ts';
export * from './facturas-globales-recibos.ts';
