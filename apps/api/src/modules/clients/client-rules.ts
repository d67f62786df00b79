import {
  RFC_EXTRANJERO,
  RFC_PUBLICO_EN_GENERAL,
  tipoPersona,
  type ClientRequest,
} from '@repo/contracts/clients';
import type { ClientValues } from './clients.queries.ts';
import type { ClientCatalogs } from './client-catalogs.ts';

const REGIMEN_SIN_OBLIGACIONES = '616';
const USO_SIN_EFECTOS_FISCALES = 'S01';
const FORMA_PAGO_POR_DEFINIR = '99';
const PAIS_MEXICO = 'MEX';

export const MESSAGES = {
  regimenNotFound: 'El régimen fiscal no existe en el catálogo del SAT',
  regimenPersona: (clave: string, persona: 'fisica' | 'moral') =>
    `El régimen fiscal ${clave} no aplica a personas ${persona === 'fisica' ? 'físicas' : 'morales'}`,
  regimenGeneric: (rfc: string) =>
    `Para el RFC genérico ${rfc} el régimen fiscal debe ser 616 Sin obligaciones fiscales`,
  usoNotFound: 'El uso de CFDI no existe en el catálogo del SAT',
  usoPersona: (clave: string, persona: 'fisica' | 'moral') =>
    `El uso de CFDI ${clave} no aplica a personas ${persona === 'fisica' ? 'físicas' : 'morales'}`,
  usoRegimen: (clave: string, regimen: string) =>
    `El uso de CFDI ${clave} no aplica al régimen fiscal ${regimen}`,
  usoPublicoEnGeneral:
    'Para el RFC genérico XAXX010101000 el uso de CFDI debe ser S01 Sin efectos fiscales',
  formaPagoNotFound: 'La forma de pago no existe en el catálogo del SAT',
  formaPagoPpd: 'Con método de pago PPD la forma de pago debe ser 99 Por definir',
  codigoPostalRequired: 'El código postal del domicilio fiscal es obligatorio',
  codigoPostalNotFound: 'El código postal no existe en el catálogo del SAT',
  numRegIdTribRequired:
    'Para un cliente extranjero (RFC XEXX010101000) el número de registro de identidad fiscal es obligatorio',
  paisRequired:
    'Para un cliente extranjero (RFC XEXX010101000) el país de residencia fiscal es obligatorio',
  paisNotFound: 'El país no existe en el catálogo del SAT',
  paisMexico: 'Un cliente extranjero no puede tener residencia fiscal en México',
  rfcDuplicate: (rfc: string) => `Ya existe un cliente con el RFC ${rfc}`,
} as const;

export type FieldErrors = Record<string, string[]>;

function push(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/**
 * The catalog rules of a client (spec sections 3 and 5, Anexo 20 receptor rules): régimen for the
 * person type, uso CFDI for the person type and régimen, the generic RFCs, forma/método de pago,
 * domicilio fiscal and foreign residence. Returns the row values, or the errors per field.
 */
export function checkClient(
  input: ClientRequest,
  catalogs: ClientCatalogs,
): { values: ClientValues; errors: null } | { values: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const persona = tipoPersona(input.rfc);
  const generic = input.rfc === RFC_PUBLICO_EN_GENERAL || input.rfc === RFC_EXTRANJERO;
  const foreign = input.rfc === RFC_EXTRANJERO;

  const regimen = catalogs.regimenFiscal(input.regimenFiscal);
  if (!regimen) push(errors, 'regimenFiscal', MESSAGES.regimenNotFound);
  else if (generic && regimen.clave !== REGIMEN_SIN_OBLIGACIONES) {
    push(errors, 'regimenFiscal', MESSAGES.regimenGeneric(input.rfc));
  } else if (!(persona === 'fisica' ? regimen.fisica : regimen.moral)) {
    push(errors, 'regimenFiscal', MESSAGES.regimenPersona(regimen.clave, persona));
  }

  const uso = catalogs.usoCfdi(input.usoCfdi);
  if (!uso) push(errors, 'usoCfdi', MESSAGES.usoNotFound);
  else if (input.rfc === RFC_PUBLICO_EN_GENERAL && uso.clave !== USO_SIN_EFECTOS_FISCALES) {
    push(errors, 'usoCfdi', MESSAGES.usoPublicoEnGeneral);
  } else if (!(persona === 'fisica' ? uso.fisica : uso.moral)) {
    push(errors, 'usoCfdi', MESSAGES.usoPersona(uso.clave, persona));
  } else if (regimen && !uso.regimenes.includes(regimen.clave)) {
    push(errors, 'usoCfdi', MESSAGES.usoRegimen(uso.clave, regimen.clave));
  }

  if (input.formaPago !== null && !catalogs.formaPagoExists(input.formaPago)) {
    push(errors, 'formaPago', MESSAGES.formaPagoNotFound);
  } else if (input.metodoPago === 'PPD' && input.formaPago !== null) {
    if (input.formaPago !== FORMA_PAGO_POR_DEFINIR)
      push(errors, 'formaPago', MESSAGES.formaPagoPpd);
  }

  // A generic RFC's DomicilioFiscalReceptor is the issuer's LugarExpedicion, so its own is optional.
  const cp = input.address.codigo_postal;
  if (!cp && !generic) push(errors, 'address.codigo_postal', MESSAGES.codigoPostalRequired);
  else if (cp && !catalogs.codigoPostalExists(cp)) {
    push(errors, 'address.codigo_postal', MESSAGES.codigoPostalNotFound);
  }

  if (foreign) {
    if (!input.numRegistroIdentidadFiscal) {
      push(errors, 'numRegistroIdentidadFiscal', MESSAGES.numRegIdTribRequired);
    }
    const pais = input.pais?.toUpperCase() ?? null;
    if (!pais) push(errors, 'pais', MESSAGES.paisRequired);
    else if (!catalogs.paisExists(pais)) push(errors, 'pais', MESSAGES.paisNotFound);
    else if (pais === PAIS_MEXICO) push(errors, 'pais', MESSAGES.paisMexico);
  }

  if (Object.keys(errors).length > 0) return { values: null, errors };
  return {
    errors: null,
    values: {
      name_razon_social: input.name_razon_social,
      rfc: input.rfc,
      uso_cfdi: input.usoCfdi,
      regimen_fiscal: input.regimenFiscal,
      metodo_pago: input.metodoPago,
      forma_pago: input.formaPago,
      emails: input.email,
      ...input.address,
      // NumRegIdTrib and ResidenciaFiscal belong to foreign receptors only.
      num_registro_identidad_fiscal: foreign ? input.numRegistroIdentidadFiscal : null,
      pais: foreign ? (input.pais?.toUpperCase() ?? null) : null,
      description: input.description,
    },
  };
}
