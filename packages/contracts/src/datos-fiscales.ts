import { z } from 'zod';
import { OptionalRfc } from './enterprises.ts';

export const REGIMEN_SOCIETARIO_MESSAGE =
  'El SAT no acepta regímenes societarios en la razón social';
export const RAZON_SOCIAL_REQUIRED = 'La razón social es obligatoria';
export const CODIGO_POSTAL_MESSAGE = 'El código postal debe tener 5 dígitos';
export const REGIMEN_FISCAL_MESSAGE = 'El régimen fiscal no es válido';
/** Spec section 9: postal codes have 5 characters. */
export const POSTAL_CODE_LENGTH = 5;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPE_MESSAGE = 'El logotipo debe ser una imagen PNG, JPG o WEBP.';
export const LOGO_SIZE_MESSAGE = 'El logotipo no puede pesar más de 1 MB.';
export const LOGO_REQUIRED_MESSAGE = 'Seleccione la imagen del logotipo.';

/**
 * Spec section 5: social-regime suffixes (S.A. DE C.V., S. DE R.L., S.C., S.A.P.I. DE C.V. …) are not
 * part of the razón social the SAT expects in CFDI 4.0. The same suffixes written without dots are
 * caught too. Returns the name without the suffix.
 */
export function stripRegimenSocietario(razonSocial: string): string {
  return razonSocial
    .replace(/[\s,]+S\.\s?[\s\S]*$/i, '')
    .replace(/[\s,]+(SAPI|SAB|SA|SAS|SC|S DE RL|S EN C|S EN NC)(\s+DE\s+(CV|MI|IP))?\s*$/i, '')
    .trim();
}

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} no puede tener más de ${max} caracteres`).default('');

export const DatosFiscalesRequest = z.object({
  razon_social: z
    .string({ error: RAZON_SOCIAL_REQUIRED })
    .trim()
    .min(1, RAZON_SOCIAL_REQUIRED)
    .max(254, 'La razón social no puede tener más de 254 caracteres')
    .refine((v) => stripRegimenSocietario(v) === v, REGIMEN_SOCIETARIO_MESSAGE),
  nombre_comercial: text(254, 'El nombre comercial'),
  regimen_fiscal: z
    .string({ error: REGIMEN_FISCAL_MESSAGE })
    .regex(/^\d{3}$/, REGIMEN_FISCAL_MESSAGE),
  codigo_postal: z
    .string({ error: CODIGO_POSTAL_MESSAGE })
    .regex(new RegExp(`^\\d{${POSTAL_CODE_LENGTH}}$`), CODIGO_POSTAL_MESSAGE),
  estado: text(3, 'La clave del estado'),
  municipio: text(3, 'La clave del municipio'),
  colonia: text(4, 'La clave de la colonia'),
  ciudad: text(2, 'La clave de la localidad'),
  calle: text(100, 'La calle'),
  numero_exterior: text(55, 'El número exterior'),
  numero_interior: text(55, 'El número interior'),
});
export type DatosFiscalesRequest = z.infer<typeof DatosFiscalesRequest>;

export const RFC_FIXED_MESSAGE = 'El RFC de la empresa ya no puede cambiarse.';

/**
 * PUT new-client/datos-fiscales/{token}: the wizard's tax data step also sets the enterprise's RFC
 * when registration left it empty (unique among enterprises; once set it cannot change).
 */
export const NewClientDatosFiscalesRequest = DatosFiscalesRequest.extend({
  rfc: OptionalRfc.optional().default(''),
});
export type NewClientDatosFiscalesRequest = z.infer<typeof NewClientDatosFiscalesRequest>;

/** Tax data (spec section 3); `logo` is the address of the logo image, null when there is none. */
export const DatosFiscalesResponse = z.object({
  rfc: z.string(),
  razon_social: z.string(),
  nombre_comercial: z.string(),
  regimen_fiscal: z.string(),
  codigo_postal: z.string(),
  estado: z.string(),
  ciudad: z.string(),
  municipio: z.string(),
  colonia: z.string(),
  calle: z.string(),
  numero_exterior: z.string(),
  numero_interior: z.string(),
  logo: z.string().nullable(),
  /** IANA zone of codigo_postal (c_CodigoPostal's huso): where "today" is for this issuer. */
  zona_horaria: z.string(),
});
export type DatosFiscalesResponse = z.infer<typeof DatosFiscalesResponse>;
