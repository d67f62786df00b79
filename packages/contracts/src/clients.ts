import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.ts';
import { RFC_INVALID_MESSAGE, isValidRfc } from './enterprises.ts';
import { REGIMEN_SOCIETARIO_MESSAGE, stripRegimenSocietario } from './datos-fiscales.ts';
import { cleanDescription } from './products-services.ts';

/** Spec section 8, item 7: the SPA shows it when a failed import carries no message. */
export const IMPORT_CLIENTS_FALLBACK_MESSAGE = 'error al importar los clientes';

export const NAME_REQUIRED_MESSAGE = 'El nombre o razón social es obligatorio';
export const NAME_MAX_MESSAGE = 'El nombre o razón social no puede tener más de 300 caracteres';
export const USO_CFDI_REQUIRED_MESSAGE = 'El uso de CFDI es obligatorio';
export const REGIMEN_REQUIRED_MESSAGE = 'El régimen fiscal es obligatorio';
export const METODO_PAGO_MESSAGE = 'El método de pago debe ser PUE o PPD';
export const CODIGO_POSTAL_MESSAGE = 'El código postal debe tener 5 dígitos';
export const EMAIL_INVALID_MESSAGE = 'El correo electrónico no es válido';
export const DESCRIPTION_MAX_MESSAGE = 'La descripción no puede tener más de 1000 caracteres';
export const NUM_REG_ID_TRIB_MESSAGE =
  'El número de registro de identidad fiscal debe tener entre 1 y 40 caracteres';

/** The generic RFCs of the SAT (Anexo 20): shared by many clients, so exempt from uniqueness. */
export const RFC_PUBLICO_EN_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';
export const GENERIC_RFCS: readonly string[] = [RFC_PUBLICO_EN_GENERAL, RFC_EXTRANJERO];

/** 12 characters is a persona moral, 13 a persona física (spec section 5). */
export function tipoPersona(rfc: string): 'moral' | 'fisica' {
  return rfc.length === 12 ? 'moral' : 'fisica';
}

/** Several addresses may be given in one text, separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}

const EMAIL = z.email();

export const EmailList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value.flatMap(splitEmails) : splitEmails(value)))
  .refine((list) => list.every((e) => EMAIL.safeParse(e).success), EMAIL_INVALID_MESSAGE)
  .transform((list) => [...new Set(list.map((e) => e.toLowerCase()))]);

const text = (max: number) => z.string().trim().max(max).default('');
const optionalKey = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

export const ClientAddress = z.object({
  codigo_postal: z
    .string()
    .trim()
    .regex(/^([0-9]{5})?$/, CODIGO_POSTAL_MESSAGE)
    .default(''),
  calle: text(200),
  numero_exterior: text(50),
  numero_interior: text(50),
  colonia: text(200),
  localidad: text(200),
  municipio: text(200),
  estado: text(200),
});
export type ClientAddress = z.infer<typeof ClientAddress>;

/** Body of POST /clients and PUT /clients/{id}. */
export const ClientRequest = z.object({
  // Spec section 5: the receptor's name as the SAT registers it, without the régimen societario.
  name_razon_social: z
    .string({ error: NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, NAME_REQUIRED_MESSAGE)
    .max(300, NAME_MAX_MESSAGE)
    .refine((v) => stripRegimenSocietario(v) === v, REGIMEN_SOCIETARIO_MESSAGE),
  rfc: z
    .string({ error: RFC_INVALID_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((rfc) => isValidRfc(rfc, { allowGeneric: true }), RFC_INVALID_MESSAGE),
  usoCfdi: z
    .string({ error: USO_CFDI_REQUIRED_MESSAGE })
    .trim()
    .toUpperCase()
    .min(1, USO_CFDI_REQUIRED_MESSAGE),
  regimenFiscal: z
    .string({ error: REGIMEN_REQUIRED_MESSAGE })
    .trim()
    .min(1, REGIMEN_REQUIRED_MESSAGE),
  metodoPago: z
    .enum(['PUE', 'PPD'], { error: METODO_PAGO_MESSAGE })
    .nullish()
    .transform((v) => v ?? null),
  formaPago: optionalKey,
  /** One or more addresses: a text separated by commas or semicolons, or a list. */
  email: EmailList.default([]),
  address: ClientAddress.default({
    codigo_postal: '',
    calle: '',
    numero_exterior: '',
    numero_interior: '',
    colonia: '',
    localidad: '',
    municipio: '',
    estado: '',
  }),
  /** NumRegIdTrib of a foreign client (generic RFC XEXX010101000). */
  numRegistroIdentidadFiscal: z
    .string()
    .trim()
    .max(40, NUM_REG_ID_TRIB_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** ResidenciaFiscal (c_Pais) of a foreign client. */
  pais: optionalKey,
  // Spec section 5, as for products: HTML tags and line breaks removed.
  description: z
    .string()
    .max(1000, DESCRIPTION_MAX_MESSAGE)
    .transform(cleanDescription)
    .default(''),
});
export type ClientRequest = z.infer<typeof ClientRequest>;
export type ClientRequestInput = z.input<typeof ClientRequest>;

export const ClientResponse = z.object({
  id: z.number().int(),
  name_razon_social: z.string(),
  rfc: z.string(),
  usoCfdi: z.string(),
  regimenFiscal: z.string(),
  metodoPago: z.enum(['PUE', 'PPD']).nullable(),
  formaPago: z.string().nullable(),
  /** The addresses joined by ', '. */
  email: z.string(),
  emails: z.array(z.string()),
  address: z.object({
    codigo_postal: z.string(),
    calle: z.string(),
    numero_exterior: z.string(),
    numero_interior: z.string(),
    colonia: z.string(),
    localidad: z.string(),
    municipio: z.string(),
    estado: z.string(),
  }),
  numRegistroIdentidadFiscal: z.string().nullable(),
  pais: z.string().nullable(),
  description: z.string(),
});
export type ClientResponse = z.infer<typeof ClientResponse>;

export const CLIENT_ORDER_COLUMNS = [
  'name_razon_social',
  'rfc',
  'email',
  'usoCfdi',
  'regimenFiscal',
  'created_at',
] as const;
export const ORDER_BY_MESSAGE = 'No se puede ordenar por esa columna';
export const PAGE_SIZE_MESSAGE = 'El tamaño de página debe ser 30, 50 o 100';

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: PAGE_SIZE_MESSAGE });

export const ClientListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
  order_by: z.enum(CLIENT_ORDER_COLUMNS, { error: ORDER_BY_MESSAGE }).default('name_razon_social'),
  order_direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ClientListQuery = z.infer<typeof ClientListQuery>;

/** Query of POST /clients/search and /products-services/search. */
export const SearchQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

/** Body of POST /clients/search: a page of matches, or all of them with paginated_search false. */
export const ClientSearchRequest = z.object({
  data_search: z.string().trim().max(200).default(''),
  current_page: z.coerce.number().int().min(1).optional(),
  items_perpage: pageSize.default(DEFAULT_PAGE_SIZE),
  paginated_search: z.boolean().default(true),
  order_by: z.enum(CLIENT_ORDER_COLUMNS, { error: ORDER_BY_MESSAGE }).default('name_razon_social'),
  order_direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ClientSearchRequest = z.infer<typeof ClientSearchRequest>;

export const RfcUniqueRequest = z.object({
  rfc: z.string().trim().toUpperCase(),
  /** The client being edited, which does not count as a duplicate. */
  id: z.coerce.number().int().nullish(),
});

export const IsUniqueResponse = z.object({ is_unique: z.boolean() });

/** One spreadsheet row's outcome in an import report. */
export const ImportReportRow = z.object({
  row: z.number().int(),
  status: z.enum(['created', 'rejected']),
  label: z.string(),
  errors: z.array(z.string()),
});

/** The report of an import (the answer of the import and of GET .../import/report). */
export const ImportReport = z.object({
  file_name: z.string(),
  created_at: z.string(),
  created: z.number().int(),
  rejected: z.number().int(),
  rows: z.array(ImportReportRow),
});
export type ImportReport = z.infer<typeof ImportReport>;
