export type * from './model.ts';
export { NS, SCHEMA_LOCATION } from './namespaces.ts';
export { writeComprobanteXml, writeTimbreFiscalDigital, escapeAttr } from './write-xml.ts';
export { parseComprobanteXml } from './parse-xml.ts';
export {
  fechaFueraDeVigencia,
  fechaLocal,
  instanteDeFechaLocal,
  zonaHorariaDeHuso,
  ZONA_HORARIA_POR_HUSO,
} from './fecha.ts';
export * from './nodos/index.ts';
export * from './build-ingreso.ts';
export * from './build-global.ts';
export * from './build-pago.ts';
export * from './build-nota-credito.ts';
export * from './build-aplicacion-anticipo.ts';
export * from './factura-acreditada.ts';
