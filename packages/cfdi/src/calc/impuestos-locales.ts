import {
  fijo,
  FIJO_CERO,
  fijoEntre10,
  fijoMas,
  fijoPor,
  fijoRedondear,
  fijoTexto,
  type Fijo,
} from '../decimal.ts';
import { leerNumero } from './lectura.ts';
import type {
  CalculoDraft,
  ConceptoCalculado,
  ErrorCalculo,
  ImpuestoLocalCalculado,
  ImpuestosLocalesCalculados,
} from './types.ts';

/** Local taxes (implocal 1.0): grouped by type, name and rate over each concepto's base. */
export function calcularLocales(
  draft: CalculoDraft,
  conceptos: ConceptoCalculado[],
  d: number,
  errores: ErrorCalculo[],
): ImpuestosLocalesCalculados | undefined {
  const grupos = new Map<
    string,
    { tipo: 'traslado' | 'retencion'; nombre: string; tasa: Fijo; base: Fijo }
  >();
  draft.conceptos.forEach((c, i) => {
    (c.impuestosLocales ?? []).forEach((loc, j) => {
      const f = `conceptos[${i}].impuestosLocales[${j}]`;
      const nombre = loc.nombre.replace(/[ \t\r\n]+/g, ' ').trim();
      if (nombre === '' || nombre.includes('|')) {
        errores.push({
          field: `${f}.nombre`,
          message: 'El nombre del impuesto local no es válido.',
        });
        return;
      }
      const tasa = leerNumero(loc.tasa, `${f}.tasa`, 'La tasa del impuesto local', errores, {
        positivo: true,
        maxDecimales: 2,
      });
      if (!tasa) return;
      const k = `${loc.tipo}|${nombre}|${fijoTexto(tasa.valor, 2)}`;
      const base = fijo(conceptos[i]!.BaseLocal);
      const g = grupos.get(k);
      if (g) g.base = fijoMas(g.base, base);
      else grupos.set(k, { tipo: loc.tipo, nombre, tasa: tasa.valor, base });
    });
  });
  if (grupos.size === 0) return undefined;
  if (d !== 2) {
    errores.push({
      field: 'moneda',
      message: 'Los impuestos locales solo se admiten en monedas con dos decimales.',
    });
    return undefined;
  }
  const out: ImpuestosLocalesCalculados = {
    RetencionesLocales: [],
    TrasladosLocales: [],
    TotaldeRetenciones: '0.00',
    TotaldeTraslados: '0.00',
  };
  let tr: Fijo = FIJO_CERO;
  let tt: Fijo = FIJO_CERO;
  for (const g of grupos.values()) {
    const importe = fijoRedondear(fijoEntre10(fijoPor(g.base, g.tasa), 2), 2);
    const linea: ImpuestoLocalCalculado = {
      nombre: g.nombre,
      tasa: fijoTexto(g.tasa, 2),
      base: fijoTexto(g.base, 2),
      importe: fijoTexto(importe, 2),
    };
    if (g.tipo === 'retencion') {
      out.RetencionesLocales.push(linea);
      tr = fijoMas(tr, importe);
    } else {
      out.TrasladosLocales.push(linea);
      tt = fijoMas(tt, importe);
    }
  }
  out.TotaldeRetenciones = fijoTexto(tr, 2);
  out.TotaldeTraslados = fijoTexto(tt, 2);
  return out;
}
