import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type ClientRequest,
  type ClientResponse,
  GENERIC_RFCS,
  RFC_EXTRANJERO,
  RFC_PUBLICO_EN_GENERAL,
  ClientRequest as ClientRequestSchema,
  tipoPersona,
} from '@repo/contracts/clients';
import { isValidRfc } from '@repo/contracts/enterprises';

/** What the client form edits: every field as the person types it. */
export interface ClientFormValues {
  name_razon_social: string;
  rfc: string;
  regimenFiscal: string;
  usoCfdi: string;
  metodoPago: '' | 'PUE' | 'PPD';
  formaPago: string;
  email: string;
  address: {
    codigo_postal: string;
    calle: string;
    numero_exterior: string;
    numero_interior: string;
    colonia: string;
    localidad: string;
    municipio: string;
    estado: string;
  };
  numRegistroIdentidadFiscal: string;
  pais: string;
  description: string;
}

/** The fields a 422 of the clients API may name. */
export const CLIENT_FORM_FIELDS = [
  'name_razon_social',
  'rfc',
  'regimenFiscal',
  'usoCfdi',
  'metodoPago',
  'formaPago',
  'email',
  'address.codigo_postal',
  'address.calle',
  'address.numero_exterior',
  'address.numero_interior',
  'address.colonia',
  'address.localidad',
  'address.municipio',
  'address.estado',
  'numRegistroIdentidadFiscal',
  'pais',
  'description',
] as const;

export const CODIGO_POSTAL_REQUIRED_MESSAGE =
  'El código postal del domicilio fiscal es obligatorio';
export const NUM_REG_ID_TRIB_REQUIRED_MESSAGE =
  'Para un cliente extranjero (RFC XEXX010101000) el número de registro de identidad fiscal es obligatorio';
export const PAIS_REQUIRED_MESSAGE =
  'Para un cliente extranjero (RFC XEXX010101000) el país de residencia fiscal es obligatorio';
export const rfcTakenMessage = (rfc: string) => `Ya existe un cliente con el RFC ${rfc}`;

export function emptyClientValues(): ClientFormValues {
  return {
    name_razon_social: '',
    rfc: '',
    regimenFiscal: '',
    usoCfdi: '',
    metodoPago: '',
    formaPago: '',
    email: '',
    address: {
      codigo_postal: '',
      calle: '',
      numero_exterior: '',
      numero_interior: '',
      colonia: '',
      localidad: '',
      municipio: '',
      estado: '',
    },
    numRegistroIdentidadFiscal: '',
    pais: '',
    description: '',
  };
}

export function clientValuesOf(client: ClientResponse): ClientFormValues {
  return {
    name_razon_social: client.name_razon_social,
    rfc: client.rfc,
    regimenFiscal: client.regimenFiscal,
    usoCfdi: client.usoCfdi,
    metodoPago: client.metodoPago ?? '',
    formaPago: client.formaPago ?? '',
    email: client.emails.join(', '),
    address: { ...client.address },
    numRegistroIdentidadFiscal: client.numRegistroIdentidadFiscal ?? '',
    pais: client.pais ?? '',
    description: client.description,
  };
}

/** The RFC as it is checked: trimmed and upper case. */
export const normalizeRfc = (rfc: string) => rfc.trim().toUpperCase();

/** What `rfcKind` answers. */
export interface RfcKind {
  valid: boolean;
  persona: 'fisica' | 'moral' | null;
  generic: boolean;
  foreign: boolean;
  publicoEnGeneral: boolean;
}

/** What an RFC says about the client: its person type, and whether it is a generic one. */
export function rfcKind(rfc: string): RfcKind {
  const value = normalizeRfc(rfc);
  const valid = isValidRfc(value, { allowGeneric: true });
  return {
    valid,
    persona: valid ? tipoPersona(value) : null,
    generic: valid && GENERIC_RFCS.includes(value),
    foreign: value === RFC_EXTRANJERO,
    publicoEnGeneral: value === RFC_PUBLICO_EN_GENERAL,
  };
}

function setError(errors: Record<string, unknown>, path: string, message: string): void {
  const keys = path.split('.');
  let node = errors;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1] as string;
  node[last] ??= { type: 'validation', message };
}

/**
 * The form's values checked by the API's own contract (so the form says exactly what the server
 * would), plus the receptor rules a person fixes before sending: the fiscal address postal code and
 * the foreign client's tax id and country.
 */
export const clientResolver: Resolver<ClientFormValues, unknown, ClientRequest> = (values) => {
  const kind = rfcKind(values.rfc);
  const parsed = ClientRequestSchema.safeParse({
    ...values,
    metodoPago: values.metodoPago === '' ? null : values.metodoPago,
    formaPago: values.formaPago,
    numRegistroIdentidadFiscal: kind.foreign ? values.numRegistroIdentidadFiscal : null,
    pais: kind.foreign ? values.pais : null,
  });
  const errors: Record<string, unknown> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) setError(errors, issue.path.join('.'), issue.message);
  }
  if (kind.valid && !kind.generic && values.address.codigo_postal.trim() === '') {
    setError(errors, 'address.codigo_postal', CODIGO_POSTAL_REQUIRED_MESSAGE);
  }
  if (kind.foreign && values.numRegistroIdentidadFiscal.trim() === '') {
    setError(errors, 'numRegistroIdentidadFiscal', NUM_REG_ID_TRIB_REQUIRED_MESSAGE);
  }
  if (kind.foreign && values.pais === '') setError(errors, 'pais', PAIS_REQUIRED_MESSAGE);
  if (parsed.success && Object.keys(errors).length === 0) {
    return { values: parsed.data, errors: {} };
  }
  return { values: {}, errors: errors as FieldErrors<ClientFormValues> };
};
