export { calcularComprobante } from './calcular-comprobante.ts';
export { repartirDescuento, repartirPorResiduoMayor } from './largest-remainder.ts';
export * from './pagos20.ts';
export * from './pagos20-minimo.ts';
export * from './global.ts';
export * from './periodo-global.ts';
export type * from './types.ts';
export * from './conversion-pago.ts';
export * from './parcialidad.ts';
