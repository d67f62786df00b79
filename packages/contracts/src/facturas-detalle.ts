import { z } from 'zod';
import { FacturaDraft, Partida } from './facturas-borrador.ts';
import { FacturaListItem } from './facturas-estados.ts';

/** Income invoices: the detail of one invoice and the PPD receivables. */

// ------------------------------------------------------------------------------------ detail

const LineaImpuesto = z.object({
  base: z.string(),
  /** 001 ISR, 002 IVA, 003 IEPS. */
  impuesto: z.string(),
  tipo_factor: z.string(),
  tasa_o_cuota: z.string().nullable(),
  importe: z.string().nullable(),
});

const ImpuestoLocal = z.object({ nombre: z.string(), tasa: z.string(), importe: z.string() });

/** Every datum of the CFDI (read from the stamped XML, or the preview of a pre-invoice). */
export const CfdiDatos = z.object({
  version: z.string(),
  serie: z.string().nullable(),
  folio: z.string().nullable(),
  fecha: z.string(),
  forma_pago: z.string().nullable(),
  metodo_pago: z.string().nullable(),
  condiciones_pago: z.string().nullable(),
  moneda: z.string(),
  tipo_cambio: z.string().nullable(),
  exportacion: z.string(),
  lugar_expedicion: z.string(),
  no_certificado: z.string().nullable(),
  subtotal: z.string(),
  descuento: z.string().nullable(),
  total: z.string(),
  informacion_global: z
    .object({ periodicidad: z.string(), meses: z.string(), anio: z.string() })
    .nullable(),
  cfdi_relacionados: z.array(z.object({ tipo_relacion: z.string(), uuids: z.array(z.string()) })),
  emisor: z.object({ rfc: z.string(), nombre: z.string(), regimen_fiscal: z.string() }),
  receptor: z.object({
    rfc: z.string(),
    nombre: z.string(),
    domicilio_fiscal: z.string(),
    regimen_fiscal: z.string(),
    uso_cfdi: z.string(),
    residencia_fiscal: z.string().nullable(),
  }),
  conceptos: z.array(
    z.object({
      clave_prod_serv: z.string(),
      no_identificacion: z.string().nullable(),
      cantidad: z.string(),
      clave_unidad: z.string(),
      unidad: z.string().nullable(),
      descripcion: z.string(),
      valor_unitario: z.string(),
      importe: z.string(),
      descuento: z.string().nullable(),
      objeto_imp: z.string(),
      traslados: z.array(LineaImpuesto),
      retenciones: z.array(LineaImpuesto),
      cuenta_predial: z.array(z.string()),
    }),
  ),
  impuestos: z
    .object({
      total_trasladados: z.string().nullable(),
      total_retenidos: z.string().nullable(),
      traslados: z.array(LineaImpuesto),
      retenciones: z.array(z.object({ impuesto: z.string(), importe: z.string() })),
    })
    .nullable(),
  impuestos_locales: z
    .object({
      total_traslados: z.string(),
      total_retenciones: z.string(),
      traslados: z.array(ImpuestoLocal),
      retenciones: z.array(ImpuestoLocal),
    })
    .nullable(),
  /** The TimbreFiscalDigital; null for a pre-invoice. */
  timbre: z
    .object({
      uuid: z.string(),
      fecha_timbrado: z.string(),
      rfc_prov_certif: z.string(),
      no_certificado_sat: z.string(),
      sello_cfd: z.string(),
      sello_sat: z.string(),
    })
    .nullable(),
});
export type CfdiDatos = z.infer<typeof CfdiDatos>;

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
