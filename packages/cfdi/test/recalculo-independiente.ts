/**
 * An independent recomputation of every amount of a CFDI de Ingreso from its draft, with decimal.js
 * only (not the engine's fixed-point code): what a reviewer with the rules document and a calculator
 * would check. Answers the list of differences (empty = every amount agrees).
 */
import Decimal from 'decimal.js';
import type { ImpuestoDraft } from '../src/calc/types.ts';
import type { IngresoDraft } from '../src/xml/build-ingreso.ts';
import type { Comprobante, Traslado } from '../src/xml/model.ts';

const D = 2;
const r2 = (x: Decimal) => x.toDecimalPlaces(D, Decimal.ROUND_HALF_UP);
const piso = (x: Decimal) => x.toDecimalPlaces(D, Decimal.ROUND_FLOOR);
const techo = (x: Decimal) => x.toDecimalPlaces(D, Decimal.ROUND_CEIL);
const cero = new Decimal(0);

export function recalcular(draft: IngresoDraft, c: Comprobante): string[] {
  const dif: string[] = [];
  const igual = (donde: string, escrito: string | undefined, esperado: Decimal | undefined) => {
    const e = esperado === undefined ? undefined : esperado.toFixed(D);
    if (escrito !== e) dif.push(`${donde}: escrito ${escrito ?? '—'}, esperado ${e ?? '—'}`);
  };
  let subTotal = cero;
  let descuentos = cero;
  let hayDescuento = false;
  const grupos = new Map<string, { exacto: Decimal; escrito: Decimal; base: Decimal }>();
  const retenidos = new Map<string, Decimal>();
  const locales = new Map<string, { signo: number; tasa: Decimal; base: Decimal }>();

  draft.conceptos.forEach((d, i) => {
    const k = c.Conceptos[i]!;
    const f = `Conceptos[${i}]`;
    const importe = r2(new Decimal(d.cantidad).times(d.valorUnitario));
    igual(`${f}.Importe`, k.Importe, importe);
    let desc = cero;
    if (d.descuento)
      desc =
        d.descuento.tipo === 'porcentaje'
          ? r2(importe.times(d.descuento.valor).dividedBy(100))
          : new Decimal(d.descuento.valor);
    igual(`${f}.Descuento`, k.Descuento, desc.greaterThan(0) ? desc : undefined);
    if (desc.greaterThan(0)) hayDescuento = true;
    subTotal = subTotal.plus(importe);
    descuentos = descuentos.plus(desc);
    const base = importe.minus(desc);

    const lineas = (d.impuestos ?? []) as ImpuestoDraft[];
    const escrita = (l: ImpuestoDraft): Traslado | undefined =>
      (l.tipo === 'traslado' ? k.Impuestos?.Traslados : k.Impuestos?.Retenciones)?.find(
        (t) => t.Impuesto === l.impuesto,
      );
    // IEPS first: its written amount enters the IVA base (LIVA art. 18, decision 006).
    let ieps = cero;
    const orden = [...lineas].sort(
      (a, b) => Number(b.impuesto === '003') - Number(a.impuesto === '003'),
    );
    for (const l of orden) {
      const t = escrita(l);
      const g = `${f}.${l.tipo} ${l.impuesto} ${l.tipoFactor}`;
      if (!t) {
        dif.push(`${g}: falta`);
        continue;
      }
      let b = base;
      if (l.tipoFactor === 'Cuota') b = new Decimal(l.unidades ?? d.cantidad);
      else if (l.impuesto === '002' && d.ivaSobreIeps !== false) b = base.plus(ieps);
      if (!new Decimal(t.Base).equals(b)) dif.push(`${g}.Base: ${t.Base} ≠ ${b.toFixed()}`);
      if (l.tipoFactor === 'Exento') {
        if (t.TasaOCuota !== undefined || t.Importe !== undefined)
          dif.push(`${g}: exento con tasa`);
        continue;
      }
      const tasa = new Decimal(l.tasaOCuota!);
      if (t.TasaOCuota !== tasa.toFixed(6)) dif.push(`${g}.TasaOCuota: ${t.TasaOCuota}`);
      const exacto = b.times(tasa);
      const imp = new Decimal(t.Importe ?? 'NaN');
      if (!(imp.equals(piso(exacto)) || imp.equals(techo(exacto))))
        dif.push(`${g}.Importe ${t.Importe} fuera de [${piso(exacto)}, ${techo(exacto)}]`);
      if (l.tipo === 'traslado' && l.impuesto === '003') ieps = ieps.plus(imp);
      const clave = `${l.tipo}|${l.impuesto}|${l.tipoFactor}|${tasa.toFixed(6)}`;
      const acc = grupos.get(clave) ?? { exacto: cero, escrito: cero, base: cero };
      grupos.set(clave, {
        exacto: acc.exacto.plus(exacto),
        escrito: acc.escrito.plus(imp),
        base: acc.base.plus(new Decimal(t.Base)),
      });
      if (l.tipo === 'retencion')
        retenidos.set(l.impuesto, (retenidos.get(l.impuesto) ?? cero).plus(imp));
    }
    for (const l of d.impuestosLocales ?? []) {
      const tasa = new Decimal(l.tasa).toDecimalPlaces(2);
      const clave = `${l.tipo}|${l.nombre}|${tasa.toFixed(2)}`;
      const acc = locales.get(clave) ?? { signo: l.tipo === 'traslado' ? 1 : -1, tasa, base: cero };
      locales.set(clave, { ...acc, base: acc.base.plus(base) });
    }
  });

  igual('SubTotal', c.SubTotal, subTotal);
  igual('Descuento', c.Descuento, hayDescuento ? descuentos : undefined);
  // Largest remainder: each group adds up to the rounding of its exact total (rules 2.9).
  let totalTras = cero;
  let hayTasa = false;
  for (const [clave, g] of grupos) {
    if (!g.escrito.equals(r2(g.exacto)))
      dif.push(`grupo ${clave}: ${g.escrito.toFixed()} ≠ R(${g.exacto.toFixed()})`);
    if (clave.startsWith('traslado')) {
      hayTasa = true;
      totalTras = totalTras.plus(g.escrito);
      const [, impuesto, factor, tasa] = clave.split('|');
      const s = c.Impuestos?.Traslados?.find(
        (t) => t.Impuesto === impuesto && t.TipoFactor === factor && t.TasaOCuota === tasa,
      );
      igual(`resumen ${clave}.Base`, s?.Base, g.base);
      igual(`resumen ${clave}.Importe`, s?.Importe, g.escrito);
    }
  }
  let totalRet = cero;
  for (const [impuesto, v] of retenidos) {
    totalRet = totalRet.plus(v);
    igual(
      `resumen retención ${impuesto}`,
      c.Impuestos?.Retenciones?.find((x) => x.Impuesto === impuesto)?.Importe,
      v,
    );
  }
  igual(
    'TotalImpuestosTrasladados',
    c.Impuestos?.TotalImpuestosTrasladados,
    hayTasa ? totalTras : undefined,
  );
  igual(
    'TotalImpuestosRetenidos',
    c.Impuestos?.TotalImpuestosRetenidos,
    retenidos.size ? totalRet : undefined,
  );
  let lt = cero;
  let lr = cero;
  for (const g of locales.values()) {
    const v = r2(g.base.times(g.tasa).dividedBy(100));
    if (g.signo > 0) lt = lt.plus(v);
    else lr = lr.plus(v);
  }
  const il = c.Complemento?.ImpuestosLocales;
  igual('TotaldeTraslados', il?.TotaldeTraslados, locales.size ? lt : undefined);
  igual('TotaldeRetenciones', il?.TotaldeRetenciones, locales.size ? lr : undefined);
  igual(
    'Total',
    c.Total,
    subTotal.minus(descuentos).plus(totalTras).minus(totalRet).plus(lt).minus(lr),
  );
  return dif;
}
