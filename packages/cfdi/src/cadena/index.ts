export { buildCadenaOriginal, normalizeSpace } from './build-cadena-original.ts';
export { cadenaOriginalFromXml } from './cadena-original-from-xml.ts';
