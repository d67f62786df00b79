import {
  claveGrupo,
  decimalesDe,
  type DoctoCalculado,
  type DocumentoPagadoDraft,
} from '../calc/pagos20.ts';
import { importeMinimoDeGrupo } from '../calc/pagos20-minimo.ts';
import type { ErrorCalculo } from '../calc/types.ts';
import { conMiles, Decimal, formatear } from '../decimal.ts';

const IMPUESTOS: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

/** A tax group as a user reads it: "IVA exento", "IVA trasladado 16 %", "IEPS cuota 0.3521". */
export function nombreGrupo(g: DocumentoPagadoDraft['impuestos'][number]): string {
  const impuesto = IMPUESTOS[g.Impuesto] ?? g.Impuesto;
  const dir = g.tipo === 'retencion' ? 'retenido' : 'trasladado';
  if (g.TipoFactor === 'Exento') return `${impuesto} exento`;
  const t = new Decimal(g.TasaOCuota ?? '0');
  if (g.TipoFactor === 'Cuota') return `${impuesto} ${dir} (cuota ${t.toFixed()})`;
  return `${impuesto} ${dir} ${t.times(100).toFixed()} %`;
}

export function nombreDocumento(doc: DocumentoPagadoDraft): string {
  return doc.Serie && doc.Folio ? `${doc.Serie}-${doc.Folio}` : (doc.Folio ?? doc.IdDocumento);
}

/**
 * The invoice's tax groups this payment does not carry, in words. A group whose share of the payment
 * rounds to no base has no TrasladoDR/RetencionDR: the SAT refuses BaseDR 0 (CRP20249, CRP20255) and
 * asks ImpuestosDR only as a node when ObjetoImpDR is 02 (CRP20246), "conforme al monto del pago"
 * (Guía de llenado Pagos 2.0, ImpuestosDR); no rule asks every group of the invoice in each payment.
 * So the payment is valid, and the cumulative computation gives that share to the next payment
 * (rules 7.5); the user is told which group and the least amount that would carry it now.
 */
export function gruposNoLlevados(
  docs: readonly DocumentoPagadoDraft[],
  calculados: readonly DoctoCalculado[],
): ErrorCalculo[] {
  const avisos: ErrorCalculo[] = [];
  docs.forEach((doc, i) => {
    const c = calculados[i]!;
    const llevados = new Set(
      [
        ...c.TrasladosDR.map((l) => ({ tipo: 'traslado' as const, l })),
        ...c.RetencionesDR.map((l) => ({ tipo: 'retencion' as const, l })),
      ].map(({ tipo, l }) =>
        claveGrupo({
          tipo,
          Impuesto: l.ImpuestoDR,
          TipoFactor: l.TipoFactorDR,
          ...(l.TasaOCuotaDR !== undefined ? { TasaOCuota: l.TasaOCuotaDR } : {}),
        }),
      ),
    );
    // Every group missing: refused elsewhere (CRP20246), not a notice.
    if (llevados.size === 0) return;
    const d = decimalesDe(doc.MonedaDR, doc.decimalesDR);
    for (const g of doc.impuestos) {
      if (llevados.has(claveGrupo(g))) continue;
      const minimo = importeMinimoDeGrupo(doc, g);
      avisos.push({
        field: `pago.documentos[${i}].ImpPagado`,
        message:
          `Este pago no lleva el ${nombreGrupo(g)} de la factura ${nombreDocumento(doc)}: su parte del pago no llega a un centavo de base y el SAT no acepta una base de cero; la llevará el siguiente pago.` +
          (minimo === null
            ? ''
            : ` Para llevarlo en éste, aplique al menos $ ${conMiles(formatear(minimo, d))} ${doc.MonedaDR}.`),
      });
    }
  });
  return avisos;
}
