export { validateComprobante } from './validate-comprobante.ts';
export type { ErrorValidacion } from './error-validacion.ts';
export type * from './catalogos-lookup.ts';
export { REGIMEN_626_RECEPTOR_FISICA, REGIMEN_626_RECEPTOR_MORAL } from './rules/regimen-626.ts';
export {
  RFC_PATTERN,
  MENSAJE_RFC_INVALIDO,
  esRfcValido,
  tipoPersona,
  digitoVerificadorRfc,
} from './rules/rfc.ts';
