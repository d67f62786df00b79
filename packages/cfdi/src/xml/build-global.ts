import {
  conceptoDeTicket,
  erroresDeGlobal,
  erroresDeTickets,
  type TicketGlobalDraft,
} from '../calc/global.ts';
import {
  CONCEPTO_GLOBAL,
  METODO_PAGO,
  NOMBRE_PUBLICO_EN_GENERAL,
  RFC_GENERICO,
  TIPO_DE_COMPROBANTE,
} from '../catalogos.ts';
import {
  buildComprobanteConConceptos,
  type BuildContext,
  type EmisorDraft,
  type ResultadoBuild,
} from './nodos/index.ts';

export type { TicketGlobalDraft } from '../calc/global.ts';

export interface GlobalDraft {
  serie?: string;
  folio?: string;
  /** Form of payment of the largest ticket (SAT global guide); never 99 (PUE). */
  formaPago: string;
  moneda: string;
  tipoCambio?: string;
  lugarExpedicion: string;
  emisor: EmisorDraft;
  /** c_Periodicidad: 04 mensual; 05 bimestral only for régimen 621. */
  periodicidad: string;
  /** c_Meses: 01–12, or 13–18 with periodicidad 05. */
  meses: string;
  año: string;
  tickets: readonly TicketGlobalDraft[];
}

/**
 * Factura global (rules 8): InformacionGlobal, receptor PUBLICO EN GENERAL (RFC XAXX010101000, 616,
 * S01, DomicilioFiscalReceptor = LugarExpedicion), PUE, one concepto per ticket with 01010101 / ACT /
 * 1 / "Venta" / NoIdentificacion = folio de venta, the taxes by largest remainder (calc/global.ts).
 * Errors are named after the draft (`tickets[3].subtotal`); validateComprobante checks the rest.
 */
export function buildGlobal(draft: GlobalDraft, ctx: BuildContext): ResultadoBuild {
  const errores = erroresDeTickets(draft.tickets);
  if (errores.length > 0) return { ok: false, errores };
  // A global invoice is a CFDI de Ingreso (Anexo 20, InformacionGlobal; Guía de llenado, factura global).
  const r = buildComprobanteConConceptos(
    TIPO_DE_COMPROBANTE.INGRESO,
    {
      ...(draft.serie !== undefined ? { serie: draft.serie } : {}),
      ...(draft.folio !== undefined ? { folio: draft.folio } : {}),
      formaPago: draft.formaPago,
      metodoPago: METODO_PAGO.PUE,
      moneda: draft.moneda,
      ...(draft.tipoCambio !== undefined ? { tipoCambio: draft.tipoCambio } : {}),
      lugarExpedicion: draft.lugarExpedicion,
      emisor: draft.emisor,
      receptor: { rfc: RFC_GENERICO.PUBLICO_EN_GENERAL, nombre: NOMBRE_PUBLICO_EN_GENERAL },
      informacionGlobal: { Periodicidad: draft.periodicidad, Meses: draft.meses, Año: draft.año },
      conceptos: draft.tickets.map((t) => ({
        ...conceptoDeTicket(t),
        claveProdServ: CONCEPTO_GLOBAL.ClaveProdServ,
        noIdentificacion: t.folioVenta.trim(),
        claveUnidad: CONCEPTO_GLOBAL.ClaveUnidad,
        descripcion: CONCEPTO_GLOBAL.Descripcion,
      })),
    },
    ctx,
  );
  return r.ok ? r : { ok: false, errores: erroresDeGlobal(r.errores) };
}
