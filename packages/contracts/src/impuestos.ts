import { z } from 'zod';

export const TaxType = z.enum(['IVA', 'IEPS', 'ISR']);
export const TipoFactor = z.enum(['Tasa', 'Cuota', 'Exento']);

/**
 * One of the enterprise's federal taxes. `value` is the SAT TasaOCuota with 6 decimals ("0.160000"),
 * null for Exento; the SPA shows it as a percentage with up to 6 decimals (spec section 9).
 */
export const TaxResponse = z.object({
  id: z.number().int(),
  value: z.string().nullable(),
  tax_type: TaxType,
  tipo_factor: TipoFactor,
  additional_description: z.string(),
  status: z.boolean(),
});
export type TaxResponse = z.infer<typeof TaxResponse>;

/** A local (state) tax from the local-taxes data; `tasa` is a percentage ("3.50" means 3.5 %). */
export const LocalTaxResponse = z.object({
  id: z.string(),
  estado_key: z.string(),
  impuesto: z.string(),
  tasa: z.string(),
  aplica_a: z.string(),
});
export type LocalTaxResponse = z.infer<typeof LocalTaxResponse>;

/**
 * A rate the enterprise adds to its list (spec section 7, "Taxes"): IVA, IEPS tasa or cuota, ISR or
 * IVA withheld, within c_TasaOCuota's fixed values and ranges. `value` is a fraction for a Tasa
 * ("0.106667" = 10.6667 %), pesos per unit for a Cuota; omitted for Exento.
 */
export const TaxCreateRequest = z.object({
  tax_type: TaxType,
  tipo_factor: TipoFactor,
  value: z.string().trim().max(20).nullable().optional(),
  additional_description: z
    .string()
    .trim()
    .max(100, 'La descripción admite hasta 100 caracteres.')
    .default(''),
});
export type TaxCreateRequest = z.infer<typeof TaxCreateRequest>;

export const IMPUESTO_YA_EXISTE = 'Ese impuesto ya está en su lista.';
