// The shared engine. A document type's own files are imported by their path
// (`@repo/cfdi/xml/build-<type>`, `@repo/cfdi/calc/<type>`), so adding a type edits no
// entry point (issue 25); the types older than that rule are still re-exported here.
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
export * from './build-aplicacion-anticipo.ts';
export * from './factura-acreditada.ts';
