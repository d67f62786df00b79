import { IMPUESTO } from '../catalogos.ts';
import { FIJO_CERO, fijo, fijoMas, fijoMenos, fijoTexto, type Fijo } from '../decimal.ts';
import { prepararConcepto, type ConceptoTrabajo } from './concepto.ts';
import { calcularLocales } from './impuestos-locales.ts';
import { decimalesDeMoneda } from './lectura.ts';
import { calcularLineas, lineaEscrita, resumirImpuestos } from './lineas-impuesto.ts';
import type { CalculoDraft, ConceptoCalculado, ErrorCalculo, ResultadoCalculo } from './types.ts';

/**
 * From a draft to every amount of the CFDI (rules 2.9): Importe, Descuento, tax bases and amounts
 * (largest remainder per group), the Impuestos summary, local taxes, SubTotal and Total, all as
 * decimal text with the currency's decimals. Browser-safe; never throws for user input.
 */
export function calcularComprobante(draft: CalculoDraft): ResultadoCalculo {
  const errores: ErrorCalculo[] = [];
  const d = decimalesDeMoneda(draft, errores);
  if (d === undefined) return { ok: false, errores };
  if (draft.conceptos.length === 0) {
    return {
      ok: false,
      errores: [{ field: 'conceptos', message: 'Agregue al menos un concepto.' }],
    };
  }
  const trabajo: ConceptoTrabajo[] = [];
  draft.conceptos.forEach((c, i) => {
    const t = prepararConcepto(c, i, d, errores);
    if (t) trabajo.push(t);
  });
  if (errores.length > 0) return { ok: false, errores };

  const todas = trabajo.flatMap((c) => c.lineas);
  // IEPS first: the IVA of a concepto with ivaSobreIeps includes it in its base.
  calcularLineas(
    todas.filter((l) => l.impuesto === IMPUESTO.IEPS),
    trabajo,
    d,
    errores,
    draft.redondeo === 'porLinea',
  );
  calcularLineas(
    todas.filter((l) => l.impuesto !== IMPUESTO.IEPS),
    trabajo,
    d,
    errores,
    draft.redondeo === 'porLinea',
  );
  if (errores.length > 0) return { ok: false, errores };

  const conceptos: ConceptoCalculado[] = trabajo.map((c) => {
    const out: ConceptoCalculado = {
      Cantidad: c.cantidad,
      ValorUnitario: c.valorUnitario,
      Importe: fijoTexto(c.importe, d),
      ObjetoImp: c.objetoImp,
      Traslados: [],
      Retenciones: [],
      BaseLocal: fijoTexto(fijoMenos(c.importe, c.descuento), d),
    };
    for (const l of c.lineas) {
      (l.tipo === 'traslado' ? out.Traslados : out.Retenciones).push(lineaEscrita(l, d));
    }
    if (c.descuento.n > 0) out.Descuento = fijoTexto(c.descuento, d);
    return out;
  });

  let subTotal: Fijo = FIJO_CERO;
  let descuento: Fijo = FIJO_CERO;
  let hayDescuento = false;
  for (const c of trabajo) {
    subTotal = fijoMas(subTotal, c.importe);
    if (c.descuento.n > 0) {
      hayDescuento = true;
      descuento = fijoMas(descuento, c.descuento);
    }
  }
  const impuestos = resumirImpuestos(trabajo, d);
  const locales = calcularLocales(draft, conceptos, d, errores);
  if (errores.length > 0) return { ok: false, errores };

  let total = fijoMenos(subTotal, descuento);
  if (impuestos?.TotalImpuestosTrasladados)
    total = fijoMas(total, fijo(impuestos.TotalImpuestosTrasladados));
  if (impuestos?.TotalImpuestosRetenidos)
    total = fijoMenos(total, fijo(impuestos.TotalImpuestosRetenidos));
  if (locales)
    total = fijoMenos(
      fijoMas(total, fijo(locales.TotaldeTraslados)),
      fijo(locales.TotaldeRetenciones),
    );
  if (total.n < 0) {
    return {
      ok: false,
      errores: [
        {
          field: 'total',
          message: 'El total no puede ser negativo: las retenciones exceden el importe.',
        },
      ],
    };
  }
  return {
    ok: true,
    totales: {
      decimales: d,
      conceptos,
      SubTotal: fijoTexto(subTotal, d),
      ...(hayDescuento ? { Descuento: fijoTexto(descuento, d) } : {}),
      ...(impuestos ? { Impuestos: impuestos } : {}),
      ...(locales ? { ImpuestosLocales: locales } : {}),
      Total: fijoTexto(total, d),
    },
  };
}
