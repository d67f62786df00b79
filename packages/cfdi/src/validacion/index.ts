export { validateComprobante } from './validate-comprobante.ts';
export type { ErrorValidacion } from './error-validacion.ts';
export type * from './catalogos-lookup.ts';
export {
  REGIMEN_626_RECEPTOR_FISICA,
  REGIMEN_626_RECEPTOR_MORAL,
  REGIMEN_626_TASA_ISR,
  TASA_ISR_RESICO,
  esIsrRetenidoAjenoAResico,
} from './rules/regimen-626.ts';
export {
  RFC_PATTERN,
  MENSAJE_RFC_INVALIDO,
  esRfcValido,
  tipoPersona,
  digitoVerificadorRfc,
} from './rules/rfc.ts';
export type { TipoCambioReferencia } from './rules/tipo-cambio.ts';
export { EQUIVALENCIA_DR_FUERA_DE_RANGO, referenciasDelComprobante } from './rules/tipo-cambio.ts';
export {
  TASA_IVA_FRONTERIZA,
  MENSAJE_IVA_FRONTERIZO_CP,
  enRegionFronteriza,
  mensajeIvaFronterizoClave,
  motivoSinIvaFronterizo,
} from './rules/frontera.ts';
export { revisarTasaOCuota, tasaPermitida, type ConsultaTasa } from './tasa-o-cuota.ts';
export {
  NOMBRE_BANCO_MAX,
  NUM_OPERACION_MAX,
  RFC_BANCO_EXTRANJERO,
  camposFormaPago,
  validarDatosBancariosPago,
  type CampoBancarioPago,
  type CamposFormaPago,
  type DatosBancariosPago,
  type ErrorCampoPago,
} from './forma-pago-pago.ts';
export { MENSAJE_CP01_FUERA_DE_PAGOS } from './rules/emisor-receptor.ts';
export { avisoReceptorGenerico } from './rules/receptor-generico.ts';
