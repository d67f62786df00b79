/**
 * Income invoices (facturas de ingreso), spec sections 2, 3, 4, 5 and 7 "Invoices". The invoice id of
 * every route is the comprobante's id: a pre-invoice is a comprobante in status pre_factura. Amounts
 * are exact decimal strings ("1234.50"), never binary floats.
 */
export * from './facturas-mensajes.ts';
export * from './facturas-borrador.ts';
export * from './facturas-estados.ts';
export * from './facturas-detalle.ts';
