export type * from './pac.ts';
export * from './errors.ts';
export {
  firmarSolicitudCancelacion,
  verificarSolicitudCancelacion,
  type FolioCancelacion,
  type AlgoritmoFirma,
} from './cancelacion-xml.ts';
export {
  SandboxPac,
  type SandboxPacOptions,
  type RespuestaReceptor,
  type FallaSandbox,
} from './sandbox/sandbox-pac.ts';
export {
  MemorySandboxStore,
  type GuardadoSiNuevo,
  type SandboxStore,
  type TimbreGuardado,
  type SolicitudCancelacion,
} from './sandbox/store.ts';
export { cadenaOriginalTfd } from './sandbox/timbre.ts';
export {
  certificadoSandbox,
  NO_CERTIFICADO_SANDBOX,
  type CertificadoSandbox,
} from './sandbox/certificado-sandbox.ts';
export { SwSapienPac, type SwSapienOptions } from './sw-sapien/sw-sapien-pac.ts';
export { totalExpresion, CONSULTA_SAT_PRODUCCION } from './sw-sapien/consulta-sat.ts';
