import { z } from 'zod';

/**
 * The open sales receipts (recibos, issue 28) of a global invoice's period, as its sales: each
 * receipt one sale (NoIdentificacion = the receipt's folio).
 */

/** GET /facturacion/V40/facturas-globales/recibos-del-periodo: the period as the form chooses it. */
export const RecibosDelPeriodoQuery = z.object({
  periodicidad: z.enum(['01', '02', '03', '04', '05']),
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
  dia: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish()
    .transform((v) => v ?? null),
});
export type RecibosDelPeriodoQuery = z.input<typeof RecibosDelPeriodoQuery>;

export const RecibosDelPeriodoResponse = z.object({
  /** The sales, ready for the form's partidas. */
  partidas: z.array(
    z.object({
      folioVenta: z.string(),
      grupoImpuestosId: z.number().int(),
      subtotal: z.string(),
      descuento: z.string().nullable(),
      recibo_id: z.number().int(),
    }),
  ),
  /** Open receipts of the period that cannot be one sale of the global, and why. */
  omitidos: z.array(z.object({ folio: z.number().int(), motivo: z.string() })),
});
export type RecibosDelPeriodoResponse = z.infer<typeof RecibosDelPeriodoResponse>;

export const RECIBOS_GLOBAL_MENSAJES = {
  sinGrupo:
    'Sus partidas llevan impuestos que no coinciden con ningún grupo de impuestos para factura global: agregue ese grupo en Configuraciones → Grupos de impuestos.',
  mezcla:
    'Sus partidas llevan impuestos distintos entre sí: una venta de la factura global lleva un solo grupo de impuestos. Captúrelo como ventas separadas.',
  yaEnGlobal: (folios: string) =>
    `Los recibos ${folios} ya no están abiertos (facturados por su cliente o incluidos en otra factura global): vuelva a agregar los recibos abiertos del periodo.`,
} as const;
