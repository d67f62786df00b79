import type { ImpuestoDraft } from '../calc/types.ts';
import {
  CONCEPTO_GLOBAL,
  METODO_PAGO,
  NOMBRE_PUBLICO_EN_GENERAL,
  OBJETO_IMP,
  RFC_GENERICO,
} from '../catalogos.ts';
import {
  buildIngreso,
  type BuildContext,
  type EmisorDraft,
  type ResultadoBuild,
} from './build-ingreso.ts';

/** One ticket (comprobante de operaciones con el público en general) of the period. */
export interface TicketGlobalDraft {
  /** Folio de venta / número de operación → NoIdentificacion. */
  folioVenta: string;
  /** Ticket amount before taxes → ValorUnitario and Importe. */
  subtotal: string;
  /** Ticket discount amount, if any. */
  descuento?: string;
  impuestos?: readonly ImpuestoDraft[];
}

export interface GlobalDraft {
  serie?: string;
  folio?: string;
  /** Form of payment of the largest ticket (SAT global guide). */
  formaPago: string;
  moneda: string;
  tipoCambio?: string;
  lugarExpedicion: string;
  emisor: EmisorDraft;
  periodicidad: string;
  meses: string;
  año: string;
  tickets: readonly TicketGlobalDraft[];
}

/** Factura global (rules 8): InformacionGlobal, receptor PUBLICO EN GENERAL, one concepto per ticket. */
export function buildGlobal(draft: GlobalDraft, ctx: BuildContext): ResultadoBuild {
  return buildIngreso(
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
        claveProdServ: CONCEPTO_GLOBAL.ClaveProdServ,
        noIdentificacion: t.folioVenta,
        cantidad: CONCEPTO_GLOBAL.Cantidad,
        claveUnidad: CONCEPTO_GLOBAL.ClaveUnidad,
        descripcion: CONCEPTO_GLOBAL.Descripcion,
        valorUnitario: t.subtotal,
        ...(t.descuento !== undefined && t.descuento !== ''
          ? { descuento: { tipo: 'importe' as const, valor: t.descuento } }
          : {}),
        objetoImp:
          t.impuestos && t.impuestos.length > 0 ? OBJETO_IMP.SI_OBJETO : OBJETO_IMP.NO_OBJETO,
        impuestos: t.impuestos ?? [],
      })),
    },
    ctx,
  );
}
