import { conceptosDeNotaCredito, type AjusteNotaCredito } from '../calc/nota-credito.ts';
import { localesPorConcepto } from '../calc/locales-por-concepto.ts';
import { impuestosPagados, type ImpuestoPrevio } from '../calc/impuestos-relacionados.ts';
import type { ConceptoCalculado, ErrorCalculo, TotalesCalculados } from '../calc/types.ts';
import { conMiles, Decimal, decimalesEscritos, formatear } from '../decimal.ts';
import { METODO_PAGO, RFC_GENERICO, TIPO_DE_COMPROBANTE, USO_CFDI } from '../catalogos.ts';
import type { FacturaAcreditada } from './factura-acreditada.ts';
import type { Comprobante } from './model.ts';
import {
  buildComprobanteConConceptos,
  type BuildContext,
  type ConceptoIngresoDraft,
  type EmisorDraft,
  type ReceptorDraft,
} from './nodos/index.ts';

function esRfcGenerico(rfc: string): boolean {
  const r = rfc.trim().toUpperCase();
  return r === RFC_GENERICO.PUBLICO_EN_GENERAL || r === RFC_GENERICO.EXTRANJERO;
}

/** The draft of a credit note (CFDI de egreso): the invoices it relates and what it gives back. */
export interface NotaCreditoDraft {
  serie?: string;
  folio?: string;
  lugarExpedicion: string;
  emisor: EmisorDraft;
  /** UsoCFDI is always G02 (devoluciones, descuentos o bonificaciones). */
  receptor: Omit<ReceptorDraft, 'usoCfdi'>;
  /** The form of payment of the original invoice, or 15 (condonación), 17 (compensación)… never 99. */
  formaPago: string;
  moneda: string;
  tipoCambio?: string;
  facturas: readonly FacturaAcreditada[];
  ajuste: AjusteNotaCredito;
  /** Why it is issued ("Descuento por pronto pago"): it leads each concepto's Descripcion. */
  motivo?: string;
}

export type ResultadoBuildNotaCredito =
  | {
      ok: true;
      comprobante: Comprobante;
      totales: TotalesCalculados;
      /** What the note takes off each related invoice (its share of the Total), in `facturas` order. */
      aplicado: string[];
      /**
       * The taxes of each invoice's share per group (claveGrupo), in `facturas` order: a PPD
       * invoice's payments carry what its notes did not, so its last payment closes every tax.
       */
      impuestosAplicados: ImpuestoPrevio[][];
    }
  | { ok: false; errores: ErrorCalculo[] };

/** The reason, when given, leads each concepto's description: the printed note says why. */
function conMotivo(conceptos: ConceptoIngresoDraft[], motivo: string | undefined) {
  const m = motivo?.trim().replace(/[.\s]+$/, '');
  return m ? conceptos.map((c) => ({ ...c, descripcion: `${m}. ${c.descripcion}` })) : conceptos;
}

/** A concepto's share of the Total: Importe − Descuento + its transferred − its withheld taxes. */
function totalDeConcepto(c: ConceptoCalculado): Decimal {
  let t = new Decimal(c.Importe).minus(c.Descuento ?? '0');
  for (const x of c.Traslados) t = t.plus(x.Importe ?? '0');
  for (const x of c.Retenciones) t = t.minus(x.Importe ?? '0');
  return t;
}

/** A concepto's tax lines as Pagos 2.0 names them, to be added up per group (impuestosPagados). */
function comoLineasDR(c: ConceptoCalculado) {
  const dr = (l: ConceptoCalculado['Traslados'][number]) => ({
    BaseDR: l.Base,
    ImpuestoDR: l.Impuesto,
    TipoFactorDR: l.TipoFactor,
    ...(l.TasaOCuota !== undefined ? { TasaOCuotaDR: l.TasaOCuota } : {}),
    ...(l.Importe !== undefined ? { ImporteDR: l.Importe } : {}),
  });
  return {
    ImpuestosDR: { TrasladosDR: c.Traslados.map(dr), RetencionesDR: c.Retenciones.map(dr) },
  };
}

/**
 * A CFDI de egreso (tipo E) that credits stamped invoices, unsigned. Anexo 20 and its Guía de llenado:
 * CfdiRelacionados with TipoRelacion 01 (nota de crédito de los documentos relacionados) or 03
 * (devolución de mercancía sobre facturas o traslados previos); UsoCFDI G02; MetodoPago PUE (the
 * Guía: a egreso is settled when issued); FormaPago that of the original (never 99); Exportacion 01;
 * ObjetoImp and taxes of each original line. Refused, in words, when it would credit more than
 * what remains of any invoice.
 */
export function buildNotaCredito(
  draft: NotaCreditoDraft,
  ctx: BuildContext,
): ResultadoBuildNotaCredito {
  const r = conceptosDeNotaCredito(draft.facturas, draft.moneda, draft.ajuste);
  if (!r.ok) return r;
  if (draft.formaPago.trim() === '99')
    return {
      ok: false,
      errores: [
        {
          field: 'formaPago',
          message:
            'La forma de pago de una nota de crédito es la de la factura (o 15 condonación, 17 compensación…), nunca 99.',
        },
      ],
    };
  const built = buildComprobanteConConceptos(
    TIPO_DE_COMPROBANTE.EGRESO,
    {
      ...(draft.serie ? { serie: draft.serie } : {}),
      ...(draft.folio ? { folio: draft.folio } : {}),
      formaPago: draft.formaPago,
      metodoPago: METODO_PAGO.PUE,
      moneda: draft.moneda,
      ...(draft.facturas[0]!.decimales !== undefined
        ? { decimales: draft.facturas[0]!.decimales }
        : {}),
      ...(draft.tipoCambio ? { tipoCambio: draft.tipoCambio } : {}),
      lugarExpedicion: draft.lugarExpedicion,
      emisor: draft.emisor,
      receptor: {
        ...draft.receptor,
        // A generic RFC's uso is S01 (Guía de llenado del Anexo 20), which buildReceptor puts.
        ...(esRfcGenerico(draft.receptor.rfc)
          ? {}
          : { usoCfdi: USO_CFDI.DEVOLUCIONES_DESCUENTOS_BONIFICACIONES }),
      },
      cfdiRelacionados: [
        { tipoRelacion: r.nota.tipoRelacion, uuids: draft.facturas.map((f) => f.uuid) },
      ],
      conceptos: conMotivo(r.nota.conceptos, draft.motivo),
    },
    ctx,
  );
  if (!built.ok) return built;
  const aplicado = draft.facturas.map(() => new Decimal(0));
  const lineas = draft.facturas.map(() => [] as ReturnType<typeof comoLineasDR>[]);
  // Each line's share of the note's local taxes (largest remainder, as the document adds them up).
  const locales = localesPorConcepto(r.nota.conceptos, built.totales.conceptos);
  built.totales.conceptos.forEach((c, i) => {
    const f = r.nota.origen[i]!;
    aplicado[f] = locales[i]!.reduce(
      (t, l) => (l.tipo === 'traslado' ? t.plus(l.importe) : t.minus(l.importe)),
      aplicado[f]!.plus(totalDeConcepto(c)),
    );
    lineas[f]!.push(comoLineasDR(c));
  });
  const errores: ErrorCalculo[] = [];
  draft.facturas.forEach((f, i) => {
    if (aplicado[i]!.greaterThan(f.restante))
      errores.push({
        field:
          draft.ajuste.tipo === 'devolucion' ? 'ajuste.partidas' : `ajuste.${draft.ajuste.tipo}`,
        message: `La nota de crédito ($ ${conMiles(formatear(aplicado[i]!, r.decimales))}) es mayor que lo que queda de la factura ${f.nombre} ($ ${conMiles(formatear(new Decimal(f.restante), r.decimales))}).`,
      });
  });
  if (errores.length) return { ok: false, errores };
  return {
    ...built,
    aplicado: aplicado.map((x) => formatear(x, r.decimales)),
    impuestosAplicados: lineas.map((l) => impuestosPagados(l)),
  };
}

/** A credit note's amounts before it is stamped (the form's live preview). */
export interface VistaPreviaNotaCredito {
  moneda: string;
  subtotal: string;
  descuento: string | null;
  traslados: {
    impuesto: string;
    tipoFactor: string;
    tasaOCuota: string | null;
    base: string;
    importe: string | null;
  }[];
  retenciones: { impuesto: string; importe: string }[];
  /** Its local taxes (implocal), those of the invoice at its rates. */
  locales: { tipo: 'traslado' | 'retencion'; nombre: string; tasa: string; importe: string }[];
  total: string;
  /** What it takes off each invoice and what would remain of it, in `facturas` order. */
  facturas: { aplicado: string; restante: string }[];
}

/**
 * The amounts the note would have, computed by buildNotaCredito itself (no second calculation):
 * SubTotal, Descuento, the comprobante's tax summary and Total, and each invoice's share and what
 * would remain of it. Refused as buildNotaCredito refuses.
 */
export function vistaPreviaNotaCredito(
  draft: NotaCreditoDraft,
  ctx: BuildContext,
): { ok: true; vista: VistaPreviaNotaCredito } | { ok: false; errores: ErrorCalculo[] } {
  const r = buildNotaCredito(draft, ctx);
  if (!r.ok) return r;
  const c = r.comprobante;
  const d = draft.facturas[0]!.decimales ?? decimalesEscritos(c.Total);
  return {
    ok: true,
    vista: {
      moneda: c.Moneda,
      subtotal: c.SubTotal,
      descuento: c.Descuento ?? null,
      traslados: (c.Impuestos?.Traslados ?? []).map((t) => ({
        impuesto: t.Impuesto,
        tipoFactor: t.TipoFactor,
        tasaOCuota: t.TasaOCuota ?? null,
        base: t.Base,
        importe: t.Importe ?? null,
      })),
      retenciones: (c.Impuestos?.Retenciones ?? []).map((x) => ({
        impuesto: x.Impuesto,
        importe: x.Importe,
      })),
      locales: [
        ...(r.totales.ImpuestosLocales?.TrasladosLocales ?? []).map((l) => ({
          tipo: 'traslado' as const,
          ...l,
        })),
        ...(r.totales.ImpuestosLocales?.RetencionesLocales ?? []).map((l) => ({
          tipo: 'retencion' as const,
          ...l,
        })),
      ].map(({ tipo, nombre, tasa, importe }) => ({ tipo, nombre, tasa, importe })),
      total: c.Total,
      facturas: draft.facturas.map((f, i) => ({
        aplicado: r.aplicado[i]!,
        restante: formatear(new Decimal(f.restante).minus(r.aplicado[i]!), d),
      })),
    },
  };
}
