import { ANTICIPO, conceptoDeAplicacion } from '../calc/anticipo.ts';
import { decimalesDeMoneda } from '../calc/lectura.ts';
import { impuestosPagados, type ImpuestoPrevio } from '../calc/impuestos-relacionados.ts';
import type { ErrorCalculo, TotalesCalculados } from '../calc/types.ts';
import { METODO_PAGO, RFC_GENERICO, TIPO_DE_COMPROBANTE, USO_CFDI } from '../catalogos.ts';
import { conMiles, Decimal, formatear } from '../decimal.ts';
import type { Comprobante } from './model.ts';
import {
  buildComprobanteConConceptos,
  type BuildContext,
  type ConceptoIngresoDraft,
  type EmisorDraft,
  type ReceptorDraft,
} from './nodos/index.ts';

/** The stamped advance invoice (step 1): its concepto read from its XML and what is not applied yet. */
export interface AnticipoAplicable {
  uuid: string;
  /** "A-7", for the messages. */
  nombre: string;
  moneda: string;
  decimales?: number;
  concepto: ConceptoIngresoDraft;
  /** Its base (before taxes) not yet applied by egresos in force. */
  restante: string;
}

/** The invoice for the operation's full value (step 2), which relates the advance with 07. */
export interface FacturaDelAnticipo {
  uuid: string;
  nombre: string;
  moneda: string;
  /** Its Total less the credit notes in force against it. */
  restante: string;
}

/** The egreso that applies an advance (step 3). */
export interface AplicacionAnticipoDraft {
  serie?: string;
  folio?: string;
  lugarExpedicion: string;
  emisor: EmisorDraft;
  /** UsoCFDI is G02 (a generic RFC keeps S01). */
  receptor: Omit<ReceptorDraft, 'usoCfdi'>;
  moneda: string;
  tipoCambio?: string;
  anticipo: AnticipoAplicable;
  factura: FacturaDelAnticipo;
  /** The advance applied, before taxes; all that remains of it when absent. */
  importe?: string;
}

export type ResultadoAplicacionAnticipo =
  | {
      ok: true;
      comprobante: Comprobante;
      totales: TotalesCalculados;
      /** The advance applied, before taxes. */
      base: string;
      /** Its taxes per group, as a PPD invoice's next payment closes them (Pagos 2.0). */
      impuestos: ImpuestoPrevio[];
    }
  | { ok: false; errores: ErrorCalculo[] };

const GENERICOS: readonly string[] = [RFC_GENERICO.PUBLICO_EN_GENERAL, RFC_GENERICO.EXTRANJERO];
const esGenerico = (rfc: string) => GENERICOS.includes(rfc.trim().toUpperCase());

/**
 * The CFDI de egreso that applies an advance (Anexo 20, Guía de llenado 4.0, Apéndice 6, scheme a):
 * TipoRelacion 07 relating the invoice of the full value, FormaPago 30 (aplicación de anticipos),
 * MetodoPago PUE, UsoCFDI G02, one concepto 84111506 / ACT / "Aplicación de anticipo" with the
 * advance's taxes. Unsigned. Refused, in words, when the invoice or the advance is in another
 * currency, when it applies more than what remains of the advance, or more than what remains of
 * the invoice.
 */
export function buildAplicacionAnticipo(
  draft: AplicacionAnticipoDraft,
  ctx: BuildContext,
): ResultadoAplicacionAnticipo {
  const { anticipo, factura } = draft;
  const errores: ErrorCalculo[] = [];
  for (const [doc, campo] of [
    [anticipo, 'anticipo'],
    [factura, 'factura'],
  ] as const)
    if (doc.moneda !== draft.moneda)
      errores.push({
        field: campo === 'anticipo' ? 'moneda' : 'factura_id',
        message: `El anticipo se aplica en la moneda de la factura ${doc.nombre} (${doc.moneda}), no en ${draft.moneda}.`,
      });
  const d = decimalesDeMoneda(
    {
      moneda: draft.moneda,
      conceptos: [],
      ...(anticipo.decimales !== undefined ? { decimales: anticipo.decimales } : {}),
    },
    errores,
  );
  if (errores.length || d === undefined) return { ok: false, errores };
  const base = draft.importe ?? anticipo.restante;
  const c = conceptoDeAplicacion(anticipo, base, d);
  if (!c.ok) return c;
  const built = buildComprobanteConConceptos(
    TIPO_DE_COMPROBANTE.EGRESO,
    {
      ...(draft.serie ? { serie: draft.serie } : {}),
      ...(draft.folio ? { folio: draft.folio } : {}),
      formaPago: ANTICIPO.formaPagoAplicacion,
      metodoPago: METODO_PAGO.PUE,
      moneda: draft.moneda,
      ...(anticipo.decimales !== undefined ? { decimales: anticipo.decimales } : {}),
      ...(draft.tipoCambio ? { tipoCambio: draft.tipoCambio } : {}),
      lugarExpedicion: draft.lugarExpedicion,
      emisor: draft.emisor,
      receptor: {
        ...draft.receptor,
        // A generic RFC's uso is S01 (CFDI40161), which buildReceptor puts.
        ...(esGenerico(draft.receptor.rfc)
          ? {}
          : { usoCfdi: USO_CFDI.DEVOLUCIONES_DESCUENTOS_BONIFICACIONES }),
      },
      cfdiRelacionados: [{ tipoRelacion: ANTICIPO.tipoRelacion, uuids: [factura.uuid] }],
      conceptos: [c.concepto],
    },
    ctx,
  );
  if (!built.ok) return built;
  if (new Decimal(built.comprobante.Total).greaterThan(factura.restante))
    return {
      ok: false,
      errores: [
        {
          field: 'importe',
          message: `La aplicación del anticipo ($ ${conMiles(built.comprobante.Total)}) es mayor que lo que queda de la factura ${factura.nombre} ($ ${conMiles(formatear(new Decimal(factura.restante), d))}).`,
        },
      ],
    };
  const dr = (l: TotalesCalculados['conceptos'][number]['Traslados'][number]) => ({
    BaseDR: l.Base,
    ImpuestoDR: l.Impuesto,
    TipoFactorDR: l.TipoFactor,
    ...(l.TasaOCuota !== undefined ? { TasaOCuotaDR: l.TasaOCuota } : {}),
    ...(l.Importe !== undefined ? { ImporteDR: l.Importe } : {}),
  });
  const impuestos = impuestosPagados(
    built.totales.conceptos.map((k) => ({
      ImpuestosDR: { TrasladosDR: k.Traslados.map(dr), RetencionesDR: k.Retenciones.map(dr) },
    })),
  );
  return { ...built, base: built.comprobante.SubTotal, impuestos };
}
