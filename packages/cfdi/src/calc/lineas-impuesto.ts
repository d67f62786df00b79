import { IMPUESTO, TIPO_FACTOR, type Impuesto } from '../catalogos.ts';
import {
  FIJO_CERO,
  fijoMas,
  fijoMenos,
  fijoPor,
  fijoRedondear,
  fijoTexto,
  type Fijo,
} from '../decimal.ts';
import type { ConceptoTrabajo, LineaTrabajo } from './concepto.ts';
import { residuoMayor } from './largest-remainder.ts';
import type { ErrorCalculo, ImpuestosResumen, LineaImpuesto } from './types.ts';

function claveGrupo(l: LineaTrabajo): string {
  return `${l.tipo}|${l.impuesto}|${l.tipoFactor}|${l.tasaTexto ?? ''}`;
}

/** Computes bases and amounts of one phase of tax lines, grouped, with largest remainder. */
export function calcularLineas(
  lineas: LineaTrabajo[],
  conceptos: ConceptoTrabajo[],
  d: number,
  errores: ErrorCalculo[],
  porLinea: boolean,
): void {
  const grupos = new Map<string, LineaTrabajo[]>();
  for (const l of lineas) {
    const c = conceptos[l.concepto]!;
    let base: Fijo;
    if (l.unidades) base = l.unidades;
    else {
      base = fijoMenos(c.importe, c.descuento);
      if (l.impuesto === IMPUESTO.IVA && c.ivaSobreIeps) {
        for (const o of c.lineas) {
          if (o.tipo === 'traslado' && o.impuesto === IMPUESTO.IEPS && o.importe) {
            base = fijoMas(base, o.importe);
          }
        }
      }
    }
    l.base = base;
    if (base.n <= 0) {
      errores.push({
        field: `conceptos[${l.concepto}].impuestos`,
        message: 'La base de un impuesto debe ser mayor que cero.',
      });
      continue;
    }
    if (l.tipoFactor === TIPO_FACTOR.EXENTO) continue;
    const k = claveGrupo(l);
    const g = grupos.get(k);
    if (g) g.push(l);
    else grupos.set(k, [l]);
  }
  for (const g of grupos.values()) {
    if (porLinea) {
      for (const l of g) l.importe = fijoRedondear(fijoPor(l.base, l.tasa!), d);
      continue;
    }
    const importes = residuoMayor(
      g.map((l) => fijoPor(l.base, l.tasa!)),
      d,
    );
    g.forEach((l, i) => {
      l.importe = importes[i]!;
    });
  }
}

function textoBase(l: LineaTrabajo, d: number): string {
  // IEPS cuota: the base is units, written with their own decimals (≤ 6).
  return l.unidadesTexto ?? fijoTexto(l.base, d);
}

export function lineaEscrita(l: LineaTrabajo, d: number): LineaImpuesto {
  const out: LineaImpuesto = {
    Base: textoBase(l, d),
    Impuesto: l.impuesto,
    TipoFactor: l.tipoFactor,
  };
  if (l.tipoFactor !== TIPO_FACTOR.EXENTO) {
    out.TasaOCuota = l.tasaTexto!;
    out.Importe = fijoTexto(l.importe!, d);
  }
  return out;
}

/**
 * The Impuestos summary, from the exact amounts of the lines (each already at the currency's
 * decimals, or the units of an IEPS cuota: the same values their written texts carry).
 */
export function resumirImpuestos(
  trabajo: ConceptoTrabajo[],
  d: number,
): ImpuestosResumen | undefined {
  const traslados = new Map<string, { l: LineaTrabajo; base: Fijo; importe: Fijo }>();
  const retenciones = new Map<Impuesto, Fijo>();
  let hayTasaOCuota = false;
  let totalTrasladados: Fijo = FIJO_CERO;
  let totalRetenidos: Fijo = FIJO_CERO;
  for (const c of trabajo) {
    for (const t of c.lineas) {
      if (t.tipo === 'retencion') {
        const imp = t.importe!;
        retenciones.set(t.impuesto, fijoMas(retenciones.get(t.impuesto) ?? FIJO_CERO, imp));
        totalRetenidos = fijoMas(totalRetenidos, imp);
        continue;
      }
      const k = `${t.impuesto}|${t.tipoFactor}|${t.tasaTexto ?? ''}`;
      const imp = t.importe ?? FIJO_CERO;
      const prev = traslados.get(k);
      if (prev) {
        prev.base = fijoMas(prev.base, t.base);
        prev.importe = fijoMas(prev.importe, imp);
      } else {
        traslados.set(k, { l: t, base: t.base, importe: imp });
      }
      if (t.tipoFactor !== TIPO_FACTOR.EXENTO) {
        hayTasaOCuota = true;
        totalTrasladados = fijoMas(totalTrasladados, imp);
      }
    }
  }
  if (traslados.size === 0 && retenciones.size === 0) return undefined;
  const resumen: ImpuestosResumen = {
    Retenciones: [...retenciones].map(([Impuesto, imp]) => ({
      Impuesto,
      Importe: fijoTexto(imp, d),
    })),
    Traslados: [...traslados.values()].map(({ l, base, importe }) => {
      const t: LineaImpuesto = {
        Base: fijoTexto(base, d),
        Impuesto: l.impuesto,
        TipoFactor: l.tipoFactor,
      };
      if (l.tipoFactor !== TIPO_FACTOR.EXENTO) {
        t.TasaOCuota = l.tasaTexto!;
        t.Importe = fijoTexto(importe, d);
      }
      return t;
    }),
  };
  if (retenciones.size > 0) resumen.TotalImpuestosRetenidos = fijoTexto(totalRetenidos, d);
  if (hayTasaOCuota) resumen.TotalImpuestosTrasladados = fijoTexto(totalTrasladados, d);
  return resumen;
}
