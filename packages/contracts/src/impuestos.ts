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
