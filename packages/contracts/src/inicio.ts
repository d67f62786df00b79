import { z } from 'zod';

/** What the income invoices of one calendar month add up to (stamped, not cancelled), in MXN. */
export const ResumenMes = z.object({
  /** `AAAA-MM`. */
  mes: z.string(),
  /** Sum of the totals in MXN (foreign-currency invoices at their TipoCambio), 2 decimals. */
  total: z.string(),
  facturas: z.number().int(),
});
export type ResumenMes = z.infer<typeof ResumenMes>;

export const DocumentoReciente = z.object({
  id: z.number().int(),
  serie: z.string(),
  folio: z.number().int().nullable(),
  client_name: z.string(),
  total: z.string(),
  moneda: z.string(),
  status: z.enum(['pre_factura', 'timbrada', 'cancelada']),
  estatus_cancelacion: z.string(),
  fecha: z.string(),
});
export type DocumentoReciente = z.infer<typeof DocumentoReciente>;

/** GET /api/inicio/resumen: the home screen's figures for the signed-in enterprise. */
export const ResumenInicio = z.object({
  /** The last twelve months, oldest first; the last one is the current month (Mexico City time). */
  meses: z.array(ResumenMes).length(12),
  /** PPD income invoices still owed: their pending amounts in MXN. */
  por_cobrar: z.object({ total: z.string(), facturas: z.number().int() }),
  /**
   * Advances (anticipos) stamped and not fully applied yet by their egreso (issue 25): what remains
   * of them in MXN (foreign currency at the advance's TipoCambio) and how many.
   */
  anticipos_sin_aplicar: z.object({ total: z.string(), anticipos: z.number().int() }),
  /** Cancellations asked of the SAT and still waiting for the receiver or the SAT. */
  cancelaciones_en_proceso: z.number().int(),
  /** The five most recent income invoices and pre-invoices. */
  recientes: z.array(DocumentoReciente),
});
export type ResumenInicio = z.infer<typeof ResumenInicio>;
