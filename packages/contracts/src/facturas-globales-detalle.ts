import { z } from 'zod';
import { CfdiDatos } from './cfdi-datos.ts';
import { PERIODICIDADES_GLOBAL } from './facturas-globales-borrador.ts';
import { FacturaGlobalStatus } from './facturas-globales-estados.ts';

/** Global invoices: the detail of one global (answer of get, save and stamp). */

// ------------------------------------------------------------------------------------ detail

export const ImpuestoTrasladado = z.object({
  /** 002 IVA, 003 IEPS. */
  impuesto: z.string(),
  tipo_factor: z.string(),
  tasa_o_cuota: z.string().nullable(),
  base: z.string(),
  importe: z.string().nullable(),
});
export type ImpuestoTrasladado = z.infer<typeof ImpuestoTrasladado>;

/** A sale with its amounts as the engine computes them (the spec's line template). */
export const PartidaGlobal = z.object({
  folioVenta: z.string(),
  grupoImpuestosId: z.number().int(),
  subtotal: z.string(),
  descuento: z.string().nullable(),
  /** Sum of the sale's transferred taxes. */
  impuestos: z.string(),
  totalVenta: z.string(),
  impuestosTrasladados: z.array(ImpuestoTrasladado),
  /** The sales receipt this sale is (kept by a saved global, so editing it keeps it a receipt). */
  recibo_id: z.number().int().nullable(),
});
export type PartidaGlobal = z.infer<typeof PartidaGlobal>;

export const TotalesGlobal = z.object({
  subtotal: z.string(),
  descuento: z.string().nullable(),
  impuestos: z.string(),
  total: z.string(),
  ventas: z.number().int(),
});
export type TotalesGlobal = z.infer<typeof TotalesGlobal>;

/** GET /facturacion/V40/facturas-globales/{id} and the answer of save and stamp. */
export const FacturaGlobalResponse = z.object({
  id: z.number().int(),
  status: FacturaGlobalStatus,
  /** Spanish label, with the SAT cancellation status while one is pending. */
  view_status: z.string(),
  /** Whether the form may still change it (saved, year within 2 years). */
  editable: z.boolean(),
  formaPago: z.string(),
  creationDate: z.string().nullable(),
  month: z.number().int(),
  year: z.number().int(),
  periodicidad: z.enum(PERIODICIDADES_GLOBAL),
  /** With 01–03: the day the user chose inside the period. */
  dia: z.string().nullable(),
  /** c_Meses of the period (01–12, 13–18). */
  meses: z.string(),
  /** "Marzo 2026", "Semana del 2 al 8 de marzo de 2026". */
  periodo: z.string(),
  /** First and last day of the period (AAAA-MM-DD). */
  periodo_inicio: z.string(),
  periodo_fin: z.string(),
  serie: z.object({ id: z.number().int(), serie: z.string(), folio: z.number().int().nullable() }),
  partidas: z.array(PartidaGlobal),
  totales: TotalesGlobal,
  uuid: z.string().nullable(),
  fecha: z.string().nullable(),
  estatus_cancelacion: z.string(),
  /** The CFDI's data once stamped; null for a saved global. */
  cfdi: CfdiDatos.nullable(),
  /** Day (AAAA-MM-DD) by which rules 8.4 ask it to be issued. */
  limite_emision: z.string(),
});
export type FacturaGlobalResponse = z.infer<typeof FacturaGlobalResponse>;

// ------------------------------------------------------------------------------------ motive 04

/** Body of POST /facturacion/V40/facturas-globales/{id}/venta-nominativa. */
export const VentaNominativaRequest = z.object({
  folioVenta: z
    .string({ error: 'Indique el folio de la venta' })
    .trim()
    .min(1, 'Indique el folio de la venta'),
});
export type VentaNominativaRequest = z.infer<typeof VentaNominativaRequest>;

/** The global cancelled with motive 04, its replacement without the sale, and the sale. */
export const VentaNominativaResponse = z.object({
  cancelada: FacturaGlobalResponse,
  reexpedida: FacturaGlobalResponse.nullable(),
  venta: PartidaGlobal,
});
export type VentaNominativaResponse = z.infer<typeof VentaNominativaResponse>;
