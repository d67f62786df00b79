export { readCertificado, noCertificadoDeSerial, type Certificado } from './read-certificado.ts';
export { openLlavePrivada, LlavePrivadaError } from './open-llave-privada.ts';
export {
  validateCsd,
  MENSAJES_CSD,
  type CsdError,
  type CsdErrorCode,
  type ResultadoCsd,
} from './validate-csd.ts';
export { generateTestCsd, type TestCsd, type TestCsdOptions } from './generate-test-csd.ts';
