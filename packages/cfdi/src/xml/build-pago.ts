import { calcularPago20, decimalesDe, type DocumentoPagadoDraft } from '../calc/pagos20.ts';
import { importeMinimoConImpuestos } from '../calc/pagos20-minimo.ts';
import type { ErrorCalculo } from '../calc/types.ts';
import { conMiles, Decimal, formatear } from '../decimal.ts';
import { CONCEPTO_PAGO, EXPORTACION, MONEDA, TIPO_DE_COMPROBANTE, USO_CFDI } from '../catalogos.ts';
import {
  buildEmisor,
  buildReceptor,
  type BuildContext,
  type EmisorDraft,
  type ReceptorDraft,
} from './nodos/index.ts';
import type { Comprobante, Pago } from './model.ts';
import { gruposNoLlevados } from './pago-avisos.ts';
import { normalizarTexto } from './texto.ts';

export interface PagoBancarioDraft {
  numOperacion?: string;
  rfcEmisorCtaOrd?: string;
  nomBancoOrdExt?: string;
  ctaOrdenante?: string;
  rfcEmisorCtaBen?: string;
  ctaBeneficiario?: string;
  tipoCadPago?: string;
  certPago?: string;
  cadPago?: string;
  selloPago?: string;
}

export interface PagoDraft20 extends PagoBancarioDraft {
  /** When the money was received, `AAAA-MM-DDThh:mm:ss`. */
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  decimalesP?: number;
  /** Required unless MXN (then written as 1). */
  tipoCambioP?: string;
  /** The amount received in monedaP; the minimum the documents need when absent (rules 7.6). */
  monto?: string;
  documentos: readonly DocumentoPagadoDraft[];
}

export interface PagoComprobanteDraft {
  serie?: string;
  folio?: string;
  lugarExpedicion: string;
  emisor: EmisorDraft;
  /** UsoCFDI is always CP01. */
  receptor: ReceptorDraft;
  pago: PagoDraft20;
}

export type ResultadoBuildPago =
  | {
      ok: true;
      comprobante: Comprobante;
      /** What the user should know of a valid payment: a tax group it does not carry (gruposNoLlevados). */
      avisos: ErrorCalculo[];
    }
  | { ok: false; errores: ErrorCalculo[] };

/**
 * A payment so small that its share of every tax group of the invoice rounds to no base: the SAT
 * refuses an invoice with taxes related without its ImpuestosDR (CRP20246), so it is refused here,
 * in words, with the least amount that carries them.
 */
function sinImpuestos(doc: DocumentoPagadoDraft): string {
  const nombre =
    doc.Serie && doc.Folio ? `${doc.Serie}-${doc.Folio}` : (doc.Folio ?? doc.IdDocumento);
  const minimo = importeMinimoConImpuestos(doc);
  const d = decimalesDe(doc.MonedaDR, doc.decimalesDR);
  return (
    `El importe aplicado a la factura ${nombre} es tan pequeño que su parte de los impuestos no llega a un centavo, y el SAT no acepta el pago de una factura con impuestos sin ellos.` +
    (minimo === null
      ? ''
      : ` Aplique al menos $ ${conMiles(formatear(minimo, d))} ${doc.MonedaDR}.`)
  );
}

/** CFDI de pago (tipo P) with the Pagos 2.0 complement (rules 7). */
export function buildPago(draft: PagoComprobanteDraft, ctx: BuildContext): ResultadoBuildPago {
  const p = draft.pago;
  const errores: ErrorCalculo[] = [];
  if (p.formaDePagoP === '99')
    errores.push({
      field: 'pago.formaDePagoP',
      message: 'La forma de pago de un complemento de pago no puede ser 99.',
    });
  if (p.monedaP === MONEDA.SIN_MONEDA)
    errores.push({ field: 'pago.monedaP', message: 'La moneda del pago no puede ser XXX.' });
  if (p.monedaP !== MONEDA.MXN && !p.tipoCambioP)
    errores.push({ field: 'pago.tipoCambioP', message: 'Indique el tipo de cambio del pago.' });
  if (p.documentos.length === 0)
    errores.push({ field: 'pago.documentos', message: 'Relacione al menos una factura pagada.' });
  p.documentos.forEach((d, i) => {
    if (!/^\d+(\.\d+)?$/.test(d.ImpPagado) || /^0+(\.0+)?$/.test(d.ImpPagado))
      errores.push({
        field: `pago.documentos[${i}].ImpPagado`,
        message: 'El importe pagado debe ser mayor que cero.',
      });
  });
  if (errores.length) return { ok: false, errores };
  let calc;
  try {
    calc = calcularPago20({
      MonedaP: p.monedaP,
      ...(p.decimalesP !== undefined ? { decimalesP: p.decimalesP } : {}),
      TipoCambioP: p.monedaP === MONEDA.MXN ? '1' : p.tipoCambioP!,
      ...(p.monto !== undefined ? { Monto: p.monto } : {}),
      documentos: p.documentos,
    });
  } catch (e) {
    return { ok: false, errores: [{ field: 'pago', message: (e as Error).message }] };
  }
  calc.doctos.forEach((d, i) => {
    if (d.ImpSaldoInsoluto.startsWith('-'))
      errores.push({
        field: `pago.documentos[${i}].ImpPagado`,
        message: 'El importe pagado no puede ser mayor que el saldo de la factura.',
      });
    else if (d.ObjetoImpDR === '02' && d.RetencionesDR.length + d.TrasladosDR.length === 0)
      errores.push({
        field: `pago.documentos[${i}].ImpPagado`,
        message: sinImpuestos(p.documentos[i]!),
      });
  });
  if (p.monto !== undefined && new Decimal(p.monto).lessThan(calc.MontoMinimo))
    errores.push({
      field: 'pago.monto',
      message: `El monto del pago no alcanza para lo aplicado a las facturas (mínimo ${calc.MontoMinimo} ${p.monedaP}).`,
    });
  if (errores.length) return { ok: false, errores };

  const bancarios: Partial<Pago> = {};
  const campos: [keyof PagoBancarioDraft, keyof Pago][] = [
    ['numOperacion', 'NumOperacion'],
    ['rfcEmisorCtaOrd', 'RfcEmisorCtaOrd'],
    ['nomBancoOrdExt', 'NomBancoOrdExt'],
    ['ctaOrdenante', 'CtaOrdenante'],
    ['rfcEmisorCtaBen', 'RfcEmisorCtaBen'],
    ['ctaBeneficiario', 'CtaBeneficiario'],
    ['tipoCadPago', 'TipoCadPago'],
    ['certPago', 'CertPago'],
    ['cadPago', 'CadPago'],
    ['selloPago', 'SelloPago'],
  ];
  for (const [from, to] of campos) {
    const v = p[from];
    if (v !== undefined && normalizarTexto(v) !== '')
      (bancarios as Record<string, string>)[to] = normalizarTexto(v);
  }
  const pago: Pago = {
    FechaPago: p.fechaPago,
    FormaDePagoP: p.formaDePagoP,
    MonedaP: calc.MonedaP,
    TipoCambioP: calc.TipoCambioP,
    Monto: calc.Monto,
    ...bancarios,
    DoctoRelacionado: calc.doctos.map((d) => ({
      IdDocumento: d.IdDocumento.toUpperCase(),
      ...(d.Serie !== undefined ? { Serie: d.Serie } : {}),
      ...(d.Folio !== undefined ? { Folio: d.Folio } : {}),
      MonedaDR: d.MonedaDR,
      EquivalenciaDR: d.EquivalenciaDR,
      NumParcialidad: d.NumParcialidad,
      ImpSaldoAnt: d.ImpSaldoAnt,
      ImpPagado: d.ImpPagado,
      ImpSaldoInsoluto: d.ImpSaldoInsoluto,
      ObjetoImpDR: d.ObjetoImpDR,
      ...(d.RetencionesDR.length + d.TrasladosDR.length > 0
        ? {
            ImpuestosDR: {
              ...(d.RetencionesDR.length
                ? {
                    RetencionesDR: d.RetencionesDR.map((r) => ({
                      ...r,
                      TasaOCuotaDR: r.TasaOCuotaDR!,
                      ImporteDR: r.ImporteDR!,
                    })),
                  }
                : {}),
              ...(d.TrasladosDR.length ? { TrasladosDR: d.TrasladosDR } : {}),
            },
          }
        : {}),
    })),
    ...(calc.RetencionesP.length + calc.TrasladosP.length > 0
      ? {
          ImpuestosP: {
            ...(calc.RetencionesP.length ? { RetencionesP: calc.RetencionesP } : {}),
            ...(calc.TrasladosP.length ? { TrasladosP: calc.TrasladosP } : {}),
          },
        }
      : {}),
  };
  const comprobante: Comprobante = {
    Version: '4.0',
    ...(draft.serie ? { Serie: normalizarTexto(draft.serie) } : {}),
    ...(draft.folio ? { Folio: normalizarTexto(draft.folio) } : {}),
    Fecha: ctx.fecha,
    ...(ctx.noCertificado ? { NoCertificado: ctx.noCertificado } : {}),
    SubTotal: '0',
    Moneda: MONEDA.SIN_MONEDA,
    Total: '0',
    TipoDeComprobante: TIPO_DE_COMPROBANTE.PAGO,
    Exportacion: EXPORTACION.NO_APLICA,
    LugarExpedicion: draft.lugarExpedicion.trim(),
    Emisor: buildEmisor(draft.emisor),
    Receptor: {
      ...buildReceptor(draft.receptor, draft.lugarExpedicion.trim(), USO_CFDI.PAGOS),
      UsoCFDI: USO_CFDI.PAGOS,
    },
    Conceptos: [{ ...CONCEPTO_PAGO }],
    Complemento: { Pagos: { Version: '2.0', Totales: calc.Totales, Pago: [pago] } },
  };
  return { ok: true, comprobante, avisos: gruposNoLlevados(p.documentos, calc.doctos) };
}
