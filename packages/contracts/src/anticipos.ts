import { z } from 'zod';

/**
 * Advances (anticipos, issue 25), the SAT's procedure of the Guía de llenado 4.0, Apéndice 6
 * (scheme with a CFDI de egreso): 1) the advance invoice, 2) the invoice for the full value relating
 * it with 07, 3) the egreso that applies it. An advance's id is its invoice's id; amounts are exact
 * decimal strings.
 */

export const CLIENTE_ANTICIPO_MESSAGE = 'Elija el cliente que entregó el anticipo';
export const SERIE_ANTICIPO_MESSAGE = 'La serie es obligatoria';
export const FORMA_PAGO_ANTICIPO_MESSAGE =
  'Indique la forma en que recibió el anticipo (efectivo, transferencia…)';
export const USO_ANTICIPO_MESSAGE = 'El uso del CFDI es obligatorio';
export const RUBRO_ANTICIPO_MESSAGE = 'Elija los impuestos del anticipo';
export const IMPORTE_ANTICIPO_MESSAGE =
  'El importe antes de impuestos debe ser mayor a 0 con hasta 2 decimales';
export const FACTURA_ANTICIPO_MESSAGE = 'Elija la factura por el valor total';
export const TIPO_CAMBIO_ANTICIPO_MESSAGE =
  'El tipo de cambio debe ser mayor a 0 con hasta 6 decimales';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const importe = z
  .union([z.number(), z.string()], { error: IMPORTE_ANTICIPO_MESSAGE })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => /^\d{1,15}(\.\d{1,2})?$/.test(v) && !/^0+(\.0+)?$/.test(v), {
    message: IMPORTE_ANTICIPO_MESSAGE,
  });

/** Body of POST /facturacion/V40/anticipos: step 1, the advance invoice (tipo I, PUE). */
export const AnticipoRequest = z.object({
  client_id: id(CLIENTE_ANTICIPO_MESSAGE),
  /** A serie of kind facturas-ingreso. */
  serie_id: id(SERIE_ANTICIPO_MESSAGE),
  /** c_FormaPago in which the advance was received (never 30 or 99). */
  forma_pago: z
    .string({ error: FORMA_PAGO_ANTICIPO_MESSAGE })
    .trim()
    .regex(/^\d{2}$/, FORMA_PAGO_ANTICIPO_MESSAGE),
  uso_cfdi: z
    .string({ error: USO_ANTICIPO_MESSAGE })
    .trim()
    .toUpperCase()
    .min(1, USO_ANTICIPO_MESSAGE),
  /** One of the enterprise's tax groups: its federal taxes go on the advance. */
  rubro_impuesto_id: id(RUBRO_ANTICIPO_MESSAGE),
  /** The advance before taxes (ValorUnitario of its one concepto). */
  importe,
  moneda: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'La moneda debe ser una clave de 3 letras')
    .default('MXN'),
  tipo_cambio: z
    .union([z.number(), z.string()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^\d{1,12}(\.\d{1,6})?$/.test(v) && Number(v) > 0, {
      message: TIPO_CAMBIO_ANTICIPO_MESSAGE,
    })
    .nullish(),
  idempotency_key: z.string().trim().min(8).max(100).nullish(),
});
export type AnticipoRequest = z.infer<typeof AnticipoRequest>;
export type AnticipoRequestInput = z.input<typeof AnticipoRequest>;

/** Body of POST /facturacion/V40/anticipos/{id}/aplicar: step 3, the egreso. */
export const AplicarAnticipoRequest = z.object({
  /** The invoice for the full value (step 2), which relates the advance with 07. */
  factura_id: id(FACTURA_ANTICIPO_MESSAGE),
  /** A serie of kind notas-credito. */
  serie_id: id(SERIE_ANTICIPO_MESSAGE),
  /** The advance applied, before taxes; all that remains of it when absent. */
  importe: importe.nullish(),
  idempotency_key: z.string().trim().min(8).max(100).nullish(),
});
export type AplicarAnticipoRequest = z.infer<typeof AplicarAnticipoRequest>;

/** A document of the procedure as the screen lists it. */
export const DocumentoAnticipo = z.object({
  id: z.number().int(),
  serie_folio: z.string(),
  uuid: z.string().nullable(),
  status: z.string(),
  fecha: z.string(),
  total: z.string(),
});
export type DocumentoAnticipo = z.infer<typeof DocumentoAnticipo>;

/**
 * What remains to do: `factura_final` (step 2), `aplicar` (step 3), `aplicado` (done), or
 * `cancelado` (the advance invoice was cancelled: nothing to apply).
 */
export const PasoAnticipo = z.enum(['factura_final', 'aplicar', 'aplicado', 'cancelado']);
export type PasoAnticipo = z.infer<typeof PasoAnticipo>;

export const AnticipoItem = z.object({
  id: z.number().int(),
  serie_folio: z.string(),
  uuid: z.string().nullable(),
  status: z.string(),
  fecha: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  client_rfc: z.string(),
  moneda: z.string(),
  /** The advance before taxes and with them. */
  subtotal: z.string(),
  total: z.string(),
  /** What the egresos in force applied, before taxes and with them. */
  aplicado_subtotal: z.string(),
  aplicado_total: z.string(),
  /** What remains to apply, before taxes and with them. */
  restante_subtotal: z.string(),
  restante_total: z.string(),
  paso: PasoAnticipo,
  /** Step 2: the income invoices in force that relate it with 07 (and what remains of each). */
  facturas: z.array(DocumentoAnticipo.extend({ restante: z.string(), metodo_pago: z.string() })),
  /** Step 3: the egresos that applied it (any status). */
  aplicaciones: z.array(DocumentoAnticipo.extend({ factura_id: z.number().int() })),
});
export type AnticipoItem = z.infer<typeof AnticipoItem>;

export const AnticiposQuery = z.object({
  /** `pendientes`: those with something still to do (steps 2 or 3). */
  estado: z.enum(['pendientes', 'todos']).default('todos'),
  client_id: z.coerce.number().int().positive().nullish(),
});
export type AnticiposQuery = z.infer<typeof AnticiposQuery>;

export const AnticiposResponse = z.object({ data: z.array(AnticipoItem) });
export type AnticiposResponse = z.infer<typeof AnticiposResponse>;

export const AnticipoResponse = z.object({
  data: AnticipoItem,
  user_total_remaining_credits: z.number().int(),
});
export type AnticipoResponse = z.infer<typeof AnticipoResponse>;
