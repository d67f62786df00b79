import { z } from 'zod';
import { FechaDia } from './emision.ts';
import {
  DESCUENTO_VENTA_MESSAGE,
  DIA_PERIODO_GLOBAL_MESSAGE,
  FOLIO_VENTA_MESSAGE,
  FOLIO_VENTA_REPETIDO_MESSAGE,
  FORMA_PAGO_GLOBAL_MESSAGE,
  GRUPO_IMPUESTOS_MESSAGE,
  MAX_PARTIDAS_GLOBAL,
  MONTH_MESSAGE,
  PARTIDAS_GLOBAL_MAX_MESSAGE,
  PARTIDAS_GLOBAL_MESSAGE,
  PERIODICIDAD_GLOBAL_MESSAGE,
  SERIE_GLOBAL_MESSAGE,
  SUBTOTAL_MESSAGE,
  YEAR_MESSAGE,
} from './facturas-globales-mensajes.ts';

/** Global invoices: the form a user edits (request) and the draft as stored. */

/** c_Periodicidad: 01 Diario, 02 Semanal, 03 Quincenal, 04 Mensual, 05 Bimestral. */
export const PERIODICIDADES_GLOBAL = ['01', '02', '03', '04', '05'] as const;
export type PeriodicidadGlobal = (typeof PERIODICIDADES_GLOBAL)[number];

// ------------------------------------------------------------------------------------ request

const importe = (message: string, positive: boolean) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/[$,\s]/g, '')))
    .refine((v) => /^[0-9]{1,15}(\.[0-9]{1,2})?$/.test(v), message)
    .refine((v) => !positive || !/^0+(\.0+)?$/.test(v), message);

/** One sale (ticket) of the period: the spec's line template. Computed fields are answers only. */
export const PartidaGlobalRequest = z.object({
  folioVenta: z
    .string({ error: FOLIO_VENTA_MESSAGE })
    .trim()
    .min(1, FOLIO_VENTA_MESSAGE)
    .max(100, FOLIO_VENTA_MESSAGE)
    .refine((v) => !v.includes('|'), FOLIO_VENTA_MESSAGE),
  /** A tax group (rubro de impuestos) of the enterprise: the sale's taxes. */
  grupoImpuestosId: z.coerce
    .number({ error: GRUPO_IMPUESTOS_MESSAGE })
    .int(GRUPO_IMPUESTOS_MESSAGE)
    .positive(GRUPO_IMPUESTOS_MESSAGE),
  /** Amount of the sale before taxes. */
  subtotal: importe(SUBTOTAL_MESSAGE, true),
  /** Discount of the sale, if any. */
  descuento: importe(DESCUENTO_VENTA_MESSAGE, false)
    .nullish()
    .transform((v) => (v && !/^0+(\.0+)?$/.test(v) ? v : null)),
  /** The sales receipt (recibo) this sale is: stamping the global marks it as in this global. */
  recibo_id: z.number().int().positive().optional(),
});
export type PartidaGlobalRequest = z.infer<typeof PartidaGlobalRequest>;
export type PartidaGlobalRequestInput = z.input<typeof PartidaGlobalRequest>;

/**
 * Body of POST /facturacion/V40/facturas-globales (stamp) and POST .../facturas-globales/save
 * (save, status saved). With `id`, the saved global of that id is updated (or stamped).
 */
export const FacturaGlobalRequest = z
  .object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    /** c_FormaPago of the sale with the largest amount; never 99 (the global is PUE). */
    formaPago: z
      .string({ error: FORMA_PAGO_GLOBAL_MESSAGE })
      .trim()
      .regex(/^[0-9]{2}$/, FORMA_PAGO_GLOBAL_MESSAGE)
      .refine((v) => v !== '99', FORMA_PAGO_GLOBAL_MESSAGE),
    /** Issue date (AAAA-MM-DD): today (default) or up to two days back (PAC 72-hour window). */
    creationDate: FechaDia.nullish().transform((v) => v ?? null),
    month: z.coerce
      .number({ error: MONTH_MESSAGE })
      .int(MONTH_MESSAGE)
      .min(1, MONTH_MESSAGE)
      .max(12, MONTH_MESSAGE),
    year: z.coerce
      .number({ error: YEAR_MESSAGE })
      .int(YEAR_MESSAGE)
      .min(2019, YEAR_MESSAGE)
      .max(2099, YEAR_MESSAGE),
    /**
     * c_Periodicidad: 01 Diario, 02 Semanal, 03 Quincenal (the period that holds `dia`), 04 Mensual
     * (default), 05 Bimestral for régimen 621 (the bimester of `month`).
     */
    periodicidad: z
      .enum(PERIODICIDADES_GLOBAL, { error: PERIODICIDAD_GLOBAL_MESSAGE })
      .default('04'),
    /** With 01, 02 and 03: a day (AAAA-MM-DD) of the period, inside `month` and `year`. */
    dia: FechaDia.nullish().transform((v) => v ?? null),
    /** A serie of kind facturas-globales; its folio is taken when stamping. */
    serie: z.object(
      {
        id: z.coerce
          .number({ error: SERIE_GLOBAL_MESSAGE })
          .int(SERIE_GLOBAL_MESSAGE)
          .positive(SERIE_GLOBAL_MESSAGE),
        serie: z.string().optional(),
        folio: z.union([z.string(), z.number()]).nullish(),
      },
      { error: SERIE_GLOBAL_MESSAGE },
    ),
    partidas: z
      .array(PartidaGlobalRequest, { error: PARTIDAS_GLOBAL_MESSAGE })
      .min(1, PARTIDAS_GLOBAL_MESSAGE)
      .max(MAX_PARTIDAS_GLOBAL, PARTIDAS_GLOBAL_MAX_MESSAGE),
    /** Key of this stamping attempt: sending it again answers the first stamp, never a second. */
    idempotency_key: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (['01', '02', '03'].includes(v.periodicidad)) {
      const mes = `${String(v.year).padStart(4, '0')}-${String(v.month).padStart(2, '0')}-`;
      if (!v.dia?.startsWith(mes))
        ctx.addIssue({ code: 'custom', path: ['dia'], message: DIA_PERIODO_GLOBAL_MESSAGE });
    }
    const vistos = new Set<string>();
    v.partidas.forEach((p, i) => {
      if (vistos.has(p.folioVenta))
        ctx.addIssue({
          code: 'custom',
          path: ['partidas', i, 'folioVenta'],
          message: FOLIO_VENTA_REPETIDO_MESSAGE,
        });
      vistos.add(p.folioVenta);
    });
  });
export type FacturaGlobalRequest = z.infer<typeof FacturaGlobalRequest>;
export type FacturaGlobalRequestInput = z.input<typeof FacturaGlobalRequest>;

/** The draft as stored (the request without its id and idempotency key). */
export type FacturaGlobalDraft = Omit<FacturaGlobalRequest, 'id' | 'idempotency_key'>;
