import { z } from 'zod';
import { FacturaDraft, Partida } from './facturas-borrador.ts';
import { FacturaListItem } from './facturas-estados.ts';
import { CfdiDatos } from './cfdi-datos.ts';

export { CfdiDatos };

/** Income invoices: the detail of one invoice and the PPD receivables. */

// ------------------------------------------------------------------------------------ detail

/** A draft line with the product it names and its amounts as the CFDI engine computes them. */
export const PartidaDetail = Partida.extend({
  descripcion: z.string(),
  clave_unidad: z.string(),
  clave_prod_serv: z.string(),
  unidad_nombre: z.string(),
  no_identificacion: z.string().nullable(),
  /** cantidad × precio_unitario. */
  importe: z.string(),
  descuento_monto: z.string(),
  /** importe − descuento: the base of the taxes. */
  importe_base: z.string(),
  /** importe_base + transferred − withheld taxes, local ones included. */
  total: z.string(),
});
export type PartidaDetail = z.infer<typeof PartidaDetail>;

/** GET /facturacion/V40/facturas-ingreso/{id} (and the answer of save, edit and stamp). */
export const FacturaDetail = FacturaListItem.extend({
  /** The draft to edit or clone; null for an invoice stamped before drafts were kept. */
  draft: FacturaDraft.nullable(),
  /** The draft's lines with product data and amounts; empty when `draft` is null. */
  partidas: z.array(PartidaDetail),
  /** Every datum of the CFDI; for a pre-invoice, the preview with the serie's next folio. */
  cfdi: CfdiDatos.nullable(),
  /** Why the preview could not be built (a pre-invoice whose client or product changed). */
  cfdi_errores: z.array(z.string()),
  fecha_timbrado: z.string().nullable(),
  motivo_cancelacion: z.string(),
  folio_sustitucion: z.string(),
  /** Why the PAC refused this attempt (status rechazada): its code and Spanish message. */
  rechazo: z.object({ codigo: z.string(), mensaje: z.string() }).nullable().optional(),
  /**
   * What the invoice carries in place of data the user gave, and why (a generic RFC takes the place
   * of issue as its postal code, régimen 616 and uso S01: Guía de llenado del Anexo 20), in Spanish.
   */
  avisos: z.array(z.string()),
});
export type FacturaDetail = z.infer<typeof FacturaDetail>;

/** Answer of every stamping call: the invoice and the credits left. */
export const TimbrarFacturaResponse = z.object({
  factura: FacturaDetail,
  user_total_remaining_credits: z.number().int(),
});
export type TimbrarFacturaResponse = z.infer<typeof TimbrarFacturaResponse>;

// ------------------------------------------------------------------------------------ PPD

/** A row of GET /facturacion/V40/{enterpriseId}/ppd-pending-payments (list in data.data). */
export const PpdPendingPayment = z.object({
  id: z.number().int(),
  serie: z.string(),
  folio: z.number().int().nullable(),
  uuid: z.string(),
  client_id: z.number().int().nullable(),
  client_name: z.string(),
  client_rfc: z.string(),
  fecha: z.string(),
  moneda: z.string(),
  tipo_cambio: z.string().nullable(),
  total: z.string(),
  /** Total minus the stamped payments. */
  PPD_pending_amount: z.string(),
  /** Σ of the stamped, not cancelled payments. */
  pagado: z.string(),
  /** Payment date of the latest stamped payment, `AAAA-MM-DDThh:mm:ss`; null when none. */
  fecha_ultimo_pago: z.string().nullable(),
  /**
   * FechaPago of the oldest payment received whose complement is not stamped (waiting for the PAC or
   * refused by it), null when every payment has its complement. Only such a payment shows the SAT's deadline (the
   * 5th of the month after that payment) is shown.
   */
  pago_sin_complemento: z.string().nullable().optional(),
  /** Whole days from the invoice date to today (the enterprise's time zone). */
  dias_desde_emision: z.number().int(),
});
export type PpdPendingPayment = z.infer<typeof PpdPendingPayment>;
