import { z } from 'zod';
import { TaxResponse } from './impuestos.ts';

export const RUBRO_NAME_REQUIRED = 'El nombre del grupo de impuestos es obligatorio';
export const RUBRO_NAME_MAX =
  'El nombre del grupo de impuestos no puede tener más de 100 caracteres';
export const RUBRO_NAME_TAKEN = 'Ya existe un grupo de impuestos con este nombre';
export const OBJETO_IMPUESTO_MESSAGE = 'El objeto de impuesto debe ser 01 o 02';

const RubroName = z
  .string({ error: RUBRO_NAME_REQUIRED })
  .trim()
  .min(1, RUBRO_NAME_REQUIRED)
  .max(100, RUBRO_NAME_MAX);

const Selection = z.object({ id: z.coerce.number().int(), selected: z.boolean() });
const LocalSelection = z.object({
  id: z.string().min(1),
  estado_key: z.string().regex(/^[A-Z]{3}$/, 'La clave del estado no es válida'),
  selected: z.boolean(),
});

/** Spec section 5: tax objects are limited to keys 01 and 02. */
export const ObjetoImpuestoKey = z.enum(['01', '02'], { error: OBJETO_IMPUESTO_MESSAGE });

/** A tax group as the form sends it: each list holds the offered taxes with their `selected` flag. */
export const RubroImpuestoRequest = z.object({
  name: RubroName,
  objeto_impuesto_key: ObjetoImpuestoKey,
  impuestos_trasladados: z.array(Selection).default([]),
  impuestos_retenidos: z.array(Selection).default([]),
  impuestos_locales_trasladados: z.array(LocalSelection).default([]),
  impuestos_locales_retenidos: z.array(LocalSelection).default([]),
});
export type RubroImpuestoRequest = z.infer<typeof RubroImpuestoRequest>;

export const RubroTax = TaxResponse.extend({ selected: z.boolean() });
export const RubroLocalTax = z.object({
  id: z.string(),
  estado_key: z.string(),
  impuesto: z.string(),
  tasa: z.string(),
  selected: z.boolean(),
});

export const RubroImpuestoResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  objeto_impuesto_key: ObjetoImpuestoKey,
  enterprise_id: z.number().int(),
  impuestos_trasladados: z.array(RubroTax),
  impuestos_retenidos: z.array(RubroTax),
  impuestos_locales_trasladados: z.array(RubroLocalTax),
  impuestos_locales_retenidos: z.array(RubroLocalTax),
});
export type RubroImpuestoResponse = z.infer<typeof RubroImpuestoResponse>;

export const ValidateUniqueNameRequest = z.object({
  name: RubroName,
  enterprise_id: z.coerce.number().int(),
  rubro_impuesto_id: z.coerce.number().int().nullish(),
});

/** Taxes grouped as the form shows them, in the order IEPS, IVA, ISR (spec sections 3 and 9). */
export const TaxGroupName = z.enum(['IEPS tasa', 'IEPS cuota', 'IVA', 'ISR']);
export const TaxGroups = z.array(
  z.object({ group: TaxGroupName, impuestos: z.array(TaxResponse) }),
);
export const ImpuestosParaRubroResponse = z.object({
  impuestos_trasladados: TaxGroups,
  impuestos_retenidos: TaxGroups,
});
