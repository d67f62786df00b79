// The shared engine. A document type's own files are imported by their path
// (`@repo/cfdi/xml/build-<type>`, `@repo/cfdi/calc/<type>`), so adding a type edits no
// entry point (issue 25); the types older than that rule are still re-exported here.
export { calcularComprobante } from './calcular-comprobante.ts';
export { repartirDescuento, repartirPorResiduoMayor } from './largest-remainder.ts';
export * from './pagos20.ts';
export * from './pagos20-minimo.ts';
export * from './global.ts';
export * from './periodo-global.ts';
export * from './periodo-elegido.ts';
export type * from './types.ts';
export * from './conversion-pago.ts';
export * from './parcialidad.ts';
export * from './locales-por-concepto.ts';
export * from './anticipo.ts';
