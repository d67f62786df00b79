import { calcularComprobante, localesPorConcepto } from '@repo/cfdi/calc';
import { Decimal, decimal, formatear } from '@repo/cfdi/decimal';
import type { Comprobante } from '@repo/cfdi/xml';
import type { FacturaDraft, PartidaDetail } from '@repo/contracts/facturas';
import { conceptoDraft, type ContextoFactura } from './factura-builder.ts';

/**
 * The draft's lines with their product's data and their amounts as the engine computes them; the
 * local taxes of the document are shared among its lines by the engine's localesPorConcepto, as the
 * form shows them.
 * `xml` (a stamped invoice's CFDI) gives the texts as invoiced.
 */
export function partidasDetalle(
  ctx: ContextoFactura,
  draft: FacturaDraft,
  xml: Comprobante | null,
): PartidaDetail[] {
  const conceptos = draft.partidas.map((p) => conceptoDraft(ctx, p));
  const calc = calcularComprobante({ moneda: draft.moneda, conceptos });
  const d = calc.ok ? calc.totales.decimales : 2;
  const cero = formatear(new Decimal(0), d);
  // The engine's one spread of the local taxes over the lines, the same the form shows.
  const localesPorLinea = calc.ok
    ? localesPorConcepto(conceptos, calc.totales.conceptos).map((ls) =>
        ls.reduce(
          (a, l) => (l.tipo === 'traslado' ? a.plus(l.importe) : a.minus(l.importe)),
          new Decimal(0),
        ),
      )
    : draft.partidas.map(() => new Decimal(0));
  return draft.partidas.map((p, i) => {
    const product = ctx.productos.get(p.product_service_id);
    const k = xml?.Conceptos[i];
    const cc = calc.ok ? calc.totales.conceptos[i] : undefined;
    const suma = (ls: readonly { Importe?: string }[] | undefined) =>
      (ls ?? []).reduce((a, l) => a.plus(decimal(l.Importe ?? '0')), new Decimal(0));
    const total = cc
      ? decimal(cc.BaseLocal)
          .plus(suma(cc.Traslados))
          .minus(suma(cc.Retenciones))
          .plus(localesPorLinea[i]!)
      : null;
    return {
      ...p,
      descripcion: k?.Descripcion ?? p.descripcion ?? product?.description ?? '',
      clave_unidad: k?.ClaveUnidad ?? p.clave_unidad ?? product?.unit_key ?? '',
      clave_prod_serv: k?.ClaveProdServ ?? product?.product_service_key ?? '',
      unidad_nombre: k?.Unidad ?? product?.unit_name ?? '',
      no_identificacion: k ? (k.NoIdentificacion ?? null) : (product?.internal_code ?? null),
      importe: cc?.Importe ?? cero,
      descuento_monto: cc?.Descuento ?? cero,
      importe_base: cc?.BaseLocal ?? cero,
      total: total ? formatear(total, d) : cero,
    };
  });
}
