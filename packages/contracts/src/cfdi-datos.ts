import { z } from 'zod';

/**
 * The data of a CFDI as the API answers them, for every document type's detail (decision 012): read
 * from the stamped XML, or the preview of a draft.
 */

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
